import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/public/config', () => {
  it('gives the tile template, the programs time zone and its local day, without a login', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/public/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const body = res.json<{ code: string; payload: { tile_url: string; time_zone: string; today: string } }>();
    expect(body.code).toBe('CONFIG_FOUND');
    expect(body.payload.tile_url).toBe(ctx.deps.config.tileUrl);
    expect(body.payload.time_zone).toBe(ctx.deps.config.programTimeZone);
    expect(body.payload.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Nothing else leaks from the configuration.
    expect(Object.keys(body.payload).sort()).toEqual(['tile_url', 'time_zone', 'today']);
    // A browser that holds this answer gets 304.
    const again = await ctx.call({ method: 'GET', url: '/api/public/config', headers: { 'if-none-match': res.headers.etag as string } });
    expect(res.headers.etag).toBeTruthy();
    expect(again.statusCode).toBe(304);
  });
});
