import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { latestSampleDate, REPORT_CODES, REPORT_MESSAGES, type PublicReport, type ReportRecord } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { audits, countRows, fileKeys, form, hostileFiles, PDF, png, storedKeys, uploadsDir, type FormFile } from './content-upload-fixtures';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

/** Reports and Publications management (SPEC 7): multipart create and update, delete, ranks; public reads follow. */
let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';
const TABLE = 'reports_and_publications';

const send = async (who: string | null, url: string, fields: Record<string, string>, files: FormFile[] = []) =>
  ctx.call({ method: 'POST', url, token: who ? await token(who) : undefined, ...form(fields, files) });
const call = async (who: string | null, method: 'GET' | 'PUT' | 'DELETE', url: string) => ctx.call({ method, url, token: who ? await token(who) : undefined });
const publicReports = async () => (await ctx.call({ method: 'GET', url: '/api/public/reportsAndPublications/' })).json().payload as PublicReport[];
const ranks = async () => (await queryRows<{ rank: number }>(ctx.database.db, sql`select rank from reports_and_publications order by rank, report_and_publication_id`)).map((r) => r.rank);
const pdfFile = (filename = 'Beach report 2026.pdf'): FormFile => ({ field: 'file', filename, bytes: PDF, contentType: 'application/pdf' });
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let place: { county_id: number; municipality_id: number; beach_station_id: number; program_id: number; other_county_id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  const [station] = await queryRows<{ beach_station_id: number; municipality_id: number; county_id: number; program_id: number }>(
    ctx.database.db,
    sql`select st.beach_station_id, b.municipality_id, m.county_id, b.program_id from beach_stations st
        join beaches b on b.beach_id = st.beach_id join municipalities m on m.municipality_id = b.municipality_id
        where st.public_visible and st.active order by st.beach_station_id limit 1`,
  );
  const [other] = await queryRows<{ county_id: number }>(ctx.database.db, sql`select county_id from counties where county_id <> ${station!.county_id} limit 1`);
  place = { ...station!, other_county_id: other!.county_id };
}, 300_000);
afterAll(() => ctx?.close());

