import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BEACH_ORDERING_CODES,
  GIS_SERVICE_CODES,
  SITE_SWITCH_CODES,
  SWITCH_CODES,
  type BeachOrdering,
  type GisService,
  type PublicGisService,
  type WebsiteSwitch,
} from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string | null, method: Method, url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, ...(payload ? { payload } : {}) });
const audits = (table: string, id: number | string) =>
  queryRows<{ action: string; before: string | null; after: string | null }>(
    ctx.database.db,
    sql`select action, before::text as before, after::text as after from audit_log where table_name = ${table} and record_id = ${String(id)} order by audit_id`,
  );

/**
 * A stand-in ArcGIS server (never an outside host): a MapServer that exports a PNG, a FeatureServer layer 0, and a broken
 * one. It listens on 127.0.0.1, which no service may name (decision 0056): the services name STANDIN_HOST, pinned to
 * it as GIS_ALLOW_HOSTS=arcgis.standin.test=127.0.0.1 would.
 */
const STANDIN_HOST = 'arcgis.standin.test';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let standin: http.Server;
let standinUrl = '';
const asked: string[] = [];

beforeAll(async () => {
  standin = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/arcgis/rest/services/Shellfish/MapServer/export') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (url.pathname === '/arcgis/rest/services/Outfalls/FeatureServer/0/query') {
      res.writeHead(200, { 'content-type': 'application/geo+json' }).end(
        JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-74.0, 40.2] }, properties: { NAME: 'Outfall 7' } }] }),
      );
    } else if (url.pathname.startsWith('/arcgis/rest/services/Json/')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('{"error":{"code":400,"message":"Invalid"}}');
    } else {
      res.writeHead(503).end('down');
    }
  });
  await new Promise<void>((resolve) => standin.listen(0, '127.0.0.1', resolve));
  standinUrl = `http://${STANDIN_HOST}:${(standin.address() as AddressInfo).port}/arcgis/rest/services`;
  ctx = await createTestContext();
  ctx.deps.config.gisAllowHosts = [{ name: STANDIN_HOST, address: '127.0.0.1' }];
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => standin?.close(resolve));
});

