import { z } from 'zod';

/**
 * Health answers (issue 15, decision 0037): what a load balancer, an orchestrator or an operator reads. Not the
 * api's envelope: probes read `status` and the HTTP status code only.
 */

/** GET /api/health/live: the process serves requests (no database call). */
export const liveAnswerSchema = z.object({ status: z.literal('ok') });
export type LiveAnswer = z.output<typeof liveAnswerSchema>;

export const HEALTH_CHECKS = ['database', 'migrations', 'queue'] as const;
export type HealthCheckName = (typeof HEALTH_CHECKS)[number];

/** One readiness check: ok or failed, how long it took, and in a failure why (no secrets, no connection strings). */
export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'fail']),
  duration_ms: z.number(),
  message: z.string().optional(),
});
export type HealthCheck = z.output<typeof healthCheckSchema>;

/** GET /api/health/ready: 200 with every check ok, else 503 naming the failed ones. */
export const readyAnswerSchema = z.object({
  status: z.enum(['ok', 'fail']),
  checks: z.object({ database: healthCheckSchema, migrations: healthCheckSchema, queue: healthCheckSchema }),
});
export type ReadyAnswer = z.output<typeof readyAnswerSchema>;
