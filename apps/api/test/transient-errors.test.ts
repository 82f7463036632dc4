import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isRetryableConflict } from '../src/lib/db-errors';
import { retryingConflicts } from '../src/lib/idempotency';
import { errorsPlugin } from '../src/plugins/errors';

/**
 * Transient database failures (decision 0043): a write that lost a race (deadlock, serialization failure) is run
 * again; a database that went away answers 503 with Retry-After, never a bare 500, so clients retry.
 */
const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
// Drizzle wraps the driver's error in its own, with the driver's as the cause.
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: update results ...'), { cause });

describe('transient database errors', () => {
  it('recognises deadlocks and serialization failures, wrapped or not, and nothing else, as retryable', () => {
    expect(isRetryableConflict(wrapped(pgError('40P01', 'deadlock detected')))).toBe(true);
    expect(isRetryableConflict(pgError('40001'))).toBe(true);
    expect(isRetryableConflict(pgError('23505'))).toBe(false);
    expect(isRetryableConflict(new Error('boom'))).toBe(false);
  });

  it('recognises a database that went away', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('23505'))).toBe(false);
  });

  it('runs a write again after a deadlock, up to 3 tries, and not after another error', async () => {
    let calls = 0;
    await expect(retryingConflicts(async () => (++calls < 3 ? Promise.reject(wrapped(pgError('40P01'))) : 'saved'))).resolves.toBe('saved');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryingConflicts(async () => (++calls, Promise.reject(wrapped(pgError('40P01'))))))
      .rejects.toThrow('Failed query');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryingConflicts(async () => (++calls, Promise.reject(pgError('23505'))))).rejects.toThrow('failed');
    expect(calls).toBe(1);
  });

  it('answers 503 with Retry-After for a database that went away or a lost race, 500 for anything else', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/gone', async () => Promise.reject(wrapped(pgError('57P01'))));
    app.get('/race', async () => Promise.reject(wrapped(pgError('40P01'))));
    app.get('/bug', async () => Promise.reject(new Error('a bug')));
    for (const url of ['/gone', '/race']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ code: 'SERVER_ERROR', message: 'The service is busy or restarting. Try again in a moment.', payload: null });
    }
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.body).not.toContain('a bug');
    await app.close();
  });
});
