import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { EMBED_MAX_BEACHES } from '@beach/domain/embed';
import { results } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, fresh, restoreClock, setStation, setToday } from './public-fixtures';
import { closeStation, demoFacts, stationsOf, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

/** Issue 31 item 4: the embeddable status (decision 0062). */

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);
const OFFICER = 'dana.whitfield@example.org';
const REASON = 'Sewer main break near the outfall';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());
afterEach(() => {
  restoreClock();
  fresh(ctx);
});

const primaries = () => ob.filter((s) => s.station_type === 'PRIMARY');
const get = (url: string, headers: Record<string, string> = {}) => ctx.call({ method: 'GET', url, headers });
/** What the public beach page shows of a station (GET public/beaches/{id}). */
const publicStatus = async (id: number) =>
  (await get(`/api/public/beaches/${id}`)).json().payload as { beach: { name: string }; station_name: string; status: { name: string; since: string | null; reason: string | null } };

async function closeByHand(id: number) {
  await closeStation(ctx, await token(OFFICER), facts, id, REASON);
  fresh(ctx);
}

describe(`embeddable status on ${DATABASE_KIND}`, () => {
  it('shows what the public beach page shows: status, since, reason and a link to the page, in a new tab', async () => {
    setToday(DATA_TODAY);
    const id = primaries()[0]!.beach_station_id;
    await closeByHand(id);
    const profile = await publicStatus(id);
    expect(profile.status).toMatchObject({ name: expect.any(String), since: DATA_TODAY, reason: REASON });
    const res = await get(`/embed/beach/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(`>${profile.status.name}</p>`);
    expect(res.body).toContain('Since Jul 15, 2026');
    expect(res.body).toContain(`Why: ${REASON}`);
    expect(res.body).toContain(`<a href="/beach/${id}" target="_blank" rel="noopener">`);
    expect(res.body).not.toMatch(/<script|nowcast|probability|style="/i);
  });

  it('sends its own narrow CSP that any site may frame, no X-Frame-Options, no cookie, cached like the public JSON', async () => {
    const id = primaries()[0]!.beach_station_id;
    const res = await get(`/embed/beach/${id}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors \*$/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/embed/beach/${id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The rest of the site keeps refusing to be framed.
    expect(String((await get(`/api/public/beaches/${id}`)).headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // Its inline stylesheet is the one the hash allows.
    const style = /<style>([^<]*)<\/style>/.exec(res.body)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    // Even with a session the answer sets no cookie and is the same public page.
    const signedIn = await ctx.call({ method: 'GET', url: `/embed/beach/${id}`, token: await token(OFFICER) });
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    expect(signedIn.body).toBe(res.body);
  });

  it('weighs at most 10 KB on the wire, raw and compressed', async () => {
    const id = primaries()[0]!.beach_station_id;
    const raw = await get(`/embed/beach/${id}?lang=es`);
    const rawBytes = Buffer.byteLength(raw.body) + JSON.stringify(raw.headers).length;
    expect(rawBytes).toBeLessThanOrEqual(10 * 1024);
    const br = await ctx.call({ method: 'GET', url: `/embed/beach/${id}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(raw.body));
    expect(String(br.headers.etag)).toMatch(/-br"$/);
    console.info(`embed: ${Buffer.byteLength(raw.body)} B raw body (es), ${br.rawPayload.length} B brotli, ${gzipSync(raw.body).length} B gzip, ${brotliCompressSync(raw.body).length} B brotli max; headers ~${JSON.stringify(raw.headers).length} B`);
  });

  it('speaks Spanish with ?lang=es, marking staff content as English', async () => {
    setToday(DATA_TODAY);
    const id = primaries()[0]!.beach_station_id;
    await closeByHand(id);
    const res = await get(`/embed/beach/${id}?lang=es`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('Desde el 15 jul 2026');
    expect(res.body).toContain(`Motivo: <span lang="en">${REASON}</span>`);
    expect(res.body).toContain('(se abre en una pestaña nueva)');
    expect((await get(`/embed/beach/${id}?lang=fr`)).statusCode).toBe(400);
  });

  it('lists several beaches in the order asked, leaving out a hidden one', async () => {
    const [a, b, c] = primaries();
    const names = await Promise.all([a, b, c].map(async (s) => (await publicStatus(s!.beach_station_id)).beach.name));
    const res = await get(`/embed/beaches?ids=${c!.beach_station_id},${a!.beach_station_id},${b!.beach_station_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    const at = names.map((name) => res.body.indexOf(`<h2>${name}`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at[2]! < at[0]! && at[0]! < at[1]!).toBe(true);
    await setStation(ctx, b!.beach_station_id, { publicVisible: false });
    try {
      const hidden = await get(`/embed/beaches?ids=${a!.beach_station_id},${b!.beach_station_id}`);
      expect(hidden.statusCode).toBe(200);
      expect(hidden.body).not.toContain(`/beach/${b!.beach_station_id}"`);
      expect((await get(`/embed/beaches?ids=${b!.beach_station_id}`)).statusCode).toBe(404);
    } finally {
      await setStation(ctx, b!.beach_station_id, { publicVisible: true });
    }
  });

  it('answers a hidden or unknown beach with the 404 page, never its status', async () => {
    const id = primaries()[0]!.beach_station_id;
    await setStation(ctx, id, { publicVisible: false });
    try {
      const res = await get(`/embed/beach/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('This beach is not available.');
      expect(res.body).not.toContain(`/beach/${id}"`);
    } finally {
      await setStation(ctx, id, { publicVisible: true });
    }
    expect((await get('/embed/beach/999999')).statusCode).toBe(404);
  });

  it.each(['abc', '0', '-3', '1.5', '', ' ', '2147483648', '99999999999999999999'])('refuses the id %s with the 400 page', async (bad) => {
    const one = await get(`/embed/beach/${encodeURIComponent(bad) || '%20%20'}`);
    expect(one.statusCode).toBe(400);
    expect(one.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(one.body).toContain('This address does not name a beach.');
    const list = await get(`/embed/beaches?ids=1,${encodeURIComponent(bad)}`);
    expect(list.statusCode).toBe(400);
  });

  it(`refuses a list without ids, with an empty id or with more than ${EMBED_MAX_BEACHES}`, async () => {
    const many = Array.from({ length: EMBED_MAX_BEACHES + 1 }, (_, i) => i + 1).join(',');
    for (const query of ['', '?ids=', '?ids=1,,2', `?ids=${many}`, '?ids=1&ids=2', `?ids=${'1'.repeat(200)}`]) {
      const res = await get(`/embed/beaches${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain('does not name a beach');
    }
    // Repeats count once.
    const id = primaries()[0]!.beach_station_id;
    expect((await get(`/embed/beaches?ids=${Array(EMBED_MAX_BEACHES + 2).fill(id).join(',')}`)).statusCode).toBe(200);
  });

  it('never shows an unverified result: a new unverified sample changes nothing on the embed', async () => {
    setToday(DATA_TODAY);
    const id = primaries()[0]!.beach_station_id;
    const before = (await get(`/embed/beach/${id}`)).body;
    const [latest] = await ctx.database.db
      .select({ id: results.resultId })
      .from(results)
      .where(eq(results.beachStationId, id))
      .orderBy(asc(results.sampleDate));
    await ctx.database.db.update(results).set({ verificationState: 'UNVERIFIED', value: 987654 }).where(eq(results.resultId, latest!.id));
    fresh(ctx);
    try {
      const after = (await get(`/embed/beach/${id}`)).body;
      expect(after).not.toMatch(/987[,.]?654/);
      expect(after).toBe(before);
    } finally {
      await ctx.database.db.update(results).set({ verificationState: 'SECONDARY_VERIFIED' }).where(eq(results.resultId, latest!.id));
    }
  });
});