describe(`All Switches on ${DATABASE_KIND}`, () => {
  const list = async () => (await call(ADMIN, 'GET', '/api/switch/')).json().payload as WebsiteSwitch[];
  const publicValue = async (code: string) =>
    ((await ctx.call({ method: 'GET', url: '/api/public/switches/' })).json().payload as { code: string; value: boolean }[]).find((s) => s.code === code)?.value;

  it('lists every switch the public site follows, with its id', async () => {
    const res = await call(ADMIN, 'GET', '/api/switch/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(SWITCH_CODES.SWITCHES_FOUND);
    const codes = (res.json().payload as WebsiteSwitch[]).map((s) => s.code).sort();
    expect(codes).toEqual([...SITE_SWITCH_CODES].sort());
    for (const s of res.json().payload as WebsiteSwitch[]) expect(s.website_toggle_id).toBeGreaterThan(0);
  });

  it('toggles, disables, enables and sets a value; the public read follows at once; every change audited', async () => {
    const welcome = (await list()).find((s) => s.code === 'WELCOME_MODAL')!;
    const id = welcome.website_toggle_id;
    // The public read is cached; a change empties that cache.
    expect(await publicValue('WELCOME_MODAL')).toBe(welcome.value);
    const toggled = await call(ADMIN, 'PUT', `/api/switch/${id}/setTo/toggle`);
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toMatchObject({ code: SWITCH_CODES.SWITCH_SAVED, payload: { website_toggle_id: id, value: !welcome.value } });
    expect(await publicValue('WELCOME_MODAL')).toBe(!welcome.value);

    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/setTo/disable`)).json().payload.value).toBe(false);
    expect(await publicValue('WELCOME_MODAL')).toBe(false);
    // Disabling a switch that is off changes nothing and writes no audit row.
    const auditCount = (await audits('website_toggles', id)).length;
    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/setTo/disable`)).json().payload.value).toBe(false);
    expect((await audits('website_toggles', id)).length).toBe(auditCount);
    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/setTo/enable`)).json().payload.value).toBe(true);
    expect(await publicValue('WELCOME_MODAL')).toBe(true);
    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/`, { value: false })).json().payload.value).toBe(false);
    expect(await publicValue('WELCOME_MODAL')).toBe(false);
    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/`, { value: 1 })).json().payload.value).toBe(true);
    const rows = await audits('website_toggles', id);
    expect(rows.length).toBe(4);
    expect(JSON.parse(rows.at(-1)!.before!)).toMatchObject({ value: false });
    expect(JSON.parse(rows.at(-1)!.after!)).toMatchObject({ value: true });
  });

  it('the served public page carries the new value after a change', async () => {
    const welcome = (await list()).find((s) => s.code === 'WELCOME_MODAL')!;
    await call(ADMIN, 'PUT', `/api/switch/${welcome.website_toggle_id}/`, { value: false });
    expect(await publicValue('WELCOME_MODAL')).toBe(false);
    await call(ADMIN, 'PUT', `/api/switch/${welcome.website_toggle_id}/`, { value: true });
    expect(await publicValue('WELCOME_MODAL')).toBe(true);
  });

  it('the aircraft readings and the downloads follow their switches on the server too', async () => {
    const byCode = new Map((await list()).map((s) => [s.code, s.website_toggle_id]));
    await call(ADMIN, 'PUT', `/api/switch/${byCode.get('AIRCRAFT_DATA')}/setTo/disable`);
    const aircraft = await ctx.call({ method: 'GET', url: '/api/public/aircraft/chlorophyll' });
    expect(aircraft.statusCode).toBe(404);
    expect(aircraft.json().code).toBe('AIRCRAFT_DATA_OFF');
    await call(ADMIN, 'PUT', `/api/switch/${byCode.get('AIRCRAFT_DATA')}/setTo/enable`);
    expect((await ctx.call({ method: 'GET', url: '/api/public/aircraft/chlorophyll' })).statusCode).toBe(200);

    const download = '/api/public/data/download/incident/?downloadType=incident&program=1';
    await call(ADMIN, 'PUT', `/api/switch/${byCode.get('DOWNLOADS')}/setTo/disable`);
    const off = await ctx.call({ method: 'GET', url: download });
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('DOWNLOADS_OFF');
    await call(ADMIN, 'PUT', `/api/switch/${byCode.get('DOWNLOADS')}/setTo/enable`);
    expect((await ctx.call({ method: 'GET', url: download })).statusCode).toBe(200);
  });

  it('bad input: 400 for a bad action, id or value; 404 for an unknown switch; nothing changes', async () => {
    const before = await list();
    const id = before[0]!.website_toggle_id;
    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/setTo/flip`)).statusCode).toBe(400);
    expect((await call(ADMIN, 'PUT', '/api/switch/abc/setTo/toggle')).statusCode).toBe(400);
    const badValue = await call(ADMIN, 'PUT', `/api/switch/${id}/`, { value: 'yes' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().payload).toContainEqual({ field: 'value', message: 'Value must be true or false' });
    expect((await call(ADMIN, 'PUT', `/api/switch/${id}/`, {})).statusCode).toBe(400);
    expect((await call(ADMIN, 'PUT', '/api/switch/99999999/setTo/toggle')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/switch/99999999/', { value: true })).statusCode).toBe(404);
    expect(await list()).toEqual(before);
  });

  it('refuses 401 without a token and 403 for a non-admin organization (before the body)', async () => {
    const id = (await list())[0]!.website_toggle_id;
    expect((await call(null, 'GET', '/api/switch/')).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/api/switch/${id}/setTo/toggle`)).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/api/switch/${id}/`, { value: true })).statusCode).toBe(401);
    expect((await call(HEALTH, 'GET', '/api/switch/')).statusCode).toBe(403);
    expect((await call(HEALTH, 'PUT', `/api/switch/${id}/setTo/toggle`)).statusCode).toBe(403);
    expect((await call(HEALTH, 'PUT', `/api/switch/${id}/`, { nonsense: 1 })).statusCode).toBe(403);
  });
});

