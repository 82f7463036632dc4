import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { loggerOptions, requestId } from '../../lib/logging';
import type { JobsProbe } from './checks';
import { observabilityPlugin } from './plugin';

/**
 * A small Fastify app with only health and metrics (decision 0037), for a process that serves no api: `npm run
 * worker`. It answers /api/health/live, /api/health/ready (with `jobs`: the worker's runner, see
 * trackJobRunner) and, with METRICS=on, /metrics for the bearer of METRICS_TOKEN. The caller listens on its
 * own port (e.g. `app.listen({ port, host })`) and closes it on shutdown.
 */
export async function buildOpsApp(
  deps: { config: Pick<Config, 'metrics' | 'metricsToken'>; database: Database },
  options: { jobs?: JobsProbe | null; logger?: boolean | Record<string, unknown> } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(options.logger ?? false), genReqId: requestId });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(observabilityPlugin, { config: deps.config, database: deps.database, jobs: options.jobs ?? null });
  return app;
}
