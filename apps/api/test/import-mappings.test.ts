import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEGACY_MAPPING_NAME, type ImportMappingInput, type ImportMappingPreview, type SavedImportMapping } from '@beach/domain';
import { CITY_MAPPING, cityCsv } from '@beach/domain/import-mapping/test-fixtures';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, multipart, tableCounts, tokenCache, type DemoFacts } from './results-fixtures';

/**
 * Saved mappings of the mapped import and the preview of a file through one (issue 29, decision 0060):
 * organization admins only, each organization its own; the built-in legacy layout listed, read-only; a
 * mapping checked on every write; the preview reads the first 50 rows, refuses a wrong mapping with its
 * first lines, matches stations and writes nothing.
 */

let ctx: TestContext;
let facts: DemoFacts;
beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
}, 300_000);
afterAll(() => ctx?.close());
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';

const cityInput = (name = 'City health department beaches'): ImportMappingInput => ({ ...structuredClone(CITY_MAPPING), name });

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = ADMIN) {
  return ctx.call({ method, url: `/api/${url}`, token: await token(who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const auditCount = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from audit_log where table_name = 'import_mappings'`))[0]!.n;
const mappingCount = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from import_mappings`))[0]!.n;

describe(`import mappings on ${DATABASE_KIND}`, () => {
  it('lets only organization admins in: 401 without a login, 403 for everyone else, before the body is read', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/import/mapping/' })).statusCode).toBe(401);
    for (const who of ['verifier@example.org', 'sampler@example.org', 'multi@example.org', 'health@example.org']) {
      expect((await call('GET', 'import/mapping/', undefined, who)).statusCode, who).toBe(403);
      expect((await call('GET', 'import/mapping/legacy', undefined, who)).statusCode, who).toBe(403);
      // An invalid body still gets 403: the rule runs first.
      const post = await call('POST', 'import/mapping', { mapping: { nonsense: true } }, who);
      expect(post.statusCode, who).toBe(403);
      expect(post.json().code).toBe('ADMIN_ORGANIZATION_REQUIRED');
      expect((await call('PUT', 'import/mapping/1', { mapping: {}, version: 1 }, who)).statusCode, who).toBe(403);
      expect((await call('DELETE', 'import/mapping/1', undefined, who)).statusCode, who).toBe(403);
      const preview = await ctx.call({
        method: 'POST',
        url: `/api/import/mapping/preview?program_id=${facts.program.OB}&mapping_id=legacy`,
        token: await token(who),
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b\n1,2\n',
      });
      expect(preview.statusCode, who).toBe(403);
    }
    expect(await mappingCount()).toBe(0);
  });

  it('lists the built-in legacy layout, read-only', async () => {
    const list = await call('GET', 'import/mapping/');
    expect(list.statusCode, list.body).toBe(200);
    const [builtIn] = list.json().payload.list as SavedImportMapping[];
    expect(builtIn).toMatchObject({ id: 'legacy', built_in: true, name: LEGACY_MAPPING_NAME, organization_id: null, version: null });
    expect((await call('GET', 'import/mapping/legacy')).json().payload.mapping.fields.station).toEqual({ kind: 'column', column: 'Station_Name', optional: false });
    const put = await call('PUT', 'import/mapping/legacy', { mapping: cityInput(), version: 1 });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('IMPORT_MAPPING_BUILT_IN');
    expect(put.json().message).toMatch(/built-in mapping 'State legacy layout' cannot be changed or deleted/);
    const del = await call('DELETE', 'import/mapping/legacy');
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe('IMPORT_MAPPING_BUILT_IN');
    // Nor may a saved mapping take its name.
    const clash = await call('POST', 'import/mapping', { mapping: cityInput('state LEGACY layout') });
    expect(clash.statusCode).toBe(409);
  });

  it('creates, reads, updates (with its version) and deletes a mapping, each audited', async () => {
    const audits = await auditCount();
    const created = await call('POST', 'import/mapping', { mapping: cityInput() });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json().payload as SavedImportMapping;
    expect(saved).toMatchObject({ built_in: false, organization_id: facts.org.NJDEP, name: 'City health department beaches', version: 1 });
    expect(saved.mapping).toEqual(CITY_MAPPING);
    expect(typeof saved.id).toBe('number');

    const read = await call('GET', `import/mapping/${saved.id}`);
    expect(read.json().payload).toEqual(saved);
    expect((await call('GET', 'import/mapping/')).json().payload.list.map((m: SavedImportMapping) => m.name)).toEqual([LEGACY_MAPPING_NAME, 'City health department beaches']);

    // A name clash, whatever the case, is 409 and writes nothing.
    const clash = await call('POST', 'import/mapping', { mapping: cityInput('CITY health department BEACHES') });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('IMPORT_MAPPING_NAME_TAKEN');

    const renamed = { ...cityInput('City beaches since 2005'), description: 'Renamed' };
    const updated = await call('PUT', `import/mapping/${saved.id}`, { mapping: renamed, version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().payload).toMatchObject({ id: saved.id, name: 'City beaches since 2005', description: 'Renamed', version: 2 });
    // An edit of the version loaded before is refused, not applied.
    const stale = await call('PUT', `import/mapping/${saved.id}`, { mapping: cityInput('Stale'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('IMPORT_MAPPING_CHANGED');
    expect((await call('GET', `import/mapping/${saved.id}`)).json().payload.name).toBe('City beaches since 2005');

    const other = (await call('POST', 'import/mapping', { mapping: cityInput('Another source') })).json().payload as SavedImportMapping;
    const renameClash = await call('PUT', `import/mapping/${other.id}`, { mapping: cityInput('city beaches SINCE 2005'), version: 1 });
    expect(renameClash.statusCode).toBe(409);

    const deleted = await call('DELETE', `import/mapping/${other.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().payload).toEqual({ id: other.id });
    expect((await call('GET', `import/mapping/${other.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `import/mapping/${other.id}`)).statusCode).toBe(404);
    // Create, update, create, delete.
    expect(await auditCount()).toBe(audits + 4);
    const [audit] = await queryRows<{ action: string; before: string; user_id: number }>(
      ctx.database.db,
      sql`select action, before, user_id from audit_log where table_name = 'import_mappings' order by audit_id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'DELETE', user_id: facts.user[ADMIN] });
    expect(JSON.parse(audit!.before).name).toBe('Another source');
  });

  it('refuses an invalid mapping with 400 and its field paths, writing nothing', async () => {
    const before = await mappingCount();
    const bad = cityInput('Bad one') as Record<string, unknown> & { fields: Record<string, unknown>; date: unknown };
    bad.fields = { ...bad.fields, date: { kind: 'column', column: '' } };
    bad.date = { formats: ['MM/DD/YYYY', 'DD/MM/YYYY'] };
    bad.extra = 1;
    const res = await call('POST', 'import/mapping', { mapping: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const fields = (res.json().payload as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['mapping.fields.date.column']));
    expect(res.body).toMatch(/extra/);
    const noVersion = await call('PUT', 'import/mapping/1', { mapping: cityInput() });
    expect(noVersion.statusCode).toBe(400);
    expect(JSON.stringify(noVersion.json().payload)).toMatch(/version/);
    expect(await mappingCount()).toBe(before);
  });

  it("hides another organization's mappings: not listed, 404 to read, change or delete, or preview with", async () => {
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into import_mappings (organization_id, name, mapping) values (${facts.org.CEL}, 'Lab mapping', ${JSON.stringify(CITY_MAPPING)}) returning import_mapping_id as id`,
    );
    const id = row!.id;
    const list = (await call('GET', 'import/mapping/')).json().payload.list as SavedImportMapping[];
    expect(list.map((m) => m.id)).not.toContain(id);
    expect((await call('GET', `import/mapping/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', `import/mapping/${id}`, { mapping: cityInput('Taken over'), version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `import/mapping/${id}`)).statusCode).toBe(404);
    const preview = await ctx.call({
      method: 'POST',
      url: `/api/import/mapping/preview?program_id=${facts.program.OB}&mapping_id=${id}`,
      token: await token(ADMIN),
      headers: { 'content-type': 'text/csv' },
      payload: cityCsv(1),
    });
    expect(preview.statusCode).toBe(404);
    const [still] = await queryRows<{ name: string }>(ctx.database.db, sql`select name from import_mappings where import_mapping_id = ${id}`);
    expect(still!.name).toBe('Lab mapping');
    // The same name in another organization is no clash.
    const mine = await call('POST', 'import/mapping', { mapping: cityInput('Lab mapping') });
    expect(mine.statusCode).toBe(201);
  });
});

describe(`import mapping preview on ${DATABASE_KIND}`, () => {
  /** Midland Beach with its Center station in Ocean Beaches: the city file's Midland Beach Center matches it. */
  beforeAll(async () => {
    const [m] = await queryRows<{ id: number }>(ctx.database.db, sql`select municipality_id as id from municipalities order by municipality_id limit 1`);
    const [beach] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into beaches (program_id, name, municipality_id, category) values (${facts.program.OB}, 'Midland Beach', ${m!.id}, 'OCEAN') returning beach_id as id`,
    );
    await queryRows(
      ctx.database.db,
      sql`insert into beach_stations (beach_id, station_name, station_type, latitude, longitude) values (${beach!.id}, 'Midland Beach Center', 'PRIMARY', 40.57, -74.09)`,
    );
  });

  const preview = async (body: { text: string; query: string; multipartMapping?: unknown }) => {
    const url = `/api/import/mapping/preview?program_id=${facts.program.OB}${body.query}`;
    if (body.multipartMapping === undefined) {
      return ctx.call({ method: 'POST', url, token: await token(ADMIN), headers: { 'content-type': 'text/csv' }, payload: body.text });
    }
    const form = multipart([{ name: 'city.csv', content: body.text }], { mapping: JSON.stringify(body.multipartMapping) });
    return ctx.call({ method: 'POST', url, token: await token(ADMIN), ...form });
  };

  it('previews the city download through its mapping (inline): 50 rows read, stations matched and new ones by beach, nothing written', async () => {
    const counts = await tableCounts(ctx);
    const mappings = await mappingCount();
    const res = await preview({ text: cityCsv(10), query: '', multipartMapping: CITY_MAPPING });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('IMPORT_MAPPING_PREVIEW');
    const p = res.json().payload as ImportMappingPreview;
    expect(p.header).toEqual(['Sample ID', 'Sample Date', 'Beach Name', 'Sample Location', 'Enterococci Results', 'Units or Notes']);
    expect(p.rows).toHaveLength(50);
    expect(p.rows[0]!.line).toBe(2);
    expect(p.rows[49]!.line).toBe(51);
    expect(p.more_rows).toBe(true);
    expect(p.refusals).toEqual([]);
    expect(p.rows[0]!.row).toMatchObject({ beach_name: 'Midland Beach', station_name: 'Midland Beach Left', sample_date: '2005-05-23', parameter: 'Enterococcus', unit: 'MPN/100mL' });
    const below = p.rows.find((r) => r.cells.remark === 'Result below detection limit')!;
    expect(below.row).toMatchObject({ value: 10, remark: 'K' });

    expect(p.stations.matched).toEqual([
      expect.objectContaining({ beach_name: 'Midland Beach', station_name: 'Midland Beach Center', by: 'beach_and_station', station: expect.objectContaining({ station_name: 'Midland Beach Center' }) }),
    ]);
    const midland = p.stations.new_stations.find((g) => g.beach_name === 'Midland Beach')!;
    expect(midland.stations.map((s) => s.station_name)).toEqual(['Midland Beach Left', 'Midland Beach Right']);
    expect(midland.place).toMatchObject({ at: 'existing_beach', beach: { name: 'Midland Beach' } });
    const cedar = p.stations.new_stations.find((g) => g.beach_name === 'Cedar Grove Beach')!;
    expect(cedar.beach).toBeNull();
    expect(cedar.stations).toHaveLength(3);
    expect(cedar.place).toEqual({ at: 'new_beach', county: 'Richmond', municipality: 'Harbor City', location_type: 'OCEAN' });

    expect(await tableCounts(ctx)).toEqual(counts);
    expect(await mappingCount()).toBe(mappings);
  });

  it('previews with a saved mapping named in the query, the file as text/csv', async () => {
    const saved = (await call('POST', 'import/mapping', { mapping: cityInput('City for preview') })).json().payload as SavedImportMapping;
    const res = await preview({ text: cityCsv(2), query: `&mapping_id=${saved.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().payload as ImportMappingPreview;
    expect(p.mapping).toEqual({ id: saved.id, name: 'City for preview' });
    expect(p.rows).toHaveLength(24);
    expect(p.more_rows).toBe(false);
  });

  it('refuses a wrong mapping at preview with the reason and its first lines', async () => {
    const wrong = { ...cityInput('Wrong'), fields: { ...cityInput().fields, date: { kind: 'column', column: 'Sample ID' }, value: { kind: 'column', column: 'Units or Notes' } } };
    const counts = await tableCounts(ctx);
    const res = await preview({ text: cityCsv(10), query: '', multipartMapping: wrong });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('IMPORT_MAPPING_REFUSED');
    const p = res.json().payload as ImportMappingPreview;
    const date = p.refusals.find((r) => r.field === 'date')!;
    expect(date.message).toMatch(/^The date column 'Sample ID' does not read as MM\/DD\/YYYY: lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 …$/);
    expect(date.lines).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const value = p.refusals.find((r) => r.field === 'value')!;
    expect(value.message).toMatch(/^The value column 'Units or Notes' holds text, not numbers: lines 2, /);
    expect(res.json().message).toContain("The date column 'Sample ID'");
    // A column the file lacks: refused at line 1, no rows read.
    const missing = { ...cityInput('Missing'), fields: { ...cityInput().fields, beach: { kind: 'column', column: 'Beach' } } };
    const header = (await preview({ text: cityCsv(1), query: '', multipartMapping: missing })).json().payload as ImportMappingPreview;
    expect(header.refusals).toEqual([{ field: 'beach', message: "The beach column 'Beach' is not in the file's header (line 1)", lines: [1] }]);
    expect(header.rows).toEqual([]);
    expect(await tableCounts(ctx)).toEqual(counts);
  });

  it('refuses a bad request: no mapping, both, an invalid inline mapping (field paths), a program the caller cannot import into, bad CSV', async () => {
    expect((await preview({ text: cityCsv(1), query: '' })).statusCode).toBe(400);
    const both = await preview({ text: cityCsv(1), query: '&mapping_id=legacy', multipartMapping: CITY_MAPPING });
    expect(both.statusCode).toBe(400);
    const invalid = await preview({ text: cityCsv(1), query: '', multipartMapping: { ...cityInput(), date: { formats: ['NOPE'] } } });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json().payload as { field: string }[]).map((i) => i.field)).toContain('mapping.date.formats.0');
    const notJson = await ctx.call({
      method: 'POST',
      url: `/api/import/mapping/preview?program_id=${facts.program.OB}`,
      token: await token(ADMIN),
      ...multipart([{ name: 'city.csv', content: cityCsv(1) }], { mapping: '{not json' }),
    });
    expect(notJson.statusCode).toBe(400);
    expect((await ctx.call({ method: 'POST', url: '/api/import/mapping/preview?program_id=999999&mapping_id=legacy', token: await token(ADMIN), headers: { 'content-type': 'text/csv' }, payload: 'a\n1\n' })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'POST', url: '/api/import/mapping/preview?mapping_id=legacy', token: await token(ADMIN), headers: { 'content-type': 'text/csv' }, payload: 'a\n1\n' })).statusCode).toBe(400);
    const badCsv = await preview({ text: 'a,b\n"1,2\n', query: '&mapping_id=legacy' });
    expect(badCsv.statusCode).toBe(400);
    expect(badCsv.json().message).toMatch(/Line 2/);
    expect((await preview({ text: '', query: '&mapping_id=legacy' })).statusCode).toBe(400);
    // A field past the upload caps (10,000 characters) in the rows read: refused where it starts.
    const giant = await preview({ text: `a,b\n1,${'x'.repeat(10_001)}\n`, query: '', multipartMapping: CITY_MAPPING });
    expect(giant.statusCode).toBe(400);
    expect(giant.json().message).toMatch(/Line 2: a field is longer than 10,000 characters/);
    const json = await ctx.call({ method: 'POST', url: `/api/import/mapping/preview?program_id=${facts.program.OB}&mapping_id=legacy`, token: await token(ADMIN), payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it('previews the first 50 rows of a 100,000-row file without reading it whole', async () => {
    const text = cityCsv(8334);
    expect(text.split('\r\n').length - 2).toBeGreaterThanOrEqual(100_000);
    const saved = (await call('POST', 'import/mapping', { mapping: cityInput('City, 100,000 rows') })).json().payload as SavedImportMapping;
    for (const [how, body] of [
      ['multipart, inline mapping', { text, query: '', multipartMapping: CITY_MAPPING }],
      ['text/csv, saved mapping', { text, query: `&mapping_id=${saved.id}` }],
    ] as const) {
      const started = performance.now();
      const res = await preview(body);
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().payload as ImportMappingPreview;
      expect(p.rows).toHaveLength(50);
      expect(p.rows[49]!.line).toBe(51);
      expect(p.more_rows).toBe(true);
      console.log(`preview of a ${text.length.toLocaleString('en-US')}-character, 100,008-row file (${how}): ${ms.toFixed(0)} ms`);
      // Issue 29 asks under 1 s; the bound here leaves room for a loaded test machine.
      expect(ms).toBeLessThan(5_000);
    }
  });
});
