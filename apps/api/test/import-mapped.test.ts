import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportJob, ImportMapping, SavedImportMapping } from '@beach/domain';
import { CITY_MAPPING, cityCsv } from '@beach/domain/import-mapping/test-fixtures';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, multipart, tableCounts, tokenCache, type DemoFacts } from './results-fixtures';

/**
 * The mapped import through the portal's check and job (issue 29, decision 0063): the city department's
 * download (three locations per beach, MM/DD/YYYY, names in capitals, below-detection rows with an empty
 * result) checked with a saved mapping, run as a job, re-imported (nothing added); a wrong mapping refused
 * before anything is written; another organization's mapping 404; the rights of the legacy import.
 */

let ctx: TestContext;
let facts: DemoFacts;
let place: { county: string; municipality: string; municipality_id: number };
beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  const [m] = await queryRows<{ county: string; municipality: string; municipality_id: number }>(
    ctx.database.db,
    sql`select c.name as county, m.name as municipality, m.municipality_id from municipalities m join counties c on c.county_id = m.county_id
        order by m.municipality_id limit 1`,
  );
  place = m!;
  // Midland Beach with its Center station: the file's MIDLAND BEACH Center matches it; Left and Right are new there.
  const [beach] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`insert into beaches (program_id, name, municipality_id, category) values (${facts.program.OB}, 'Midland Beach', ${place.municipality_id}, 'OCEAN') returning beach_id as id`,
  );
  await queryRows(
    ctx.database.db,
    sql`insert into beach_stations (beach_id, station_name, station_type, latitude, longitude) values (${beach!.id}, 'Midland Beach Center', 'PRIMARY', 40.57, -74.09)`,
  );
}, 300_000);
afterAll(() => ctx?.close());
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
const CHECK = 'results/import/check?program=OB&verified=true&replay_rules=true';

/** The city mapping, its new beaches placed in a county and municipality the database has. */
const cityMapping = (name: string): ImportMapping => ({
  ...structuredClone(CITY_MAPPING),
  name,
  new_station_places: { from: 'constant', county: place.county, municipality: place.municipality, location_type: 'OCEAN' },
});

async function check(query: string, text: string, inline?: unknown, who = ADMIN) {
  const form = multipart([{ name: 'city.csv', content: text }], inline === undefined ? {} : { mapping: JSON.stringify(inline) });
  return ctx.call({ method: 'POST', url: `/api/${CHECK}${query}`, token: await token(who), ...form });
}

async function waitFor(id: number): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await ctx.call({ method: 'GET', url: `/api/results/import/${id}`, token: await token(ADMIN) });
    const job = res.json().payload as ImportJob;
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