describe(`Beach Ordering on ${DATABASE_KIND}`, () => {
  const read = async (programId?: number) =>
    (await call(ADMIN, 'GET', `/api/organization/beachOrdering/${programId ? `?program_id=${programId}` : ''}`)).json().payload as BeachOrdering;
  const publicOrder = async (programId: number) =>
    (
      (await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/' })).json().payload.statuses as {
        beach_station_id: number;
        program_id: number;
        type: string;
      }[]
    )
      .filter((s) => s.program_id === programId && s.type === 'PRIMARY')
      .map((s) => s.beach_station_id);

  it('GET answers the organization programs and the first one\'s stations in public order (no longer caught by organization/:id)', async () => {
    const res = await call(ADMIN, 'GET', '/api/organization/beachOrdering/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(BEACH_ORDERING_CODES.BEACH_ORDERING_FOUND);
    const body = res.json().payload as BeachOrdering;
    expect(body.programs.length).toBeGreaterThan(0);
    expect(body.program_id).toBe(body.programs[0]!.program_id);
    expect(body.stations.length).toBeGreaterThan(1);
    // Each bracket comes after its primary.
    body.stations.forEach((s, i) => {
      if (s.primary_station_id !== null) expect(body.stations.slice(0, i).some((p) => p.beach_station_id === s.primary_station_id)).toBe(true);
    });
    const publicPrimaries = await publicOrder(body.program_id!);
    const shownPrimaries = body.stations.filter((s) => s.station_type === 'PRIMARY' && publicPrimaries.includes(s.beach_station_id)).map((s) => s.beach_station_id);
    expect(shownPrimaries).toEqual(publicPrimaries);
  });

  /** A program of the admin's organization with at least two beaches. */
  const programWithBeaches = async () => {
    for (const program of (await read()).programs) {
      const ordering = await read(program.program_id);
      const shown = await publicOrder(program.program_id);
      if (ordering.stations.filter((s) => s.station_type === 'PRIMARY' && shown.includes(s.beach_station_id)).length >= 2) return ordering;
    }
    throw new Error('no program with two beaches');
  };

  it('PUT saves a new order: the public list and the map list follow at once; audited', async () => {
    const current = await programWithBeaches();
    const programId = current.program_id!;
    const ids = current.stations.map((s) => s.beach_station_id);
    const shown = await publicOrder(programId);
    const primaries = current.stations.filter((s) => s.station_type === 'PRIMARY' && shown.includes(s.beach_station_id));
    const [a, b] = [primaries[0]!, primaries[1]!];
    // Swap the first two beaches (each with its brackets).
    const group = (p: number) => current.stations.filter((s) => s.beach_station_id === p || s.primary_station_id === p).map((s) => s.beach_station_id);
    const rest = ids.filter((id) => !group(a.beach_station_id).includes(id) && !group(b.beach_station_id).includes(id));
    const order = [...group(b.beach_station_id), ...group(a.beach_station_id), ...rest];
    const saved = await call(ADMIN, 'PUT', '/api/organization/beachOrdering/', { program_id: programId, beach_station_ids: order });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().code).toBe(BEACH_ORDERING_CODES.BEACH_ORDERING_SAVED);
    expect((saved.json().payload as BeachOrdering).stations.map((s) => s.beach_station_id)).toEqual(order);
    const after = await publicOrder(programId);
    expect(after.indexOf(b.beach_station_id)).toBeLessThan(after.indexOf(a.beach_station_id));
    const list = (await ctx.call({ method: 'GET', url: '/api/public/map/list' })).json().payload.stations as { beach_station_id: number }[];
    const listed = list.map((s) => s.beach_station_id);
    if (listed.includes(a.beach_station_id) && listed.includes(b.beach_station_id)) expect(listed.indexOf(b.beach_station_id)).toBeLessThan(listed.indexOf(a.beach_station_id));
    const rows = await audits('beach_stations', `beachOrdering:${programId}`);
    expect(rows.map((r) => r.action)).toEqual(['UPDATE']);
    expect(JSON.parse(rows[0]!.after!).order).toEqual(order);
    // Back as it was.
    expect((await call(ADMIN, 'PUT', '/api/organization/beachOrdering/', { program_id: programId, beach_station_ids: ids })).statusCode).toBe(200);
  });

  it('bad input: a missing or repeated station, a foreign station, a bad program; nothing changes', async () => {
    const current = await programWithBeaches();
    const programId = current.program_id!;
    const ids = current.stations.map((s) => s.beach_station_id);
    const put = (body: object) => call(ADMIN, 'PUT', '/api/organization/beachOrdering/', body);
    expect((await put({ program_id: programId, beach_station_ids: [] })).statusCode).toBe(400);
    expect((await put({ program_id: programId, beach_station_ids: 'all' })).statusCode).toBe(400);
    expect((await put({ beach_station_ids: ids })).statusCode).toBe(400);
    expect((await put({ program_id: programId, beach_station_ids: [...ids, ids[0]] })).statusCode).toBe(400);
    const stale = await put({ program_id: programId, beach_station_ids: ids.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('BEACH_ORDERING_STALE');
    expect((await put({ program_id: 99999999, beach_station_ids: ids })).statusCode).toBe(403);
    expect((await call(ADMIN, 'GET', '/api/organization/beachOrdering/?program_id=abc')).statusCode).toBe(400);
    expect((await call(ADMIN, 'GET', '/api/organization/beachOrdering/?program_id=99999999')).statusCode).toBe(403);
    expect((await read(programId)).stations).toEqual(current.stations);
  });

  it('refuses 401 without a token and 403 for a non-admin organization (before the body)', async () => {
    expect((await call(null, 'GET', '/api/organization/beachOrdering/')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/organization/beachOrdering/', {})).statusCode).toBe(401);
    expect((await call(HEALTH, 'GET', '/api/organization/beachOrdering/')).statusCode).toBe(403);
    expect((await call(HEALTH, 'PUT', '/api/organization/beachOrdering/', { nonsense: 1 })).statusCode).toBe(403);
  });
});

describe(`GIS REST Services on ${DATABASE_KIND}`, () => {
  const publicServices = async () => (await ctx.call({ method: 'GET', url: '/api/public/gisServices/' })).json().payload as PublicGisService[];
  const view = 'west=-75&south=39&east=-73&north=41';

  it('creates, reads, edits and deletes a service; the public read follows at once; every write audited', async () => {
    const created = await call(ADMIN, 'POST', '/api/gisService/', {
      name: 'Shellfish waters',
      url: `${standinUrl}/Shellfish/MapServer/`,
      layer_ids: [2, 0, 2],
      opacity: 0.6,
      shown_by_default: true,
      display_order: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().code).toBe(GIS_SERVICE_CODES.GIS_SERVICE_CREATED);
    const service = created.json().payload as GisService;
    expect(service).toMatchObject({ name: 'Shellfish waters', url: `${standinUrl}/Shellfish/MapServer`, layer_type: 'MAP', layer_ids: [2, 0], opacity: 0.6, shown_by_default: true, display_order: 3, active: true, description: '' });
    expect((await publicServices()).find((s) => s.gis_rest_service_id === service.gis_rest_service_id)).toEqual({
      gis_rest_service_id: service.gis_rest_service_id,
      name: 'Shellfish waters',
      layer_type: 'MAP',
      layer_ids: [2, 0],
      opacity: 0.6,
      shown_by_default: true,
    });
    const one = await call(ADMIN, 'GET', `/api/gisService/${service.gis_rest_service_id}`);
    expect(one.json()).toMatchObject({ code: GIS_SERVICE_CODES.GIS_SERVICE_FOUND, payload: service });
    expect((await call(ADMIN, 'GET', '/api/gisService/')).json().payload).toContainEqual(service);

    const saved = await call(ADMIN, 'PUT', `/api/gisService/${service.gis_rest_service_id}`, { name: 'Shellfish', url: service.url, active: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toMatchObject({ name: 'Shellfish', active: false, layer_ids: [], opacity: 1, shown_by_default: false });
    expect((await publicServices()).some((s) => s.gis_rest_service_id === service.gis_rest_service_id)).toBe(false);

    const del = await call(ADMIN, 'DELETE', `/api/gisService/${service.gis_rest_service_id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().code).toBe(GIS_SERVICE_CODES.GIS_SERVICE_DELETED);
    expect((await call(ADMIN, 'GET', `/api/gisService/${service.gis_rest_service_id}`)).statusCode).toBe(404);
    expect((await audits('gis_rest_services', service.gis_rest_service_id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('draws a MapServer as an exported image and a FeatureServer layer as GeoJSON, through this server', async () => {
    const map = (await call(ADMIN, 'POST', '/api/gisService/', { name: 'Shellfish', url: `${standinUrl}/Shellfish/MapServer`, layer_ids: [1] })).json().payload as GisService;
    const feature = (await call(ADMIN, 'POST', '/api/gisService/', { name: 'Outfalls', url: `${standinUrl}/Outfalls/FeatureServer`, layer_ids: [0] })).json().payload as GisService;
    expect(feature.layer_type).toBe('FEATURE');

    asked.length = 0;
    const image = await ctx.call({ method: 'GET', url: `/api/public/gisServices/${map.gis_rest_service_id}/export?${view}&width=800&height=600` });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const exportAsked = new URL(asked[0]!, 'http://x');
    expect(exportAsked.searchParams.get('bbox')).toBe('-75,39,-73,41');
    expect(exportAsked.searchParams.get('size')).toBe('800,600');
    expect(exportAsked.searchParams.get('layers')).toBe('show:1');
    expect(exportAsked.searchParams.get('f')).toBe('image');

    const geo = await ctx.call({ method: 'GET', url: `/api/public/gisServices/${feature.gis_rest_service_id}/query?${view}&layer=0` });
    expect(geo.statusCode, geo.body).toBe(200);
    expect(geo.headers['content-type']).toContain('application/geo+json');
    expect(geo.json()).toEqual({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-74.0, 40.2] }, properties: { NAME: 'Outfall 7' } }] });
    expect(new URL(asked[1]!, 'http://x').searchParams.get('f')).toBe('geojson');

    // Wrong kind, a layer not offered, bad boxes.
    expect((await ctx.call({ method: 'GET', url: `/api/public/gisServices/${feature.gis_rest_service_id}/export?${view}&width=10&height=10` })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `/api/public/gisServices/${map.gis_rest_service_id}/query?${view}&layer=0` })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `/api/public/gisServices/${feature.gis_rest_service_id}/query?${view}&layer=5` })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `/api/public/gisServices/${map.gis_rest_service_id}/export?west=-200&south=39&east=-73&north=41&width=10&height=10` })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `/api/public/gisServices/${map.gis_rest_service_id}/export?${view}&width=99999&height=10` })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `/api/public/gisServices/99999999/export?${view}&width=10&height=10` })).statusCode).toBe(404);
    await call(ADMIN, 'DELETE', `/api/gisService/${map.gis_rest_service_id}`);
    await call(ADMIN, 'DELETE', `/api/gisService/${feature.gis_rest_service_id}`);
  });

  it('a failing service answers GIS_SERVICE_UNAVAILABLE with one message whatever failed (never a 5xx, never cached)', async () => {
    const down = (await call(ADMIN, 'POST', '/api/gisService/', { name: 'Down', url: `${standinUrl}/Down/MapServer` })).json().payload as GisService;
    const json = (await call(ADMIN, 'POST', '/api/gisService/', { name: 'Json', url: `${standinUrl}/Json/FeatureServer`, layer_ids: [0] })).json().payload as GisService;
    const a = await ctx.call({ method: 'GET', url: `/api/public/gisServices/${down.gis_rest_service_id}/export?${view}&width=10&height=10` });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json()).toEqual({ code: GIS_SERVICE_CODES.GIS_SERVICE_UNAVAILABLE, message: 'The map layer "Down" is not available right now.', payload: null });
    const b = await ctx.call({ method: 'GET', url: `/api/public/gisServices/${json.gis_rest_service_id}/query?${view}&layer=0` });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual({ code: GIS_SERVICE_CODES.GIS_SERVICE_UNAVAILABLE, message: 'The map layer "Json" is not available right now.', payload: null });
    // A closed port: the same words (issue 27 item 4: "could not be reached" told a port scanner which ports answer).
    const closedUrl = standinUrl.replace(/:\d+\//, ':9/');
    const closed = (await call(ADMIN, 'POST', '/api/gisService/', { name: 'Closed', url: `${closedUrl}/X/MapServer` })).json().payload as GisService;
    const c = await ctx.call({ method: 'GET', url: `/api/public/gisServices/${closed.gis_rest_service_id}/export?${view}&width=10&height=10` });
    expect(c.json()).toEqual({ code: GIS_SERVICE_CODES.GIS_SERVICE_UNAVAILABLE, message: 'The map layer "Closed" is not available right now.', payload: null });
    await call(ADMIN, 'DELETE', `/api/gisService/${closed.gis_rest_service_id}`);
    await call(ADMIN, 'DELETE', `/api/gisService/${down.gis_rest_service_id}`);
    await call(ADMIN, 'DELETE', `/api/gisService/${json.gis_rest_service_id}`);
  });

  it('bad input: field messages, nothing written', async () => {
    const before = (await call(ADMIN, 'GET', '/api/gisService/')).json().payload;
    const bad = await call(ADMIN, 'POST', '/api/gisService/', { name: ' ', url: 'https://example.org/arcgis/rest/services/X', layer_ids: [-1], opacity: 2, display_order: 1.5 });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().payload as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'url', 'opacity', 'display_order']));
    expect(bad.json().payload).toContainEqual({ field: 'url', message: 'Use an ArcGIS REST address ending in /MapServer or /FeatureServer' });
    const noLayer = await call(ADMIN, 'POST', '/api/gisService/', { name: 'F', url: 'https://example.org/arcgis/rest/services/X/FeatureServer' });
    expect(noLayer.statusCode).toBe(400);
    expect(noLayer.json().payload).toContainEqual({ field: 'layer_ids', message: 'A feature service needs at least one layer id' });
    expect((await call(ADMIN, 'POST', '/api/gisService/', { name: 'J', url: 'javascript:alert(1)//MapServer' })).statusCode).toBe(400);
    expect((await call(ADMIN, 'GET', '/api/gisService/abc')).statusCode).toBe(400);
    expect((await call(ADMIN, 'GET', '/api/gisService/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/gisService/99999999', { name: 'x', url: 'https://x.org/a/MapServer' })).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/gisService/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/gisService/')).json().payload).toEqual(before);
  });

  it('refuses 401 without a token and 403 for a non-admin organization (before the body)', async () => {
    expect((await call(null, 'GET', '/api/gisService/')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/gisService/1')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/gisService/', {})).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/gisService/1', {})).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/gisService/1')).statusCode).toBe(401);
    expect((await call(HEALTH, 'GET', '/api/gisService/')).statusCode).toBe(403);
    expect((await call(HEALTH, 'GET', '/api/gisService/1')).statusCode).toBe(403);
    expect((await call(HEALTH, 'POST', '/api/gisService/', { nonsense: 1 })).statusCode).toBe(403);
    expect((await call(HEALTH, 'PUT', '/api/gisService/1', { nonsense: 1 })).statusCode).toBe(403);
    expect((await call(HEALTH, 'DELETE', '/api/gisService/1')).statusCode).toBe(403);
  });
});
