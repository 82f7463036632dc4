import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, localDate, SOURCE_TRACKDOWN_CODES, SOURCE_TRACKDOWN_MESSAGES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { stationsOf, tokenCache, type StationRow } from './results-fixtures';
import { createTrackdown, multipart, pdfBytes, type Part } from './trackdown-fixtures';

let ctx: TestContext;
let ob: StationRow[];
let rv: StationRow[];
const token = tokenCache(() => ctx);
/** Every program, every area ADMIN: deletes. */
const ADMIN = 'admin@example.org';
/** SANITARY_SURVEYS USER in Ocean and Bay Beaches, nothing in Rivers: records and edits, may not delete. */
const OFFICER = 'health@example.org';
/** Ocean Beaches, data editing only: the wrong role everywhere. */
const SAMPLER = 'sampler@example.org';

type Method = 'GET' | 'POST' | 'DELETE';
const call = async (who: string | null, method: Method, url: string, parts?: Part[]) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, ...(parts ? multipart(parts) : {}) });

const uploadsDir = () => path.join(ctx.deps.config.dataDir, 'uploads');
/** Every stored file under DATA_DIR/uploads. */
function storedFiles(dir = uploadsDir()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? storedFiles(full) : [full];
  });
}
const count = async (table: string) => (await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
/** Rows and bytes, to show a refused call wrote nothing. */
const snapshot = async () => ({
  trackdowns: await count('source_trackdowns'),
  fixes: await count('source_attempted_fixes'),
  entries: await count('source_trackdown_files'),
  files: await count('uploaded_files'),
  bytes: storedFiles().length,
});
const keyOf = async (fileId: number) =>
  (await queryRows<{ storage_key: string }>(ctx.database.db, sql`select storage_key from uploaded_files where file_id = ${fileId}`))[0]?.storage_key;
const auditActions = (id: number) =>
  queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'source_trackdowns' and record_id = ${String(id)} order by audit_id`);

const today = () => localDate(new Date(), 'America/New_York');
const primary = (rows: StationRow[]) => rows.find((s) => s.station_type === 'PRIMARY')!;
const csv = Buffer.from('Date,Enterococcus\n2025-06-01,240\n2025-06-02,35\n');

const fullCreate = (): Part[] => [
  ['identified_problems', 'Illicit connection at outfall 3'],
  ['suggested_solutions', 'Disconnect the roof drain from the sanitary lateral'],
  ['description', 'Dye testing traced the flow to 12 Ocean Ave.'],
  ['is_applying_for_loan_or_grant', '1'],
  ['has_received_loan_or_grant', '0'],
  ['water_quality_file', { filename: 'outfall-3.csv', bytes: csv, type: 'text/csv' }],
  ['attempted_fixes[0][attempted_on]', addDays(today(), -3)],
  ['attempted_fixes[0][comments]', 'Lateral capped'],
  ['attempted_fixes[0][was_improved]', '1'],
  ['trackdown_files[0][file]', { filename: 'dye-test.pdf', bytes: pdfBytes('Dye test'), type: 'application/pdf' }],
  ['trackdown_files[0][description]', 'Dye test report'],
];

beforeAll(async () => {
  ctx = await createTestContext();
  ob = await stationsOf(ctx, 'OB');
  rv = await stationsOf(ctx, 'RV');
}, 300_000);
afterAll(() => ctx?.close());

describe(`source trackdowns on ${DATABASE_KIND}`, () => {
  describe('POST /api/beach/{id}/sourceTrackdown', () => {
    it('records a trackdown with its water quality file, an attempted fix and a file, stored under DATA_DIR/uploads; audited', async () => {
      const station = primary(ob).beach_station_id;
      const before = await snapshot();
      const res = await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown`, fullCreate());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().code).toBe(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_CREATED);
      const t = res.json().payload;
      expect(t).toMatchObject({
        beach_station_id: station,
        identified_problems: 'Illicit connection at outfall 3',
        suggested_solutions: 'Disconnect the roof drain from the sanitary lateral',
        is_applying_for_loan_or_grant: true,
        has_received_loan_or_grant: false,
        water_quality_filename: 'outfall-3.csv',
        water_quality_file_type: 'text/csv',
        created_by_name: 'Helen Rossi',
      });
      expect(t.attempted_fixes).toEqual([{ source_attempted_fix_id: expect.any(Number), attempted_on: addDays(today(), -3), comments: 'Lateral capped', was_improved: true }]);
      expect(t.trackdown_files).toEqual([
        { source_trackdown_file_id: expect.any(Number), file: expect.any(Number), name: 'dye-test.pdf', type: 'application/pdf', size_bytes: expect.any(Number), description: 'Dye test report' },
      ]);
      const key = (await keyOf(t.trackdown_files[0].file))!;
      expect(key).toMatch(/^trackdowns\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
      expect(existsSync(path.join(uploadsDir(), key))).toBe(true);
      expect(await snapshot()).toEqual({ ...before, trackdowns: before.trackdowns + 1, fixes: before.fixes + 1, entries: before.entries + 1, files: before.files + 2, bytes: before.bytes + 2 });
      expect((await auditActions(t.source_trackdown_id)).map((a) => a.action)).toEqual(['CREATE']);
    });

    it('takes a trackdown with text only (no files, no fixes)', async () => {
      const res = await call(OFFICER, 'POST', `/api/beach/${primary(ob).beach_station_id}/sourceTrackdown`, [['description', 'Walked the storm drain']]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().payload).toMatchObject({ description: 'Walked the storm drain', water_quality_file: null, attempted_fixes: [], trackdown_files: [] });
    });

    it('refuses bad input with the field and writes nothing', async () => {
      const url = `/api/beach/${primary(ob).beach_station_id}/sourceTrackdown`;
      const before = await snapshot();
      const cases: [Part[], string, string][] = [
        [[['attempted_fixes[0][attempted_on]', addDays(today(), 3)]], 'attempted_fixes.0.attempted_on', SOURCE_TRACKDOWN_MESSAGES.dateAfterTomorrow],
        [[['attempted_fixes[0][attempted_on]', '2025-02-30']], 'attempted_fixes.0.attempted_on', SOURCE_TRACKDOWN_MESSAGES.dateInvalid],
        [[['attempted_fixes[0][comments]', 'no date']], 'attempted_fixes.0.attempted_on', SOURCE_TRACKDOWN_MESSAGES.dateRequired],
        [[['attempted_fixes[0][attempted_on]', '2025-06-01'], ['attempted_fixes[0][was_improved]', 'yes']], 'attempted_fixes.0.was_improved', SOURCE_TRACKDOWN_MESSAGES.flag],
        [[['attempted_fixes[0][id]', '1'], ['attempted_fixes[0][attempted_on]', '2025-06-01']], 'attempted_fixes.0.id', SOURCE_TRACKDOWN_MESSAGES.unknownFix],
        [[['trackdown_files[0][description]', 'no file']], 'trackdown_files.0.file', SOURCE_TRACKDOWN_MESSAGES.fileRequired],
        [[['description', 'x'.repeat(4001)]], 'description', 'At most 4000 characters'],
        [[['is_applying_for_loan_or_grant', 'maybe']], 'is_applying_for_loan_or_grant', SOURCE_TRACKDOWN_MESSAGES.flag],
        [[['attempted_fixes[100][comments]', 'x']], 'attempted_fixes.100.comments', SOURCE_TRACKDOWN_MESSAGES.index],
        [[['photo', { filename: 'a.pdf', bytes: pdfBytes() }]], 'photo', SOURCE_TRACKDOWN_MESSAGES.unknownFileField],
        [[['_method', 'PUT'], ['description', 'x']], '_method', SOURCE_TRACKDOWN_MESSAGES.createMethod],
        [
          [
            ['attempted_fixes[0][attempted_on]', '2025-06-01'],
            ['trackdown_files[0][file]', { filename: 'a.pdf', bytes: pdfBytes() }],
            ['trackdown_files[0][file]', { filename: 'b.pdf', bytes: pdfBytes() }],
          ],
          'trackdown_files.0.file',
          'One file per entry',
        ],
      ];
      for (const [parts, field, message] of cases) {
        const res = await call(OFFICER, 'POST', url, parts);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().payload, field).toContainEqual({ field, message });
      }
      const json = await ctx.call({ method: 'POST', url, token: await token(OFFICER), payload: { description: 'JSON' } });
      expect(json.statusCode).toBe(415);
      const cut = await ctx.call({
        method: 'POST',
        url,
        token: await token(OFFICER),
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="description"\r\n\r\nhalf',
      });
      expect(cut.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses hostile uploads (polyglot PDF with HTML, SVG with script, a folder name, too large) and writes nothing', async () => {
      const url = `/api/beach/${primary(ob).beach_station_id}/sourceTrackdown`;
      const before = await snapshot();
      const polyglot = Buffer.concat([pdfBytes(), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
      const hostile: [Part, number, string][] = [
        [['trackdown_files[0][file]', { filename: 'report.pdf', bytes: polyglot, type: 'application/pdf' }], 400, 'carries web page code'],
        [['trackdown_files[0][file]', { filename: 'map.svg', bytes: svg, type: 'image/svg+xml' }], 400, 'carries web page code'],
        [['water_quality_file', { filename: 'map.svg', bytes: svg, type: 'image/svg+xml' }], 400, 'carries web page code'],
        [['trackdown_files[0][file]', { filename: '../x.pdf', bytes: pdfBytes(), type: 'application/pdf' }], 400, 'is not allowed'],
        [['trackdown_files[0][file]', { filename: '..\\..\\x.pdf', bytes: pdfBytes(), type: 'application/pdf' }], 400, 'is not allowed'],
        [['trackdown_files[0][file]', { filename: 'run.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), type: 'application/pdf' }], 400, 'not an accepted type'],
        [['trackdown_files[0][file]', { filename: 'big.pdf', bytes: Buffer.concat([pdfBytes(), Buffer.alloc(25 * 1024 * 1024)]), type: 'application/pdf' }], 413, 'larger than'],
      ];
      for (const [part, status, words] of hostile) {
        // A good file before the hostile one: it must not be kept either.
        const res = await call(OFFICER, 'POST', url, [
          ['description', 'Hostile'],
          ['trackdown_files[1][file]', { filename: 'fine.pdf', bytes: pdfBytes() }],
          part,
        ]);
        expect(res.statusCode, `${part[0]} ${(part[1] as { filename: string }).filename}: ${res.body.slice(0, 200)}`).toBe(status);
        expect(res.json().message).toContain(words);
      }
      expect(await snapshot()).toEqual(before);
    }, 60_000);

    it('answers 401 without a token, 403 to a wrong role and in a foreign program or at an unknown station, before reading the form', async () => {
      const before = await snapshot();
      const garbage: Part[] = [['attempted_fixes[0][attempted_on]', 'not a date']];
      expect((await call(null, 'POST', `/api/beach/${primary(ob).beach_station_id}/sourceTrackdown`, fullCreate())).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', `/api/beach/${primary(ob).beach_station_id}/sourceTrackdown`, garbage)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown`, garbage)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown`, fullCreate())).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', '/api/beach/99999999/sourceTrackdown', fullCreate())).statusCode).toBe(403);
      // Whatever the body: an unreadable JSON one is refused for the program first too.
      const json = { headers: { 'content-type': 'application/json' }, payload: '{"a": ' };
      expect((await ctx.call({ method: 'POST', url: `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown`, token: await token(OFFICER), ...json })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'POST', url: `/api/beach/${primary(ob).beach_station_id}/sourceTrackdown`, token: await token(OFFICER), ...json })).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('reads: GET /api/beach/{id}/sourceTrackdown, GET /api/sourceTrackdown/{id} and its files', () => {
    let trackdown: { id: number; fileId: number };
    let waterQualityFile: number;
    beforeAll(async () => {
      const res = await call(OFFICER, 'POST', `/api/beach/${ob[1]!.beach_station_id}/sourceTrackdown`, fullCreate());
      expect(res.statusCode, res.body).toBe(201);
      const t = res.json().payload;
      trackdown = { id: t.source_trackdown_id, fileId: t.trackdown_files[0].file };
      waterQualityFile = t.water_quality_file;
    });

    it("lists the station's trackdowns with fixes and files, and reads one", async () => {
      const list = await call(OFFICER, 'GET', `/api/beach/${ob[1]!.beach_station_id}/sourceTrackdown`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().code).toBe(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWNS_FOUND);
      const found = list.json().payload.list.find((t: { source_trackdown_id: number }) => t.source_trackdown_id === trackdown.id);
      expect(found.attempted_fixes).toHaveLength(1);
      expect(found.trackdown_files).toHaveLength(1);
      expect(list.json().payload.list.every((t: { beach_station_id: number }) => t.beach_station_id === ob[1]!.beach_station_id)).toBe(true);
      const one = await call(OFFICER, 'GET', `/api/sourceTrackdown/${trackdown.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().payload).toEqual(found);
    });

    it('downloads a file as an attachment with nosniff, never served as a public file', async () => {
      const res = await call(OFFICER, 'GET', `/api/sourceTrackdown/${trackdown.id}/files/${trackdown.fileId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="dye-test.pdf"; filename*=UTF-8''dye-test.pdf`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(pdfBytes('Dye test'))).toBe(true);
      const water = await call(OFFICER, 'GET', `/api/sourceTrackdown/${trackdown.id}/files/${waterQualityFile}`);
      expect(water.statusCode).toBe(200);
      expect(water.headers['content-disposition']).toMatch(/^attachment; filename="outfall-3.csv"/);
      expect(water.rawPayload.equals(csv)).toBe(true);
      // The public file route does not know trackdown files.
      expect((await call(null, 'GET', `/api/files/${trackdown.fileId}`)).statusCode).toBe(404);
    });

    it('answers 404 for a file that is not the trackdown’s, 400 for a bad id', async () => {
      const other = await createTrackdown(ctx, await token(ADMIN), ob[1]!.beach_station_id, 'Other');
      expect((await call(OFFICER, 'GET', `/api/sourceTrackdown/${trackdown.id}/files/${other.fileId}`)).statusCode).toBe(404);
      expect((await call(OFFICER, 'GET', `/api/sourceTrackdown/${trackdown.id}/files/abc`)).statusCode).toBe(400);
      expect((await call(OFFICER, 'GET', '/api/sourceTrackdown/0')).statusCode).toBe(400);
      expect((await call(OFFICER, 'GET', '/api/beach/x/sourceTrackdown')).statusCode).toBe(400);
    });

    it('answers 401 without a token and 403 to a wrong role, in a foreign program and for unknown ids', async () => {
      const foreign = await createTrackdown(ctx, await token(ADMIN), primary(rv).beach_station_id, 'Rivers');
      const urls = [
        `/api/beach/${ob[1]!.beach_station_id}/sourceTrackdown`,
        `/api/sourceTrackdown/${trackdown.id}`,
        `/api/sourceTrackdown/${trackdown.id}/files/${trackdown.fileId}`,
      ];
      for (const url of urls) {
        expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
        expect((await call(SAMPLER, 'GET', url)).statusCode, url).toBe(403);
      }
      for (const url of [
        `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown`,
        `/api/sourceTrackdown/${foreign.id}`,
        `/api/sourceTrackdown/${foreign.id}/files/${foreign.fileId}`,
        '/api/beach/99999999/sourceTrackdown',
        '/api/sourceTrackdown/99999999',
        '/api/sourceTrackdown/99999999/files/1',
      ]) {
        expect((await call(OFFICER, 'GET', url)).statusCode, url).toBe(403);
      }
      expect((await call(ADMIN, 'GET', `/api/sourceTrackdown/${foreign.id}`)).statusCode).toBe(200);
    });
  });

  describe('update: POST /api/beach/{id}/sourceTrackdown/{tid} with _method=PUT', () => {
    it('replaces the text, changes, adds and deletes fixes and files; dropped bytes leave DATA_DIR/uploads; audited', async () => {
      const station = primary(ob).beach_station_id;
      const created = (await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown`, fullCreate())).json().payload;
      const id = created.source_trackdown_id;
      const fixId = created.attempted_fixes[0].source_attempted_fix_id;
      const entry = created.trackdown_files[0];
      const oldPdfKey = (await keyOf(entry.file))!;
      const oldCsvKey = (await keyOf(created.water_quality_file))!;
      const res = await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown/${id}`, [
        ['_method', 'PUT'],
        ['identified_problems', 'Two illicit connections'],
        ['has_received_loan_or_grant', '1'],
        ['water_quality_file_delete', '1'],
        ['attempted_fixes[0][id]', String(fixId)],
        ['attempted_fixes[0][attempted_on]', addDays(today(), -2)],
        ['attempted_fixes[0][comments]', 'Lateral capped and sealed'],
        ['attempted_fixes[0][was_improved]', '0'],
        ['attempted_fixes[1][attempted_on]', addDays(today(), -1)],
        ['attempted_fixes[1][comments]', 'Roof drain disconnected'],
        ['attempted_fixes[1][was_improved]', '1'],
        ['trackdown_files[0][id]', String(entry.source_trackdown_file_id)],
        ['trackdown_files[0][delete]', '1'],
        ['trackdown_files[1][file]', { filename: 'after.pdf', bytes: pdfBytes('After') }],
        ['trackdown_files[1][description]', 'Results after the fix'],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_SAVED);
      const t = res.json().payload;
      expect(t).toMatchObject({ identified_problems: 'Two illicit connections', suggested_solutions: '', has_received_loan_or_grant: true, water_quality_file: null, water_quality_filename: null });
      expect(t.attempted_fixes).toEqual([
        { source_attempted_fix_id: fixId, attempted_on: addDays(today(), -2), comments: 'Lateral capped and sealed', was_improved: false },
        { source_attempted_fix_id: expect.any(Number), attempted_on: addDays(today(), -1), comments: 'Roof drain disconnected', was_improved: true },
      ]);
      expect(t.trackdown_files.map((f: { name: string; description: string }) => [f.name, f.description])).toEqual([['after.pdf', 'Results after the fix']]);
      expect(existsSync(path.join(uploadsDir(), oldPdfKey))).toBe(false);
      expect(existsSync(path.join(uploadsDir(), oldCsvKey))).toBe(false);
      expect(await keyOf(entry.file)).toBeUndefined();
      expect(existsSync(path.join(uploadsDir(), (await keyOf(t.trackdown_files[0].file))!))).toBe(true);

      // A file entry's new file replaces the old one's bytes; a fix deleted goes; entries not sent stay.
      const newEntry = t.trackdown_files[0];
      const replaced = await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown/${id}`, [
        ['_method', 'put'],
        ['identified_problems', 'Two illicit connections'],
        ['attempted_fixes[0][id]', String(fixId)],
        ['attempted_fixes[0][delete]', '1'],
        ['trackdown_files[0][id]', String(newEntry.source_trackdown_file_id)],
        ['trackdown_files[0][file]', { filename: 'after-v2.pdf', bytes: pdfBytes('After v2') }],
        ['trackdown_files[0][description]', 'Results after the fix (corrected)'],
      ]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const r = replaced.json().payload;
      expect(r.attempted_fixes.map((f: { comments: string }) => f.comments)).toEqual(['Roof drain disconnected']);
      expect(r.trackdown_files).toEqual([{ ...newEntry, file: expect.any(Number), name: 'after-v2.pdf', size_bytes: expect.any(Number), description: 'Results after the fix (corrected)' }]);
      expect(await keyOf(newEntry.file)).toBeUndefined();
      expect((await auditActions(id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    });

    it('needs _method=PUT, refuses entries of another trackdown and bad input, and changes nothing then', async () => {
      const station = primary(ob).beach_station_id;
      const mine = (await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown`, fullCreate())).json().payload;
      const other = (await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown`, fullCreate())).json().payload;
      const url = `/api/beach/${station}/sourceTrackdown/${mine.source_trackdown_id}`;
      const before = await snapshot();
      const cases: [Part[], string, string][] = [
        [[['description', 'no method']], '_method', SOURCE_TRACKDOWN_MESSAGES.updateMethod],
        [[['_method', 'DELETE']], '_method', SOURCE_TRACKDOWN_MESSAGES.updateMethod],
        [[['_method', 'PUT'], ['attempted_fixes[0][id]', String(other.attempted_fixes[0].source_attempted_fix_id)], ['attempted_fixes[0][delete]', '1']], 'attempted_fixes.0.id', SOURCE_TRACKDOWN_MESSAGES.unknownFix],
        [[['_method', 'PUT'], ['trackdown_files[0][id]', String(other.trackdown_files[0].source_trackdown_file_id)], ['trackdown_files[0][delete]', '1']], 'trackdown_files.0.id', SOURCE_TRACKDOWN_MESSAGES.unknownFile],
        [[['_method', 'PUT'], ['trackdown_files[0][delete]', '1']], 'trackdown_files.0.delete', SOURCE_TRACKDOWN_MESSAGES.deleteNeedsId],
        [
          [
            ['_method', 'PUT'],
            ['description', 'kept?'],
            ['trackdown_files[0][file]', { filename: 'ok.pdf', bytes: pdfBytes() }],
            ['attempted_fixes[0][attempted_on]', addDays(today(), 5)],
          ],
          'attempted_fixes.0.attempted_on',
          SOURCE_TRACKDOWN_MESSAGES.dateAfterTomorrow,
        ],
      ];
      for (const [parts, field, message] of cases) {
        const res = await call(OFFICER, 'POST', url, parts);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().payload, field).toContainEqual({ field, message });
      }
      const polyglot = await call(OFFICER, 'POST', url, [
        ['_method', 'PUT'],
        ['water_quality_file', { filename: 'w.pdf', bytes: Buffer.concat([pdfBytes(), Buffer.from('<script>alert(1)</script>')]) }],
      ]);
      expect(polyglot.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
      expect((await call(OFFICER, 'GET', `/api/sourceTrackdown/${mine.source_trackdown_id}`)).json().payload).toEqual(mine);
    });

    it('answers 401, then 403 to a wrong role, a foreign program, an unknown trackdown or one of another station, before reading the form', async () => {
      const station = primary(ob).beach_station_id;
      const mine = await createTrackdown(ctx, await token(ADMIN), station, 'Mine');
      const foreign = await createTrackdown(ctx, await token(ADMIN), primary(rv).beach_station_id, 'Foreign');
      const put: Part[] = [['_method', 'PUT'], ['description', 'Changed']];
      const garbage: Part[] = [['attempted_fixes[0][attempted_on]', 'no']];
      expect((await call(null, 'POST', `/api/beach/${station}/sourceTrackdown/${mine.id}`, put)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', `/api/beach/${station}/sourceTrackdown/${mine.id}`, garbage)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown/${foreign.id}`, garbage)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown/${foreign.id}`, put)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/beach/${ob[1]!.beach_station_id}/sourceTrackdown/${mine.id}`, put)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown/99999999`, put)).statusCode).toBe(403);
      expect((await call(ADMIN, 'GET', `/api/sourceTrackdown/${mine.id}`)).json().payload.description).toBe('');
    });
  });

  describe('DELETE /api/beach/{id}/sourceTrackdown/{tid}', () => {
    it('deletes the trackdown, its fixes and file entries, and removes its bytes from DATA_DIR/uploads; audited', async () => {
      const station = primary(ob).beach_station_id;
      const created = (await call(OFFICER, 'POST', `/api/beach/${station}/sourceTrackdown`, fullCreate())).json().payload;
      const keys = [(await keyOf(created.trackdown_files[0].file))!, (await keyOf(created.water_quality_file))!];
      for (const key of keys) expect(existsSync(path.join(uploadsDir(), key))).toBe(true);
      const before = await snapshot();
      const res = await call(ADMIN, 'DELETE', `/api/beach/${station}/sourceTrackdown/${created.source_trackdown_id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_DELETED);
      for (const key of keys) expect(existsSync(path.join(uploadsDir(), key))).toBe(false);
      expect(await snapshot()).toEqual({
        trackdowns: before.trackdowns - 1,
        fixes: before.fixes - 1,
        entries: before.entries - 1,
        files: before.files - 2,
        bytes: before.bytes - 2,
      });
      expect((await call(ADMIN, 'GET', `/api/sourceTrackdown/${created.source_trackdown_id}`)).statusCode).toBe(403);
      expect((await auditActions(created.source_trackdown_id)).map((a) => a.action)).toEqual(['CREATE', 'DELETE']);
    });

    it('answers 401, 403 to a surveys USER (deleting is an ADMIN’s), a wrong role, a foreign program and unknown ids; nothing is deleted', async () => {
      const station = primary(ob).beach_station_id;
      const mine = await createTrackdown(ctx, await token(ADMIN), station, 'Keep');
      const foreign = await createTrackdown(ctx, await token(ADMIN), primary(rv).beach_station_id, 'Keep foreign');
      const before = await snapshot();
      expect((await call(null, 'DELETE', `/api/beach/${station}/sourceTrackdown/${mine.id}`)).statusCode).toBe(401);
      const officer = await call(OFFICER, 'DELETE', `/api/beach/${station}/sourceTrackdown/${mine.id}`);
      expect(officer.statusCode).toBe(403);
      expect(officer.json().message).toContain('administrator');
      expect((await call(SAMPLER, 'DELETE', `/api/beach/${station}/sourceTrackdown/${mine.id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'DELETE', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown/${foreign.id}`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `/api/beach/${station}/sourceTrackdown/${foreign.id}`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `/api/beach/${station}/sourceTrackdown/99999999`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `/api/beach/${station}/sourceTrackdown/x`)).statusCode).toBe(400);
      const json = { headers: { 'content-type': 'application/json' }, payload: '{"a": ' };
      expect((await ctx.call({ method: 'DELETE', url: `/api/beach/${station}/sourceTrackdown/${mine.id}`, token: await token(OFFICER), ...json })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the incident a trackdown follows up (issue 28)', () => {
    /** Incidents opened by an incidents admin: two at the Ocean primary, one at another Ocean station, one in Rivers. */
    let here: number;
    let alsoHere: number;
    let otherStation: number;
    let foreignProgram: number;
    const station = () => primary(ob).beach_station_id;
    const openIncident = async (stationId: number, startDate: string) => {
      const opened = await ctx.call({
        method: 'POST',
        url: `/api/beach/${stationId}/incidents`,
        token: await token(ADMIN),
        payload: { start_date: startDate, reason_code: 'ELEV_BACT', source_code: 'STORM', additional_overall_comments: 'Trackdown follow-up test' },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      return opened.json().payload.incident_id as number;
    };
    beforeAll(async () => {
      here = await openIncident(station(), addDays(today(), -4));
      alsoHere = await openIncident(station(), addDays(today(), -2));
      otherStation = await openIncident(ob.find((s) => s.beach_station_id !== station())!.beach_station_id, addDays(today(), -3));
      foreignProgram = await openIncident(primary(rv).beach_station_id, addDays(today(), -3));
    });

    it('records the incident on a create, shows it on the trackdown, lists the station incidents and filters by incident', async () => {
      const res = await call(OFFICER, 'POST', `/api/beach/${station()}/sourceTrackdown`, [
        ['incident_id', String(here)],
        ['description', 'Follow-up of the storm advisory'],
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const t = res.json().payload;
      expect(t.incident).toEqual({ incident_id: here, beach_station_id: station(), start_date: addDays(today(), -4), end_date: null, state: 'OPEN', reason_name: expect.any(String) });
      expect((await call(OFFICER, 'GET', `/api/sourceTrackdown/${t.source_trackdown_id}`)).json().payload.incident.incident_id).toBe(here);

      const all = (await call(OFFICER, 'GET', `/api/beach/${station()}/sourceTrackdown`)).json().payload;
      expect(all.incidents.map((i: { incident_id: number }) => i.incident_id)).toEqual(expect.arrayContaining([here, alsoHere]));
      expect(all.incidents.every((i: { beach_station_id: number }) => i.beach_station_id === station())).toBe(true);
      const filtered = await call(OFFICER, 'GET', `/api/beach/${station()}/sourceTrackdown?incident_id=${here}`);
      expect(filtered.statusCode, filtered.body).toBe(200);
      expect(filtered.json().payload.list.map((x: { source_trackdown_id: number }) => x.source_trackdown_id)).toEqual([t.source_trackdown_id]);
      expect((await call(OFFICER, 'GET', `/api/beach/${station()}/sourceTrackdown?incident_id=${alsoHere}`)).json().payload.list).toEqual([]);
    });

    it('keeps the incident on an update that does not send it, changes it when sent, clears it when sent empty; unlinks it when the incident is deleted', async () => {
      const created = (await call(OFFICER, 'POST', `/api/beach/${station()}/sourceTrackdown`, [['incident_id', String(here)]])).json().payload;
      const url = `/api/beach/${station()}/sourceTrackdown/${created.source_trackdown_id}`;
      const kept = await call(OFFICER, 'POST', url, [['_method', 'PUT'], ['description', 'Edited']]);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().payload.incident.incident_id).toBe(here);
      const changed = await call(OFFICER, 'POST', url, [['_method', 'PUT'], ['incident_id', String(alsoHere)]]);
      expect(changed.json().payload.incident.incident_id).toBe(alsoHere);
      const cleared = await call(OFFICER, 'POST', url, [['_method', 'PUT'], ['incident_id', '']]);
      expect(cleared.json().payload.incident).toBeNull();

      const doomed = await openIncident(station(), addDays(today(), -1));
      const linked = (await call(OFFICER, 'POST', `/api/beach/${station()}/sourceTrackdown`, [['incident_id', String(doomed)]])).json().payload;
      expect((await call(ADMIN, 'DELETE', `/api/incidents/${doomed}`)).statusCode).toBe(200);
      expect((await call(OFFICER, 'GET', `/api/sourceTrackdown/${linked.source_trackdown_id}`)).json().payload.incident).toBeNull();
    });

    it("refuses an incident of another station, of another program, unknown or malformed (400 on incident_id) and writes nothing", async () => {
      const mine = (await call(OFFICER, 'POST', `/api/beach/${station()}/sourceTrackdown`, [['incident_id', String(here)]])).json().payload;
      const before = await snapshot();
      for (const value of [String(otherStation), String(foreignProgram), '99999999', 'abc', '0']) {
        const created = await call(OFFICER, 'POST', `/api/beach/${station()}/sourceTrackdown`, [['incident_id', value], ['description', 'x']]);
        expect(created.statusCode, `${value}: ${created.body}`).toBe(400);
        expect(created.json().payload, value).toContainEqual({ field: 'incident_id', message: SOURCE_TRACKDOWN_MESSAGES.incident });
        const updated = await call(OFFICER, 'POST', `/api/beach/${station()}/sourceTrackdown/${mine.source_trackdown_id}`, [['_method', 'PUT'], ['incident_id', value]]);
        expect(updated.statusCode, `${value}: ${updated.body}`).toBe(400);
        expect(updated.json().payload, value).toContainEqual({ field: 'incident_id', message: SOURCE_TRACKDOWN_MESSAGES.incident });
        const listed = await call(OFFICER, 'GET', `/api/beach/${station()}/sourceTrackdown?incident_id=${value}`);
        expect(listed.statusCode, `${value}: ${listed.body}`).toBe(400);
      }
      expect(await snapshot()).toEqual(before);
      expect((await call(OFFICER, 'GET', `/api/sourceTrackdown/${mine.source_trackdown_id}`)).json().payload.incident.incident_id).toBe(here);
    });

    it('answers 401 without a token, 403 to a wrong role and in a program where the caller may not use trackdowns, incident named or not', async () => {
      const foreign = await createTrackdown(ctx, await token(ADMIN), primary(rv).beach_station_id, 'Rivers follow-up');
      const before = await snapshot();
      const withIncident: Part[] = [['incident_id', String(here)]];
      expect((await call(null, 'POST', `/api/beach/${station()}/sourceTrackdown`, withIncident)).statusCode).toBe(401);
      expect((await call(null, 'GET', `/api/beach/${station()}/sourceTrackdown?incident_id=${here}`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', `/api/beach/${station()}/sourceTrackdown`, withIncident)).statusCode).toBe(403);
      expect((await call(SAMPLER, 'GET', `/api/beach/${station()}/sourceTrackdown?incident_id=${here}`)).statusCode).toBe(403);
      // The health officer has no Rivers program: its station and its incident are refused alike.
      expect((await call(OFFICER, 'POST', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown`, [['incident_id', String(foreignProgram)]])).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown?incident_id=${foreignProgram}`)).statusCode).toBe(403);
      expect(
        (await call(OFFICER, 'POST', `/api/beach/${primary(rv).beach_station_id}/sourceTrackdown/${foreign.id}`, [['_method', 'PUT'], ['incident_id', String(foreignProgram)]])).statusCode,
      ).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });
});