const cityResults = async () =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from results r join beach_stations s on s.beach_station_id = r.beach_station_id join beaches b on b.beach_id = s.beach_id
          where b.name in ('Midland Beach', 'South Beach', 'Cedar Grove Beach', 'Wolfes Pond Beach')`,
    )
  )[0]!.n;

describe(`mapped import on ${DATABASE_KIND}`, () => {
  it('checks the city file with a saved mapping, runs it as a job, and a re-import adds nothing', async () => {
    const saved = await ctx.call({ method: 'POST', url: '/api/import/mapping', token: await token(ADMIN), payload: { mapping: cityMapping('City import') } });
    expect(saved.statusCode, saved.body).toBe(201);
    const mapping = saved.json().payload as SavedImportMapping;
    const text = cityCsv(10);
    const before = await tableCounts(ctx);

    const checked = await check(`&mapping_id=${mapping.id}`, text);
    expect(checked.statusCode, checked.body).toBe(200);
    const job = checked.json().payload as ImportJob;
    expect(job.options.mapping).toEqual({ id: mapping.id, name: 'City import' });
    expect(job.dry_run).toMatchObject({ dry_run: true, rows: 120, inserted: 120, rejected: 0, duplicates: 0, created: { beaches: 3, stations: 11 } });
    const groups = Object.fromEntries(job.dry_run!.new_stations.map((g) => [g.beach_name, g]));
    expect(groups['Midland Beach']).toMatchObject({ beach_id: expect.any(Number), stations: ['Midland Beach Left', 'Midland Beach Right'] });
    expect(groups['Cedar Grove Beach']).toEqual({
      beach_name: 'Cedar Grove Beach',
      beach_id: null,
      county: place.county,
      municipality: place.municipality,
      stations: ['Cedar Grove Beach Left', 'Cedar Grove Beach Center', 'Cedar Grove Beach Right'],
    });
    // The file has no coordinates: each new station is placed among its neighbours, and says so.
    expect(job.dry_run!.warnings[0]).toMatchObject({ count: 11, reason: expect.stringMatching(/^New station created without coordinates/) });
    // The dry run kept the file and its report, nothing else.
    expect({ ...(await tableCounts(ctx)), audit_log: before.audit_log }).toEqual(before);

    const queued = await ctx.call({ method: 'POST', url: `/api/results/import/${job.import_job_id}/run`, token: await token(ADMIN) });
    expect(queued.statusCode, queued.body).toBe(200);
    const done = await waitFor(job.import_job_id);
    expect(done.error).toBeNull();
    expect(done.report).toMatchObject({ dry_run: false, rows: 120, inserted: 120, rejected: 0, created: { beaches: 3, stations: 11 } });
    expect(await cityResults()).toBe(120);
    // Below-detection rows: K with the mapping's reporting limit (10).
    const [below] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from results r join remark_codes k on k.remark_code_id = r.remark_code_id where k.code = 'K' and r.value = 10 and r.comments like 'S%'`,
    );
    expect(below!.n).toBeGreaterThan(0);
    const [audit] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from audit_log where action = 'IMPORT' and record_id = 'city.csv'`);
    expect(audit!.n).toBe(1);

    // The same file again, with the mapping inline this time: nothing to add.
    const again = await check('', text, cityMapping('City import'));
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().payload as ImportJob).dry_run).toMatchObject({ rows: 120, inserted: 0, duplicates: 120, rejected: 0, created: { stations: 0 }, new_stations: [] });
    expect((again.json().payload as ImportJob).options.mapping).toEqual({ id: null, name: 'City import' });
  });

  it('refuses a wrong mapping before anything is written, with the preview\'s reason and first lines', async () => {
    const before = await tableCounts(ctx);
    const wrong = { ...cityMapping('Wrong'), fields: { ...CITY_MAPPING.fields, date: { kind: 'column', column: 'Sample ID' } } };
    const res = await check('', cityCsv(10), wrong);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMPORT_REFUSED',
      message: expect.stringContaining("The date column 'Sample ID' does not read as MM/DD/YYYY: lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11"),
    });
    const invalid = await check('', cityCsv(1), { ...cityMapping('Invalid'), date: { formats: ['NOPE'] } });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json().payload as { field: string }[]).map((i) => i.field)).toContain('mapping.date.formats.0');
    expect(await tableCounts(ctx)).toEqual(before);
  });

  it('refuses the rows of beaches the mapping gives no place to, grouped, and creates nothing for them', async () => {
    const res = await check('', cityCsv(2).replaceAll('SOUTH BEACH', 'NORTH SHORE'), { ...cityMapping('No places'), new_station_places: { from: 'none' } });
    expect(res.statusCode, res.body).toBe(200);
    const report = (res.json().payload as ImportJob).dry_run!;
    expect(report.rejections).toEqual([
      expect.objectContaining({
        reason: expect.stringMatching(/^New beach not created: The mapping creates no stations/),
        count: 6,
      }),
    ]);
    expect(report.new_stations.map((g) => g.beach_name)).toEqual([]);
  });

  it("answers 404 for another organization's mapping, 400 for map_remark with a mapping, and 403 without DATA_EDITING ADMIN", async () => {
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into import_mappings (organization_id, name, mapping) values (${facts.org.CEL}, 'Their mapping', ${JSON.stringify(CITY_MAPPING)}) returning import_mapping_id as id`,
    );
    expect((await check(`&mapping_id=${row!.id}`, cityCsv(1))).statusCode).toBe(404);
    expect((await check(`&mapping_id=${row!.id}&map_remark=QQ%3DK`, cityCsv(1))).statusCode).toBe(400);
    for (const who of ['verifier@example.org', 'sampler@example.org']) expect((await check('', cityCsv(1), cityMapping('X'), who)).statusCode, who).toBe(403);
  });
});
