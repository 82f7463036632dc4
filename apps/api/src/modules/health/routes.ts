import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, liveAnswerSchema, readyAnswerSchema } from '@beach/domain';
import type { Database } from '../../db/client';
import { healthChecks, type JobsProbe } from './checks';

export interface HealthRouteOptions {
  database: Database;
  /** This process's job runner, when it runs one (read at each call: the server starts it after listening). */
  jobs: () => JobsProbe | null;
}

/**
 * GET /api/health/live and /api/health/ready (issue 15, decision 0037): public, never cached, not logged while
 * fine (a probe every few seconds would drown the log; a failed readiness check is logged at warn).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRouteOptions> = async (app, opts) => {
  const tags = ['health'];
  app.get(
    '/api/health/live',
    {
      logLevel: 'warn',
      schema: { tags, summary: 'Liveness: the process serves requests (no database call).', response: { 200: liveAnswerSchema, 500: errorEnvelope } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Readiness: the database answers, its migrations are current and the job queue is alive; 503 names the failed check.',
        response: { 200: readyAnswerSchema, 503: readyAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await healthChecks({ database: opts.database }, opts.jobs(), {
        onFailure: (check, cause) => request.log.warn({ check, err: cause }, `readiness check ${check} failed`),
      });
      reply.header('cache-control', 'no-store');
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );
};
