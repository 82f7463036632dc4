import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { FLIGHT_CODES, FLIGHT_MESSAGES, latestSampleDate, type DailyFlightRecord, type PublicFlight, type PublicFlightSummary } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { audits, countRows, fileKeys, form, hostileFiles, PDF, png, storedKeys, uploadsDir, type FormFile } from './content-upload-fixtures';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

/** Daily Flights management (SPEC 7: JSON CRUD; photos and files by their own multipart call, decision 0028). */
let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';
const TABLE = 'daily_flights';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string | null, method: Method, url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, ...(payload ? { payload } : {}) });
const upload = async (who: string | null, id: number, fields: Record<string, string>, files: FormFile[]) =>
  ctx.call({ method: 'POST', url: `/api/dailyFlights/${id}/files`, token: who ? await token(who) : undefined, ...form(fields, files) });
const publicList = async () => (await ctx.call({ method: 'GET', url: '/api/public/dailyFlights/' })).json().payload as PublicFlightSummary[];
const publicFlight = async (id: number) => ctx.call({ method: 'GET', url: `/api/public/dailyFlights/${id}` });
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Days no seeded flight uses (the demo flies in its latest data year). */
let day = 0;
const freeDay = () => addDays('2001-06-01', day++);
const flightBody = (date: string, extra: Record<string, string> = {}) => ({
  flight_date: date,
  status: 'FLOWN',
  flight_path: 'Sandy Hook to Cape May',
  floatables: 'Slick off Seaside Heights',
  algal_blooms: '',
  ...extra,
});
const newFlight = async (date = freeDay()) => {
  const res = await call(ADMIN, 'POST', '/api/dailyFlights/', flightBody(date));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as DailyFlightRecord;
};

beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