describe(`reports and publications on ${DATABASE_KIND}`, () => {
  it('creates a report with a PDF at the end of the list; the public page lists it and its file downloads; audited', async () => {
    const before = await publicReports();
    const res = await send(ADMIN, '/api/reportAndPublication', {
      title: 'Summer 2026 water quality',
      date: '2026-06-30',
      is_publication: '0',
      county_id: String(place.county_id),
      municipality_id: String(place.municipality_id),
      beach_station_id: String(place.beach_station_id),
      program_id: String(place.program_id),
    }, [pdfFile()]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().code).toBe(REPORT_CODES.REPORT_CREATED);
    const report = res.json().payload as ReportRecord;
    expect(report).toMatchObject({
      title: 'Summer 2026 water quality',
      description: 'N/A',
      date: '2026-06-30',
      url: null,
      is_publication: false,
      type: 'application/pdf',
      name: 'Beach report 2026.pdf',
      rank: Math.max(0, ...before.map((r) => r.rank)) + 1,
      upload_file: `/api/files/${report.file_id}`,
    });
    expect(report.station_name).toBeTruthy();
    const listed = (await publicReports()).find((r) => r.report_and_publication_id === report.report_and_publication_id);
    expect(listed).toMatchObject({ upload_file: report.upload_file, name: 'Beach report 2026.pdf' });
    const download = await ctx.call({ method: 'GET', url: report.upload_file! });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // The staff reads: the list, the one report, the station's reports.
    expect((await call(ADMIN, 'GET', '/api/reportAndPublication')).json().payload).toContainEqual(report);
    expect((await call(ADMIN, 'GET', `/api/reportAndPublication/${report.report_and_publication_id}`)).json()).toMatchObject({ code: REPORT_CODES.REPORT_FOUND, payload: report });
    const station = await call(ADMIN, 'GET', `/api/beach/${place.beach_station_id}/reportsAndPublications`);
    expect(station.statusCode).toBe(200);
    expect((station.json().payload as ReportRecord[]).map((r) => r.report_and_publication_id)).toContain(report.report_and_publication_id);
    expect((await audits(ctx, TABLE, report.report_and_publication_id)).map((a) => a.action)).toEqual(['CREATE']);
  });

  it('creates a publication that is a web address only', async () => {
    const res = await send(ADMIN, '/api/reportAndPublication', {
      title: 'EPA BEACH Act grant guidance',
      description: 'Federal guidance',
      date: '2026-05-01',
      url: 'https://www.epa.gov/beaches',
      is_publication: '1',
      county_id: 'N/A',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload).toMatchObject({ is_publication: true, url: 'https://www.epa.gov/beaches', file_id: null, upload_file: null, county_id: null, description: 'Federal guidance' });
  });

  it('updates with _method=PUT: a new file replaces the old one (whose bytes go), delete_file drops it; the rank stays', async () => {
    const created = (await send(ADMIN, '/api/reportAndPublication', { title: 'Draft', date: '2026-06-01' }, [pdfFile('draft.pdf')])).json().payload as ReportRecord;
    const oldKeys = await fileKeys(ctx, created.file_id!);
    expect(existsSync(path.join(uploadsDir(ctx), oldKeys[0]!))).toBe(true);

    const photo = await png();
    const replaced = await send(ADMIN, `/api/reportAndPublication/${created.report_and_publication_id}`, { _method: 'PUT', title: 'Final', date: '2026-06-02' }, [
      { field: 'file', filename: 'cover.jpg', bytes: photo },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const saved = replaced.json().payload as ReportRecord;
    expect(replaced.json().code).toBe(REPORT_CODES.REPORT_SAVED);
    expect(saved).toMatchObject({ title: 'Final', date: '2026-06-02', rank: created.rank, type: 'image/webp', name: 'cover.webp' });
    expect(saved.file_id).not.toBe(created.file_id);
    expect(existsSync(path.join(uploadsDir(ctx), oldKeys[0]!))).toBe(false);
    expect((await ctx.call({ method: 'GET', url: `/api/files/${created.file_id}` })).statusCode).toBe(404);

    // Dropping the file needs a web address.
    const noSource = await send(ADMIN, `/api/reportAndPublication/${created.report_and_publication_id}`, { _method: 'PUT', title: 'Final', date: '2026-06-02', delete_file: '1' });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().payload).toContainEqual({ field: 'file', message: REPORT_MESSAGES.fileOrUrl });
    const dropped = await send(ADMIN, `/api/reportAndPublication/${created.report_and_publication_id}`, {
      _method: 'PUT',
      title: 'Final',
      date: '2026-06-02',
      delete_file: '1',
      url: 'https://example.org/final',
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().payload).toMatchObject({ file_id: null, upload_file: null, type: null, name: null, url: 'https://example.org/final' });
    const savedKeys = await fileKeys(ctx, saved.file_id!);
    expect(savedKeys).toEqual([]);
    const history = await audits(ctx, TABLE, created.report_and_publication_id);
    expect(history.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(JSON.stringify(history[1]!.before)).toContain('Draft');
    expect(JSON.stringify(history[1]!.after)).toContain('Final');

    // Without the method override a POST to the report is refused.
    const bare = await send(ADMIN, `/api/reportAndPublication/${created.report_and_publication_id}`, { title: 'X', date: '2026-06-02', url: 'https://example.org' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(REPORT_MESSAGES.method);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const count = await countRows(ctx, TABLE);
    const files = await countRows(ctx, 'uploaded_files');
    const tomorrow = latestSampleDate();
    const cases: [Record<string, string>, string][] = [
      [{ title: 'Neither', date: '2026-06-01' }, 'file'],
      [{ title: ' ', date: '2026-06-01', url: 'https://example.org' }, 'title'],
      [{ title: 'Bad day', date: '2026-02-30', url: 'https://example.org' }, 'date'],
      [{ title: 'Bad day', date: '06/01/2026', url: 'https://example.org' }, 'date'],
      [{ title: 'Future', date: addDays(tomorrow, 1), url: 'https://example.org' }, 'date'],
      [{ title: 'Script', date: '2026-06-01', url: 'javascript:alert(1)' }, 'url'],
      [{ title: 'Flag', date: '2026-06-01', url: 'https://example.org', is_publication: 'yes' }, 'is_publication'],
      [{ title: 'Id', date: '2026-06-01', url: 'https://example.org', county_id: '99999999999' }, 'county_id'],
      [{ title: 'Unknown', date: '2026-06-01', url: 'https://example.org', beach_station_id: '2147483647' }, 'beach_station_id'],
      [{ title: 'Elsewhere', date: '2026-06-01', url: 'https://example.org', county_id: String(place.other_county_id), municipality_id: String(place.municipality_id) }, 'municipality_id'],
    ];
    for (const [fields, field] of cases) {
      const res = await send(ADMIN, '/api/reportAndPublication', fields);
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(400);
      expect((res.json().payload as { field: string }[]).map((i) => i.field)).toContain(field);
    }
    // A day after tomorrow says so.
    expect((await send(ADMIN, '/api/reportAndPublication', { title: 'F', date: addDays(tomorrow, 1), url: 'https://example.org' })).json().message).toBe(REPORT_MESSAGES.dateAfterTomorrow);
    // Two files, or a file in another field.
    expect((await send(ADMIN, '/api/reportAndPublication', { title: 'Two', date: '2026-06-01' }, [pdfFile(), pdfFile('b.pdf')])).statusCode).toBe(400);
    expect((await send(ADMIN, '/api/reportAndPublication', { title: 'Field', date: '2026-06-01' }, [{ ...pdfFile(), field: 'photo' }])).statusCode).toBe(400);
    // Not multipart at all.
    const json = await ctx.call({ method: 'POST', url: '/api/reportAndPublication', token: await token(ADMIN), payload: { title: 'JSON', date: '2026-06-01', url: 'https://example.org' } });
    expect(json.statusCode).toBe(415);
    expect(await countRows(ctx, TABLE)).toBe(count);
    expect(await countRows(ctx, 'uploaded_files')).toBe(files);
  });

  it('refuses hostile uploads (create and update) and keeps neither a row nor bytes', async () => {
    const existing = (await send(ADMIN, '/api/reportAndPublication', { title: 'Kept', date: '2026-06-01' }, [pdfFile('kept.pdf')])).json().payload as ReportRecord;
    const count = await countRows(ctx, TABLE);
    const files = await countRows(ctx, 'uploaded_files');
    const keys = storedKeys(ctx);
    for (const { label, file, status } of await hostileFiles('file')) {
      const created = await send(ADMIN, '/api/reportAndPublication', { title: label, date: '2026-06-01' }, [file]);
      expect(created.statusCode, `${label}: ${created.body.slice(0, 200)}`).toBe(status);
      const updated = await send(ADMIN, `/api/reportAndPublication/${existing.report_and_publication_id}`, { _method: 'PUT', title: label, date: '2026-06-01' }, [file]);
      expect(updated.statusCode, `${label} (update)`).toBe(status);
    }
    expect(await countRows(ctx, TABLE)).toBe(count);
    expect(await countRows(ctx, 'uploaded_files')).toBe(files);
    expect(storedKeys(ctx)).toEqual(keys);
    expect((await call(ADMIN, 'GET', `/api/reportAndPublication/${existing.report_and_publication_id}`)).json().payload).toMatchObject({ title: 'Kept', file_id: existing.file_id });
  });

  it('moves up and down without gaps; delete removes the file bytes and closes the gap', async () => {
    const a = (await send(ADMIN, '/api/reportAndPublication', { title: 'Rank A', date: '2026-06-01', url: 'https://example.org/a' })).json().payload as ReportRecord;
    const b = (await send(ADMIN, '/api/reportAndPublication', { title: 'Rank B', date: '2026-06-01' }, [pdfFile('b.pdf')])).json().payload as ReportRecord;
    expect(b.rank).toBe(a.rank + 1);
    const up = await call(ADMIN, 'PUT', `/api/reportAndPublication/${b.report_and_publication_id}/rank/up`);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().payload).toEqual({ id: b.report_and_publication_id, rank: a.rank, moved: true });
    const order = (await publicReports()).map((r) => r.report_and_publication_id);
    expect(order.indexOf(b.report_and_publication_id)).toBeLessThan(order.indexOf(a.report_and_publication_id));
    expect((await call(ADMIN, 'PUT', `/api/reportAndPublication/${b.report_and_publication_id}/rank/down`)).json().payload.moved).toBe(true);
    expect((await call(ADMIN, 'PUT', `/api/reportAndPublication/${b.report_and_publication_id}/rank/sideways`)).statusCode).toBe(400);

    const keys = await fileKeys(ctx, b.file_id!);
    const del = await call(ADMIN, 'DELETE', `/api/reportAndPublication/${b.report_and_publication_id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().code).toBe(REPORT_CODES.REPORT_DELETED);
    expect(existsSync(path.join(uploadsDir(ctx), keys[0]!))).toBe(false);
    expect(await fileKeys(ctx, b.file_id!)).toEqual([]);
    expect((await ctx.call({ method: 'GET', url: `/api/files/${b.file_id}` })).statusCode).toBe(404);
    expect((await publicReports()).some((r) => r.report_and_publication_id === b.report_and_publication_id)).toBe(false);
    const after = await ranks();
    expect(after).toEqual(after.map((_, i) => i + 1));
    expect((await audits(ctx, TABLE, b.report_and_publication_id)).map((x) => x.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
  });

  it('refuses in order: 401 without a token, 403 for a non-admin organization (before the body), 404 for unknown ids', async () => {
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select report_and_publication_id as id from reports_and_publications order by 1 limit 1`)) as [{ id: number }];
    const hostile = (await hostileFiles('file'))[0]!.file;
    for (const who of [null, HEALTH]) {
      const status = who ? 403 : 401;
      expect((await call(who, 'GET', '/api/reportAndPublication')).statusCode).toBe(status);
      expect((await call(who, 'GET', `/api/reportAndPublication/${id}`)).statusCode).toBe(status);
      expect((await call(who, 'GET', `/api/beach/${place.beach_station_id}/reportsAndPublications`)).statusCode).toBe(status);
      expect((await send(who, '/api/reportAndPublication', { nonsense: 'x' }, [hostile])).statusCode).toBe(status);
      expect((await send(who, `/api/reportAndPublication/${id}`, { _method: 'PUT' }, [hostile])).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/reportAndPublication/${id}`)).statusCode).toBe(status);
      expect((await call(who, 'PUT', `/api/reportAndPublication/${id}/rank/up`)).statusCode).toBe(status);
    }
    expect((await call(ADMIN, 'GET', '/api/reportAndPublication/99999999')).statusCode).toBe(404);
    expect((await send(ADMIN, '/api/reportAndPublication/99999999', { _method: 'PUT', title: 'x', date: '2026-06-01', url: 'https://example.org' })).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/reportAndPublication/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/reportAndPublication/99999999/rank/up')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/beach/99999999/reportsAndPublications')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/reportAndPublication/abc')).statusCode).toBe(400);
  });
});
