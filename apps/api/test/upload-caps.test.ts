/**
 * Issue 27 item 3: one 19 MB lab file of a single quoted field stalled the whole server. Uploaded files are
 * read with field and line caps (a hostile file is refused at the line where it passes them) a slice at a
 * time with the event loop free between slices (decision 0057). The timing goes in the bench
 * (bench/upload-stall.ts) and the attack suite's stall part; here, what the answers say.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_UPLOAD_LIMITS, LAB_FILE_MAX_ROWS, labFileTooLong, LEGACY_IMPORT_CODES, RESULT_CODES } from '@beach/domain';
import { READ_STEP_CHARS, readLegacyCsv } from '../src/modules/results/service/csv-rows';
import { healthDuringUploads, hostileUploads } from './attack/stall';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, layoutCsv, multipart, stationsOf, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

const n = (count: number) => count.toLocaleString('en-US');
const FIELD_REFUSED = `a quoted field is longer than ${n(CSV_UPLOAD_LIMITS.fieldChars)} characters: is its closing quote missing?`;
const LINE_REFUSED = `the line is longer than ${n(CSV_UPLOAD_LIMITS.lineChars)} characters`;

describe('readLegacyCsv', () => {
  const header = layoutCsv([]);
  const row = layoutCsv([{ station: 'Station 1', beach: 'Beach 1', date: '07/01/2026', measure: '20' }]).slice(header.length);

  it('reads a long file a step at a time, letting the event loop turn between steps', async () => {
    const text = header + row.repeat(Math.ceil((READ_STEP_CHARS * 16) / row.length));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    // A turn after every step (no time budget), so that the count does not depend on the machine's speed.
    const parsed = await readLegacyCsv(text, undefined, 0);
    counting = false;
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows.length).toBe(Math.ceil((READ_STEP_CHARS * 16) / row.length));
    // A reader that parsed the whole text in one go would let no turn run before it answered.
    expect(turns).toBeGreaterThanOrEqual(15);
  });

  it.each([
    ['a field longer than the cap', `Ocean Beaches,"${'a'.repeat(19 << 20)}"\r\n`, FIELD_REFUSED],
    ['a line longer than the cap', `${'a,'.repeat(19 << 19)}\r\n`, LINE_REFUSED],
    ['a quote never closed, spanning the file', `Ocean Beaches,"x\r\n${row.repeat(300_000)}`, FIELD_REFUSED],
  ])('refuses %s at its line, without reading on', async (_label, body, message) => {
    let steps = 0;
    const parsed = await readLegacyCsv(
      `${header}\r\n${body}`,
      async () => {
        steps++;
      },
      0,
    );
    expect(parsed).toEqual({ fileErrors: [{ line: 2, message }], rows: [] });
    // Refused within the step that passes the cap: 3 steps at most, of the 2,400 the file has.
    expect(steps).toBeLessThanOrEqual(Math.ceil(CSV_UPLOAD_LIMITS.lineChars / READ_STEP_CHARS));
  });
});

describe(`hostile lab files on ${DATABASE_KIND}`, () => {
  let ctx: TestContext;
  let facts: DemoFacts;
  let ob: StationRow[];
  const token = tokenCache(() => ctx);
  const SAMPLER = 'sampler@example.org';
  const ADMIN = 'admin@example.org';

  beforeAll(async () => {
    ctx = await createTestContext();
    facts = await demoFacts(ctx);
    ob = await stationsOf(ctx, 'OB');
  }, 300_000);
  afterAll(() => ctx?.close());

  const giantField = () => `${layoutCsv([])}\r\nOcean Beaches,"${'a'.repeat(CSV_UPLOAD_LIMITS.fieldChars * 3)}"\r\n`;
  const upload = () => `/api/results/upload/preview?program_id=${facts.program.OB}&organization_id=${facts.org.CEL}`;

  it('the lab upload preview reports the file error by line, as text and as multipart; the commit refuses it', async () => {
    const text = await ctx.call({ method: 'POST', url: upload(), token: await token(SAMPLER), headers: { 'content-type': 'text/csv' }, payload: giantField() });
    expect(text.statusCode, text.body.slice(0, 300)).toBe(200);
    expect(text.json().payload).toMatchObject({ file_errors: [{ line: 2, message: FIELD_REFUSED }], counts: { rows: 0 }, can_commit: false });
    const form = await ctx.call({ method: 'POST', url: upload(), token: await token(SAMPLER), ...multipart([{ name: 'lab.csv', content: giantField() }]) });
    expect(form.json().payload.file_errors).toEqual([{ line: 2, message: FIELD_REFUSED }]);
    const commit = await ctx.call({
      method: 'POST',
      url: upload().replace('preview', 'commit'),
      token: await token(SAMPLER),
      headers: { 'content-type': 'text/csv' },
      payload: `${layoutCsv([{ station: ob[0]!.station_name, beach: ob[0]!.beach_name, date: '07/01/2026', measure: '20' }])}\r\n${'a,'.repeat(CSV_UPLOAD_LIMITS.lineChars)}\r\n`,
    });
    expect(commit.statusCode, commit.body.slice(0, 300)).toBe(400);
    expect(commit.json()).toMatchObject({ code: RESULT_CODES.UPLOAD_HAS_ERRORS, payload: { file_errors: [{ line: 3, message: LINE_REFUSED }] } });
  });

  it(`a lab file of more than ${n(LAB_FILE_MAX_ROWS)} rows is refused at its first row past the cap, in the preview, the commit and the tester`, async () => {
    const station = ob[0]!;
    const rows = Array.from({ length: LAB_FILE_MAX_ROWS + 1 }, (_, i) => ({ station: station.station_name, beach: station.beach_name, date: '07/01/2026', measure: String(i + 1) }));
    const file = layoutCsv(rows);
    const refusal = { line: LAB_FILE_MAX_ROWS + 2, message: labFileTooLong(LAB_FILE_MAX_ROWS) };
    const preview = await ctx.call({ method: 'POST', url: upload(), token: await token(SAMPLER), headers: { 'content-type': 'text/csv' }, payload: file });
    expect(preview.json().payload).toMatchObject({ file_errors: [refusal], counts: { rows: 0 }, can_commit: false });
    const commit = await ctx.call({ method: 'POST', url: upload().replace('preview', 'commit'), token: await token(SAMPLER), headers: { 'content-type': 'text/csv' }, payload: file });
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: RESULT_CODES.UPLOAD_HAS_ERRORS, payload: { file_errors: [refusal] } });
    const tester = await ctx.call({ method: 'POST', url: `/api/verify/test/folder?program_id=${facts.program.OB}`, token: await token(ADMIN), ...multipart([{ name: 'season.csv', content: file }]) });
    expect(tester.json().payload.files).toEqual([expect.objectContaining({ file_name: 'season.csv', rows: 0, errors: [{ ...refusal, column: null }] })]);
    // One row fewer is read whole (its rows then resolve as usual).
    const fits = await ctx.call({ method: 'POST', url: upload(), token: await token(SAMPLER), headers: { 'content-type': 'text/csv' }, payload: layoutCsv(rows.slice(0, LAB_FILE_MAX_ROWS)) });
    expect(fits.json().payload).toMatchObject({ file_errors: [], counts: { rows: LAB_FILE_MAX_ROWS } });
  });

  it('the legacy import check and the Verification Tester refuse the file by line too', async () => {
    const check = await ctx.call({ method: 'POST', url: '/api/results/import/check?program=OB', token: await token(ADMIN), headers: { 'content-type': 'text/csv' }, payload: giantField() });
    expect(check.statusCode, check.body.slice(0, 300)).toBe(400);
    expect(check.json()).toMatchObject({ code: LEGACY_IMPORT_CODES.IMPORT_REFUSED, message: `Nothing can be imported from upload.csv: Line 2: ${FIELD_REFUSED}` });
    const tester = await ctx.call({
      method: 'POST',
      url: `/api/verify/test/folder?program_id=${facts.program.OB}`,
      token: await token(ADMIN),
      ...multipart([{ name: 'giant.csv', content: giantField() }]),
    });
    expect(tester.statusCode, tester.body.slice(0, 300)).toBe(200);
    expect(tester.json().payload.files).toEqual([expect.objectContaining({ file_name: 'giant.csv', rows: 0, errors: [{ line: 2, column: null, message: FIELD_REFUSED }] })]);
  });

  it('answers /api/health/live while two 19 MB hostile files are uploaded, and refuses both at line 2', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const figures = await healthDuringUploads(port, upload(), { authorization: `Bearer ${await token(SAMPLER)}` }, hostileUploads());
    expect(figures.failures).toBe(0);
    expect(figures.latencies.length).toBeGreaterThan(0);
    const [field, line] = figures.answers.map((a) => ({ status: a.status, errors: (JSON.parse(a.body) as { payload: { file_errors: unknown } }).payload.file_errors }));
    expect(field).toEqual({ status: 200, errors: [{ line: 2, message: FIELD_REFUSED }] });
    expect(line).toEqual({ status: 200, errors: [{ line: 2, message: LINE_REFUSED }] });
  }, 120_000);
});
