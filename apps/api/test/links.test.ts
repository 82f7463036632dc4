import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LINK_CODES, type ExternalLinkRecord } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

let ctx: TestContext;
const token = tokenCache(() => ctx);
/** An admin organization's user. */
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string | null, method: Method, url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, ...(payload ? { payload } : {}) });
const publicLinks = async () => (await ctx.call({ method: 'GET', url: '/api/public/externalLinks/' })).json().payload as ExternalLinkRecord[];
const audits = (id: number) =>
  queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'links' and record_id = ${String(id)} order by audit_id`);
const ranks = async () => (await queryRows<{ rank: number }>(ctx.database.db, sql`select rank from links order by rank, link_id`)).map((r) => r.rank);

beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

describe(`external links on ${DATABASE_KIND}`, () => {
  it('creates a link at the end, edits and deletes it; the public list follows at once; every write audited; ranks stay gapless', async () => {
    const before = await publicLinks();
    const created = await call(ADMIN, 'POST', '/api/links/', { title: 'Surfrider Foundation', url: 'https://www.surfrider.org', category: 'Partners' });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json().payload as ExternalLinkRecord;
    expect(created.json().code).toBe(LINK_CODES.LINK_CREATED);
    expect(link).toMatchObject({ title: 'Surfrider Foundation', description: '', rank: Math.max(0, ...before.map((l) => l.rank)) + 1 });
    expect((await publicLinks()).at(-1)).toEqual(link);

    const saved = await call(ADMIN, 'PUT', `/api/links/${link.link_id}`, { title: 'Surfrider NJ', url: 'https://nj.surfrider.org', description: 'Beach cleanups', category: 'Partners' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ code: LINK_CODES.LINK_SAVED, payload: { title: 'Surfrider NJ', description: 'Beach cleanups', rank: link.rank } });
    expect((await call(ADMIN, 'GET', `/api/links/${link.link_id}`)).json().payload.title).toBe('Surfrider NJ');
    expect((await publicLinks()).find((l) => l.link_id === link.link_id)?.title).toBe('Surfrider NJ');

    // Deleting one in the middle closes the gap.
    const first = before[0]!;
    const del = await call(ADMIN, 'DELETE', `/api/links/${first.link_id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().code).toBe(LINK_CODES.LINK_DELETED);
    expect((await publicLinks()).some((l) => l.link_id === first.link_id)).toBe(false);
    const after = await ranks();
    expect(after).toEqual(after.map((_, i) => (after[0] ?? 1) + i));
    expect((await audits(link.link_id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    expect((await audits(first.link_id)).map((a) => a.action)).toEqual(['DELETE']);
  });

  it('checks the body with field messages and writes nothing', async () => {
    const count = (await publicLinks()).length;
    const bad = await call(ADMIN, 'POST', '/api/links/', { title: ' ', url: 'javascript:alert(1)', category: '' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().payload as { field: string; message: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'url', 'category']));
    expect(bad.json().payload).toContainEqual({ field: 'url', message: 'Use a web address starting with http:// or https://' });
    expect((await publicLinks()).length).toBe(count);
  });

  it('refuses in order: 401 without a token, 403 for staff of a non-admin organization (before the body), 404 for an unknown link, 400 for a bad id', async () => {
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select link_id as id from links order by link_id limit 1`)) as [{ id: number }];
    expect((await call(null, 'GET', '/api/links/')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/links/', { nonsense: true })).statusCode).toBe(401);
    expect((await call(HEALTH, 'GET', '/api/links/')).statusCode).toBe(403);
    expect((await call(HEALTH, 'POST', '/api/links/', { nonsense: true })).statusCode).toBe(403);
    expect((await call(HEALTH, 'PUT', `/api/links/${id}`, { title: 'x', url: 'https://x.org', category: 'Partners' })).statusCode).toBe(403);
    expect((await call(HEALTH, 'DELETE', `/api/links/${id}`)).statusCode).toBe(403);
    expect((await call(ADMIN, 'GET', '/api/links/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/links/99999999', { title: 'x', url: 'https://x.org', category: 'Partners' })).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/links/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/links/abc')).statusCode).toBe(400);
  });
});
