import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { jobQueueOf } from '../modules/health/checks';
import { mailOutboxBacklog } from '../modules/health/repository';

/**
 * Prometheus metrics (issue 15, decision 0037), with prom-client, one registry per process (an api process, or
 * `npm run worker`):
 *
 * - http_requests_total and http_request_duration_seconds{method, route, status_class}: `route` is the route's
 *   pattern (/api/beach/:id), never the address asked for, so ids and tokens make no new series; an api
 *   address no route takes is `unmatched`, anything outside /api (the web app, its files) is `web`;
 * - beach_db_pool_connections{pool, state}: the pg pools' total and idle connections and waiting clients
 *   (the primary's pool; none on the embedded database);
 * - beach_job_queue_jobs{queue, state}: pg-boss's counts per queue (ready, deferred, active, failed);
 * - beach_mail_outbox_backlog: mails neither sent nor failed;
 * - prom-client's process and Node.js defaults (CPU, memory, event loop lag, GC, handles).
 *
 * The database is read when Prometheus scrapes, each read bounded by a timeout; a read that fails leaves its
 * metric out of that scrape and counts in beach_metrics_collect_errors_total{collector}.
 */
export interface Metrics {
  registry: Registry;
  /** Records one answered request. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** The exposition text (Prometheus text format 0.0.4). */
  text(): Promise<string>;
  contentType: string;
}

export interface MetricsOptions {
  database: Database;
  /** Each scrape-time database read's limit (default 2 s). */
  timeoutMs?: number;
  /** Told when a scrape-time read fails. */
  onCollectError?: (collector: string, error: unknown) => void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const timeoutMs = options.timeoutMs ?? 2_000;
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const collectErrors = new Counter({
    name: 'beach_metrics_collect_errors_total',
    help: 'Scrape-time reads (database pool, job queue, mail outbox) that failed or timed out.',
    labelNames: ['collector'],
    registers: [registry],
  });
  const bounded = async <T>(collector: string, read: () => Promise<T>): Promise<T | null> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      collectErrors.inc({ collector });
      options.onCollectError?.(collector, error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  const { database } = options;
  // The primary's pool (the embedded database has none: one connection, no pool).
  const pools = database.pool ? ([['primary', database.pool]] as const) : [];
  new Gauge({
    name: 'beach_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, and clients waiting for one (waiting).',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, client] of pools) {
        this.set({ pool, state: 'total' }, client.totalCount);
        this.set({ pool, state: 'idle' }, client.idleCount);
        this.set({ pool, state: 'waiting' }, client.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'beach_job_queue_jobs',
    help: "Jobs per pg-boss queue and state (ready, deferred, active, failed), as of pg-boss's last monitor pass.",
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const queues = await bounded('job_queue', () => jobQueueOf(database).queues());
      for (const q of queues ?? []) {
        this.set({ queue: q.name, state: 'ready' }, q.ready);
        this.set({ queue: q.name, state: 'deferred' }, q.deferred);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'failed' }, q.failed);
      }
    },
  });
  new Gauge({
    name: 'beach_mail_outbox_backlog',
    help: 'Mails in the outbox neither sent nor failed.',
    registers: [registry],
    async collect() {
      this.reset();
      const backlog = await bounded('mail_outbox', () => mailOutboxBacklog(database.db));
      if (backlog !== null) this.set(backlog);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status_class: `${Math.floor(statusCode / 100)}xx` };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

/** The label for a request's route: its pattern under /api, `unmatched` for an api address no route takes, `web` otherwise. */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  const path = request.url.split('?', 1)[0]!;
  const api = path === '/api' || path.startsWith('/api/');
  if (pattern && (pattern.startsWith('/api/') || pattern === '/metrics')) return pattern;
  return api ? 'unmatched' : 'web';
}

/** True when the request carries `Authorization: Bearer <token>` with the configured token (compared in constant time). */
export function hasMetricsToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

/**
 * Counts every answer of the app it is registered on (onResponse), and serves GET /metrics to a caller with
 * the bearer token: 401 without it. Registered only when METRICS=on.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics; token: string }) => {
  const { metrics, token } = opts;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!hasMetricsToken(request, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 'UNAUTHENTICATED', message: 'The metrics token is missing or wrong.', payload: null });
    }
    return reply.header('content-type', metrics.contentType).send(await metrics.text());
  });
});
