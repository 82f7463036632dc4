import type { JobLogger } from '../jobs';

const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/**
 * A logger for the processes that have no Fastify app (the cluster primary, `npm run worker`): one JSON line
 * per entry, in the fields pino writes (level, time, pid, msg), so their lines read like the api's.
 * `silent` writes nothing; `warn`/`error` leave out the levels below them.
 */
export function processLogger(name: string, level = 'info'): JobLogger {
  const floor = level === 'silent' ? Infinity : level === 'error' || level === 'fatal' ? 50 : level === 'warn' ? 40 : 30;
  const line = (lvl: keyof typeof LEVELS) => (fields: object, msg: string) => {
    if (LEVELS[lvl] < floor) return;
    const { err, ...rest } = fields as { err?: unknown };
    const error = err instanceof Error ? { err: { type: err.name, message: err.message, stack: err.stack } } : err === undefined ? {} : { err };
    process.stdout.write(`${JSON.stringify({ level: LEVELS[lvl], time: Date.now(), pid: process.pid, name, ...rest, ...error, msg })}\n`);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