describe(`daily flights on ${DATABASE_KIND}`, () => {
  it('creates, reads, updates and deletes a flight (JSON); the public pages follow at once; audited', async () => {
    const date = freeDay();
    const res = await call(ADMIN, 'POST', '/api/dailyFlights/', flightBody(date, { wildlife: 'Dolphins off Barnegat' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().code).toBe(FLIGHT_CODES.FLIGHT_CREATED);
    const flight = res.json().payload as DailyFlightRecord;
    expect(flight).toMatchObject({
      flight_date: date,
      status: 'FLOWN',
      flight_path: 'Sandy Hook to Cape May',
      floatables: 'Slick off Seaside Heights',
      debris: '',
      wildlife: 'Dolphins off Barnegat',
      photos: [],
      files: [],
    });
    expect((await publicList()).find((f) => f.daily_flight_id === flight.daily_flight_id)).toEqual({
      daily_flight_id: flight.daily_flight_id,
      flight_date: date,
      status: 'FLOWN',
      flight_path: 'Sandy Hook to Cape May',
      photo_count: 0,
      file_count: 0,
    });
    expect((await call(ADMIN, 'GET', '/api/dailyFlights/')).json().payload).toContainEqual(flight);
    expect((await call(ADMIN, 'GET', `/api/dailyFlights/${flight.daily_flight_id}`)).json()).toEqual({ code: FLIGHT_CODES.FLIGHT_FOUND, payload: flight });

    const saved = await call(ADMIN, 'PUT', `/api/dailyFlights/${flight.daily_flight_id}`, flightBody(date, { status: 'CANCELLED_WEATHER', flight_path: '', notes: 'Fog' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ code: FLIGHT_CODES.FLIGHT_SAVED, payload: { status: 'CANCELLED_WEATHER', flight_path: '', notes: 'Fog', wildlife: '' } });
    const detail = (await publicFlight(flight.daily_flight_id)).json().payload as PublicFlight;
    expect(detail).toMatchObject({ status: 'CANCELLED_WEATHER', observations: { notes: 'Fog' }, photos: [], files: [] });

    const del = await call(ADMIN, 'DELETE', `/api/dailyFlights/${flight.daily_flight_id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().code).toBe(FLIGHT_CODES.FLIGHT_DELETED);
    expect((await publicFlight(flight.daily_flight_id)).statusCode).toBe(404);
    expect((await audits(ctx, TABLE, flight.daily_flight_id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('keeps one flight a day: a second flight on a day, or moving one onto a taken day, answers 409 naming the day', async () => {
    const first = await newFlight();
    const second = await newFlight();
    const count = await countRows(ctx, TABLE);
    const taken = await call(ADMIN, 'POST', '/api/dailyFlights/', flightBody(first.flight_date));
    expect(taken.statusCode).toBe(409);
    const message = FLIGHT_MESSAGES.dateTaken(first.flight_date);
    expect(taken.json()).toEqual({ code: FLIGHT_CODES.FLIGHT_DATE_TAKEN, message, payload: [{ field: 'flight_date', message }] });
    const moved = await call(ADMIN, 'PUT', `/api/dailyFlights/${second.daily_flight_id}`, flightBody(first.flight_date));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(message);
    expect(await countRows(ctx, TABLE)).toBe(count);
    // Saving a flight on its own day is no conflict.
    expect((await call(ADMIN, 'PUT', `/api/dailyFlights/${first.daily_flight_id}`, flightBody(first.flight_date, { notes: 'Same day' }))).statusCode).toBe(200);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const count = await countRows(ctx, TABLE);
    const tomorrow = latestSampleDate();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...flightBody('2026-02-30') }, 'flight_date'],
      [{ ...flightBody('06/01/2026') }, 'flight_date'],
      [{ ...flightBody(addDays(tomorrow, 1)) }, 'flight_date'],
      [{ ...flightBody('1899-12-31') }, 'flight_date'],
      [{ ...flightBody(freeDay()), status: 'CRASHED' }, 'status'],
      [{ ...flightBody(freeDay()), notes: 'x'.repeat(4001) }, 'notes'],
      [{ status: 'FLOWN' }, 'flight_date'],
    ];
    for (const [body, field] of cases) {
      const res = await call(ADMIN, 'POST', '/api/dailyFlights/', body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 100)} ${res.body}`).toBe(400);
      expect((res.json().payload as { field: string }[]).map((i) => i.field)).toContain(field);
    }
    expect((await call(ADMIN, 'POST', '/api/dailyFlights/', flightBody(addDays(tomorrow, 1)))).json().message).toBe('Date cannot be later than tomorrow');
    expect(await countRows(ctx, TABLE)).toBe(count);
  });

  it('adds a photo (re-encoded, thumbnail, no EXIF) and a file; the public report shows both; deleting one removes its bytes', async () => {
    const flight = await newFlight();
    const photo = await sharp(await png(1200, 800)).jpeg().withExif({ IFD0: { Make: 'PlaneCam' } }).toBuffer();
    const added = await upload(ADMIN, flight.daily_flight_id, { caption: 'Slick off Seaside Heights' }, [{ field: 'photo', filename: 'IMG_0001.JPG', bytes: photo }]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().code).toBe(FLIGHT_CODES.FLIGHT_FILE_ADDED);
    const withPhoto = added.json().payload as DailyFlightRecord;
    expect(withPhoto.photos).toEqual([expect.objectContaining({ caption: 'Slick off Seaside Heights', file: `/api/files/${withPhoto.photos[0]!.file_id}` })]);
    const image = await ctx.call({ method: 'GET', url: withPhoto.photos[0]!.file });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.includes(Buffer.from('PlaneCam'))).toBe(false);
    const thumb = await ctx.call({ method: 'GET', url: `${withPhoto.photos[0]!.file}?size=thumb` });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThan(1200);

    const withFile = await upload(ADMIN, flight.daily_flight_id, { caption: 'Observer log' }, [{ field: 'file', filename: 'log.pdf', bytes: PDF }]);
    expect(withFile.statusCode, withFile.body).toBe(201);
    const record = withFile.json().payload as DailyFlightRecord;
    expect(record.files).toEqual([expect.objectContaining({ name: 'log.pdf', type: 'application/pdf', size_bytes: PDF.length, description: 'Observer log' })]);
    const detail = (await publicFlight(flight.daily_flight_id)).json().payload as PublicFlight;
    expect(detail).toMatchObject({ photo_count: 1, file_count: 1 });
    expect(detail.photos.map((p) => p.file_id)).toEqual([record.photos[0]!.file_id]);
    expect(detail.files.map((f) => f.name)).toEqual(['log.pdf']);
    const download = await ctx.call({ method: 'GET', url: detail.files[0]!.file });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const keys = await fileKeys(ctx, record.files[0]!.file_id);
    const removed = await call(ADMIN, 'DELETE', `/api/dailyFlights/${flight.daily_flight_id}/files/${record.files[0]!.file_id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ code: FLIGHT_CODES.FLIGHT_FILE_DELETED, payload: { files: [] } });
    expect(existsSync(path.join(uploadsDir(ctx), keys[0]!))).toBe(false);
    expect((await ctx.call({ method: 'GET', url: detail.files[0]!.file })).statusCode).toBe(404);
    // Another flight's file is not this flight's to delete.
    const other = await newFlight();
    expect((await call(ADMIN, 'DELETE', `/api/dailyFlights/${other.daily_flight_id}/files/${record.photos[0]!.file_id}`)).statusCode).toBe(404);

    // Deleting the flight removes the photo and its thumbnail.
    const photoKeys = await fileKeys(ctx, record.photos[0]!.file_id);
    expect(photoKeys).toHaveLength(2);
    expect((await call(ADMIN, 'DELETE', `/api/dailyFlights/${flight.daily_flight_id}`)).statusCode).toBe(200);
    for (const key of photoKeys) expect(existsSync(path.join(uploadsDir(ctx), key))).toBe(false);
    expect(await fileKeys(ctx, record.photos[0]!.file_id)).toEqual([]);
    expect((await audits(ctx, TABLE, flight.daily_flight_id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE', 'DELETE']);
  });

  it('refuses hostile or misplaced uploads and keeps neither a row nor bytes', async () => {
    const flight = await newFlight();
    const files = await countRows(ctx, 'uploaded_files');
    const keys = storedKeys(ctx);
    for (const field of ['photo', 'file']) {
      for (const { label, file, status } of await hostileFiles(field)) {
        const res = await upload(ADMIN, flight.daily_flight_id, { caption: label }, [file]);
        expect(res.statusCode, `${field}: ${label}: ${res.body.slice(0, 200)}`).toBe(status);
      }
    }
    // A PDF is no photo; no file at all, two files, or a file in another field are refused by name.
    const pdfAsPhoto = await upload(ADMIN, flight.daily_flight_id, {}, [{ field: 'photo', filename: 'report.pdf', bytes: PDF }]);
    expect(pdfAsPhoto.statusCode).toBe(400);
    expect(pdfAsPhoto.json().payload).toEqual([{ field: 'photo', message: expect.stringContaining('not an accepted type') }]);
    expect((await upload(ADMIN, flight.daily_flight_id, { caption: 'none' }, [])).statusCode).toBe(400);
    expect((await upload(ADMIN, flight.daily_flight_id, {}, [{ field: 'file', filename: 'a.pdf', bytes: PDF }, { field: 'file', filename: 'b.pdf', bytes: PDF }])).statusCode).toBe(400);
    expect((await upload(ADMIN, flight.daily_flight_id, {}, [{ field: 'attachment', filename: 'a.pdf', bytes: PDF }])).statusCode).toBe(400);
    expect((await upload(ADMIN, flight.daily_flight_id, { caption: 'x'.repeat(301) }, [{ field: 'file', filename: 'a.pdf', bytes: PDF }])).statusCode).toBe(400);
    expect(await countRows(ctx, 'uploaded_files')).toBe(files);
    expect(storedKeys(ctx)).toEqual(keys);
    expect((await call(ADMIN, 'GET', `/api/dailyFlights/${flight.daily_flight_id}`)).json().payload).toMatchObject({ photos: [], files: [] });
  });

  it('refuses in order: 401 without a token, 403 for a non-admin organization (before the body), 404 for unknown ids', async () => {
    const flight = await newFlight();
    const hostile = (await hostileFiles('photo'))[0]!.file;
    for (const who of [null, HEALTH]) {
      const status = who ? 403 : 401;
      expect((await call(who, 'GET', '/api/dailyFlights/')).statusCode).toBe(status);
      expect((await call(who, 'GET', `/api/dailyFlights/${flight.daily_flight_id}`)).statusCode).toBe(status);
      expect((await call(who, 'POST', '/api/dailyFlights/', { nonsense: true })).statusCode).toBe(status);
      expect((await call(who, 'PUT', `/api/dailyFlights/${flight.daily_flight_id}`, { nonsense: true })).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/dailyFlights/${flight.daily_flight_id}`)).statusCode).toBe(status);
      expect((await upload(who, flight.daily_flight_id, {}, [hostile])).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/dailyFlights/${flight.daily_flight_id}/files/1`)).statusCode).toBe(status);
    }
    expect((await call(ADMIN, 'GET', '/api/dailyFlights/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/dailyFlights/99999999', flightBody(freeDay()))).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/dailyFlights/99999999')).statusCode).toBe(404);
    expect((await upload(ADMIN, 99999999, {}, [{ field: 'file', filename: 'a.pdf', bytes: PDF }])).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/dailyFlights/99999999/files/1')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/dailyFlights/abc')).statusCode).toBe(400);
    const [{ n }] = (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from daily_flights where daily_flight_id = ${flight.daily_flight_id}`)) as [{ n: number }];
    expect(n).toBe(1);
  });
});
