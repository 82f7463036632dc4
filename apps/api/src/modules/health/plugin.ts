import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { REQUEST_ID_HEADER } from '../../lib/logging';
import { createMetrics, metricsPlugin, type Metrics } from '../../lib/metrics';
import type { JobsProbe } from './checks';
import { healthRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the readiness check about this process's job runner (trackJobRunner), once it is made. */
    observeJobs(jobs: JobsProbe | null): void;
    /** The process's metrics when METRICS=on, else null. */
    metrics: Metrics | null;
  }
}

export interface ObservabilityOptions {
  config: Pick<Config, 'metrics' | 'metricsToken'>;
  database: Database;
  jobs?: JobsProbe | null;
}

/**
 * Health, metrics and request ids for a Fastify app (decision 0037): the api's (buildApp) or a worker's small
 * one (buildOpsApp). Echoes the request id in X-Request-Id, serves /api/health/live and /api/health/ready, and
 * with METRICS=on counts every answer and serves /metrics to the bearer of METRICS_TOKEN.
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: ObservabilityOptions) => {
  let jobs = opts.jobs ?? null;
  app.decorate('observeJobs', (probe: JobsProbe | null) => {
    jobs = probe;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  let metrics: Metrics | null = null;
  if (opts.config.metrics === 'on') {
    if (!opts.config.metricsToken) throw new Error('METRICS=on needs METRICS_TOKEN');
    metrics = createMetrics({
      database: opts.database,
      onCollectError: (collector, error) => app.log.warn({ collector, err: error }, `metrics: reading ${collector} failed`),
    });
    await app.register(metricsPlugin, { metrics, token: opts.config.metricsToken });
  }
  app.decorate('metrics', metrics);
  await app.register(healthRoutes, { database: opts.database, jobs: () => jobs });
});
