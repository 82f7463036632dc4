import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESULT_CODES, RESULT_MESSAGES } from '@beach/domain';
import { beachStations } from '../src/db/schema';
import { UPLOAD_MAX_BYTES } from '../src/modules/results/upload-body';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, layoutCsv, multipart, stationsOf, tableCounts, tokenCache, type CsvLine, type DemoFacts, type StationRow } from './results-fixtures';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());

const line = (s: StationRow, extra: Partial<CsvLine> = {}): CsvLine => ({ station: s.station_name, beach: s.beach_name, date: '07/12/2026', measure: '20', ...extra });
const query = (program = facts.program.OB, org = facts.org.CEL!) => `program_id=${program}&organization_id=${org}`;

async function post(kind: 'preview' | 'commit', csv: string, who = 'sampler@example.org', q = query(), asMultipart = false) {
  const body = asMultipart ? multipart([{ name: 'lab.csv', content: csv }]) : { payload: csv, headers: { 'content-type': 'text/csv' } };
  return ctx.call({ method: 'POST', url: `/api/results/upload/${kind}?${q}`, token: await token(who), ...body });
}

describe(`lab CSV upload on ${DATABASE_KIND}`, () => {
  describe('POST /api/results/upload/preview', () => {
    it('shows each row resolved, with per-row errors, and writes nothing', async () => {
      const before = await tableCounts(ctx);
      const csv = layoutCsv([
        line(ob[0]!),
        line(ob[1]!, { time: '', measure: 'n/a', remark: 'Not sampled' }),
        line(ob[2]!, { station: 'Nowhere Station', beach: 'Nowhere Beach' }),
        line(ob[3]!, { date: '13/45/2026' }),
        line(ob[4]!, { measure: 'lots' }),
        line(ob[5]!, { measure: '', remark: '' }),
        line(ob[0]!, { date: '01/01/2999' }),
        line(ob[1]!, { program: 'Lakes' }),
        line(ob[2]!, { remark: 'K', measure: '10' }),
      ]);
      const res = await post('preview', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(RESULT_CODES.UPLOAD_PREVIEW);
      const p = res.json().payload;
      expect(p.counts).toEqual({ rows: 9, ok: 3, duplicates: 0, errors: 6 });
      expect(p.can_commit).toBe(false);
      const byLine = Object.fromEntries(p.rows.map((r: { line: number }) => [r.line, r]));
      expect(byLine[2]).toMatchObject({ status: 'OK', beach_station_id: ob[0]!.beach_station_id, sample_date: '2026-07-12', sample_time_hh: '09', value: 20, errors: [] });
      expect(byLine[3]).toMatchObject({ status: 'OK', value: null, remark_code: 'NS', sample_time_hh: '' });
      expect(byLine[4].errors[0].message).toMatch(/^Unknown station 'Nowhere Station'/);
      expect(byLine[5].errors).toEqual([{ column: 'Result_Date', message: 'Result_Date must be MM/DD/YYYY' }]);
      expect(byLine[6].errors[0]).toMatchObject({ column: 'Result_Measure', message: expect.stringMatching(/'lots' is not a number/) });
      expect(byLine[7].errors[0].column).toBe('Result_Measure');
      expect(byLine[8].errors[0].message).toBe('Result_Date cannot be later than tomorrow');
      expect(byLine[9].errors[0].column).toBe('Program_Name');
      expect(byLine[10]).toMatchObject({ status: 'OK', remark_code: 'K', value: 10 });
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('reports a row for an inactive station as an error, as POST results/bulk refuses it, and the commit saves nothing', async () => {
      const inactive = ob[6]!;
      const setActive = (active: boolean) =>
        ctx.database.db.update(beachStations).set({ active }).where(eq(beachStations.beachStationId, inactive.beach_station_id));
      // Stored while the station was active: the same row later is a duplicate, not an error (it adds nothing).
      const earlier = layoutCsv([line(inactive, { date: '07/05/2026', measure: '33' })]);
      expect((await post('commit', earlier)).json().payload).toMatchObject({ inserted: 1 });
      await setActive(false);
      try {
        const csv = layoutCsv([line(ob[0]!, { date: '07/06/2026' }), line(inactive, { date: '07/06/2026', measure: '41' }), line(inactive, { date: '07/05/2026', measure: '33' })]);
        const preview = await post('preview', csv);
        expect(preview.statusCode, preview.body).toBe(200);
        const p = preview.json().payload;
        expect(p.counts).toEqual({ rows: 3, ok: 1, duplicates: 1, errors: 1 });
        expect(p.can_commit).toBe(false);
        expect(p.rows[1]).toMatchObject({ line: 3, status: 'ERROR', beach_station_id: inactive.beach_station_id, errors: [{ column: 'Station_Name', message: RESULT_MESSAGES.stationInactive }] });
        expect(p.rows[2]).toMatchObject({ line: 4, status: 'DUPLICATE', errors: [] });

        const before = await tableCounts(ctx);
        const commit = await post('commit', csv);
        expect(commit.statusCode).toBe(400);
        expect(commit.json()).toMatchObject({ code: RESULT_CODES.UPLOAD_HAS_ERRORS, payload: { counts: { errors: 1 } } });
        expect(await tableCounts(ctx)).toEqual(before);

        // The grid save's own refusal, word for word.
        const bulk = await ctx.call({
          method: 'POST',
          url: '/api/results/bulk',
          token: await token('sampler@example.org'),
          payload: {
            program_id: facts.program.OB,
            organization_id: facts.org.CEL,
            sample_date: '2026-07-06',
            results: [{ beach_station_id: inactive.beach_station_id, parameter_id: facts.parameter.ENTEROCOCCUS, result_unit_id: facts.unit.CFU_100ML, value: 41 }],
          },
        });
        expect(bulk.statusCode).toBe(400);
        expect(bulk.json().payload).toContainEqual({ field: 'results.0.beach_station_id', message: RESULT_MESSAGES.stationInactive });
      } finally {
        await setActive(true);
      }
    });

    it('reads a multipart upload the same way', async () => {
      const res = await post('preview', layoutCsv([line(ob[0]!)]), 'sampler@example.org', query(), true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payload).toMatchObject({ counts: { rows: 1, ok: 1 }, can_commit: true });
    });

    it('answers 413 for a lab file over the size limit, as text and as a multipart file, and writes nothing', async () => {
      const before = await tableCounts(ctx);
      const huge = `${layoutCsv([line(ob[0]!)])}${'x'.repeat(UPLOAD_MAX_BYTES + 1024)}`;
      for (const asMultipart of [false, true]) {
        const res = await post('commit', huge, 'sampler@example.org', query(), asMultipart);
        expect(res.statusCode, String(asMultipart)).toBe(413);
        expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      }
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('reports a file with missing columns or bad quoting as a whole', async () => {
      const res = await post('preview', 'Program_Name,Station_Name\nOcean Beaches,x');
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.file_errors[0].message).toMatch(/^Missing columns: Beach_Name/);
      const broken = await post('preview', `${layoutCsv([])}\n"unclosed`);
      expect(broken.json().payload.file_errors[0].message).toMatch(/never closed/);
    });

    it('validates the query and the body type', async () => {
      expect((await post('preview', layoutCsv([]), 'sampler@example.org', 'program_id=abc')).statusCode).toBe(400);
      const json = await ctx.call({ method: 'POST', url: `/api/results/upload/preview?${query()}`, token: await token('sampler@example.org'), payload: { csv: 'x' } });
      expect(json.statusCode).toBe(415);
      const empty = await ctx.call({ method: 'POST', url: `/api/results/upload/preview?${query()}`, token: await token('sampler@example.org'), ...multipart([]) });
      expect(empty.statusCode).toBe(400);
    });

    it('refuses a foreign program, a missing level and another organization; needs a login', async () => {
      const csv = layoutCsv([line(ob[0]!)]);
      expect((await post('preview', csv, 'sampler@example.org', query(facts.program.LK))).statusCode).toBe(403);
      expect((await post('preview', csv, 'health@example.org', query(facts.program.OB, facts.org.MCHD!))).statusCode).toBe(403);
      expect((await post('preview', csv, 'sampler@example.org', query(facts.program.OB, facts.org.MCHD!))).json().code).toBe('ORGANIZATION_NOT_ALLOWED');
      expect((await post('preview', csv, 'sampler@example.org', query(999999))).statusCode).toBe(404);
      expect((await ctx.call({ method: 'POST', url: `/api/results/upload/preview?${query()}`, payload: csv, headers: { 'content-type': 'text/csv' } })).statusCode).toBe(401);
    });
  });

  describe('POST /api/results/upload/commit', () => {
    it('refuses a file with any error and saves none of its rows', async () => {
      const before = await tableCounts(ctx);
      const res = await post('commit', layoutCsv([line(ob[0]!), line(ob[1]!, { measure: 'abc' })]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: RESULT_CODES.UPLOAD_HAS_ERRORS, payload: { counts: { rows: 2, ok: 1, errors: 1 }, can_commit: false } });
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('saves a clean file as unverified results of the organization, once', async () => {
      // A second sample of a station the same day has its own time (one sample per station and time: decision 0018).
      const csv = layoutCsv([
        line(ob[0]!, { date: '07/11/2026', measure: '44' }),
        line(ob[1]!, { date: '07/11/2026', measure: '5', remark: 'K' }),
        line(ob[0]!, { date: '07/11/2026', measure: '44', time: '15:30' }),
      ]);
      const res = await post('commit', csv, 'sampler@example.org', query(), true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(RESULT_CODES.UPLOAD_COMMITTED);
      const p = res.json().payload;
      expect(p).toMatchObject({ inserted: 3, duplicates: 0 });
      const grid = (await ctx.call({ method: 'GET', url: `/api/results/program/${facts.program.OB}/organization/${facts.org.CEL}/2026-07-11`, token: await token('sampler@example.org') })).json().payload;
      const saved = grid.stations.flatMap((s: { results: { result_id: number; verification_state: string; entered_by: number }[] }) => s.results);
      expect(saved.map((r: { result_id: number }) => r.result_id).sort()).toEqual([...p.result_ids].sort());
      expect(saved.every((r: { verification_state: string; entered_by: number }) => r.verification_state === 'UNVERIFIED' && r.entered_by === facts.user['sampler@example.org'])).toBe(true);

      // The same file again adds nothing; the preview says so first.
      const again = await post('preview', csv);
      expect(again.json().payload.counts).toEqual({ rows: 3, ok: 0, duplicates: 3, errors: 0 });
      const before = await tableCounts(ctx);
      const second = await post('commit', csv);
      expect(second.statusCode).toBe(200);
      expect(second.json().payload).toMatchObject({ inserted: 0, duplicates: 3, result_ids: [] });
      expect(await tableCounts(ctx)).toEqual(before);
    });

    it('stores a file committed twice at once only once', async () => {
      const csv = layoutCsv([line(ob[2]!, { date: '07/09/2026', measure: '61' }), line(ob[3]!, { date: '07/09/2026', measure: '62' })]);
      const before = await tableCounts(ctx);
      const both = await Promise.all([post('commit', csv), post('commit', csv)]);
      // The second either waits and finds the rows stored (nothing added) or collides with the first (409).
      for (const res of both) expect([200, 409]).toContain(res.statusCode);
      const inserted = both.filter((r) => r.statusCode === 200).reduce((n, r) => n + r.json().payload.inserted, 0);
      expect(inserted).toBe(2);
      expect((await tableCounts(ctx)).results).toBe(before.results! + 2);
    });

    it('refuses a foreign program and a missing level, validates the query and needs a login', async () => {
      const csv = layoutCsv([line(ob[0]!)]);
      expect((await post('commit', csv, 'sampler@example.org', query(facts.program.LK))).statusCode).toBe(403);
      expect((await post('commit', csv, 'health@example.org', query(facts.program.OB, facts.org.MCHD!))).statusCode).toBe(403);
      expect((await post('commit', csv, 'sampler@example.org', 'organization_id=1')).statusCode).toBe(400);
      expect((await ctx.call({ method: 'POST', url: `/api/results/upload/commit?${query()}`, payload: csv, headers: { 'content-type': 'text/csv' } })).statusCode).toBe(401);
    });
  });
});
