import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { PHOTO_CODES, type BeachPhotoRecord } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { formBody, hostileFiles, jpegPhoto, pngPhoto, type FormFile } from './form-upload';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

/** Found on the Beach management (SPEC 7 Photos): organization admins only, multipart, audited, files with their rows. */
let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';

interface Place {
  county_id: number;
  municipality_id: number;
  beach_station_id: number;
  other_municipality_id: number;
}
let place: Place;

const send = async (who: string | null, url: string, fields: [string, string][], files: FormFile[] = []) => {
  const { payload, headers } = formBody(fields, files);
  return ctx.call({ method: 'POST', url, payload, headers, token: who ? await token(who) : undefined });
};
const call = async (who: string | null, method: 'GET' | 'PUT' | 'DELETE', url: string) => ctx.call({ method, url, token: who ? await token(who) : undefined });
const photoFile = async (name = 'IMG_0042.JPG'): Promise<FormFile> => ({ field: 'file', filename: name, bytes: await jpegPhoto(1200, 800), contentType: 'image/jpeg' });
const publicPhotos = async () => (await ctx.call({ method: 'GET', url: '/api/public/photos/' })).json().payload as (BeachPhotoRecord & { width: number | null })[];
const counts = async () =>
  (
    await queryRows<{ photos: number; files: number; audits: number }>(
      ctx.database.db,
      sql`select (select count(*)::int from beach_photos) as photos, (select count(*)::int from uploaded_files) as files,
                 (select count(*)::int from audit_log where table_name = 'beach_photos') as audits`,
    )
  )[0]!;
const storedFiles = () => {
  const root = path.join(ctx.deps.config.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
};
const keysOf = async (fileId: number) =>
  (await queryRows<{ storage_key: string; thumbnail_key: string }>(ctx.database.db, sql`select storage_key, thumbnail_key from uploaded_files where file_id = ${fileId}`))[0];
const ranks = async () => (await queryRows<{ rank: number }>(ctx.database.db, sql`select rank from beach_photos order by rank, beach_photo_id`)).map((r) => r.rank);
const fieldsOf = (values: Partial<Record<string, string>>): [string, string][] =>
  Object.entries({ title: 'Horseshoe crab', desc: 'Found at low tide', ...values }).filter((e): e is [string, string] => e[1] !== undefined);

beforeAll(async () => {
  ctx = await createTestContext();
  const [row] = await queryRows<Place>(
    ctx.database.db,
    sql`select m.county_id, m.municipality_id, s.beach_station_id,
               (select m2.municipality_id from municipalities m2 where m2.county_id <> m.county_id order by 1 limit 1) as other_municipality_id
        from beach_stations s join beaches b on b.beach_id = s.beach_id join municipalities m on m.municipality_id = b.municipality_id
        where s.public_visible and s.active order by s.beach_station_id limit 1`,
  );
  place = row!;
}, 300_000);
afterAll(() => ctx?.close());

describe(`Found on the Beach management on ${DATABASE_KIND}`, () => {
  it('uploads a photo at the end of the list, re-encoded with a thumbnail; the public gallery shows it; audited', async () => {
    const before = await publicPhotos();
    const res = await send(ADMIN, '/api/photos/', fieldsOf({ beach_station_id: String(place.beach_station_id) }), [await photoFile()]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().code).toBe(PHOTO_CODES.PHOTO_CREATED);
    const photo = res.json().payload as BeachPhotoRecord;
    // The station's municipality and county are filled in from it.
    expect(photo).toMatchObject({
      title: 'Horseshoe crab',
      desc: 'Found at low tide',
      beach_station_id: place.beach_station_id,
      municipality_id: place.municipality_id,
      county_id: place.county_id,
      name: 'IMG_0042.webp', // the stem, and the extension of what it was stored as (issue 27 item 5)
      type: 'image/webp',
      width: 1200,
      height: 800,
      rank: Math.max(0, ...before.map((p) => p.rank)) + 1,
      file: `/api/files/${photo.file_id}`,
      thumbnail: `/api/files/${photo.file_id}?size=thumb`,
    });
    expect((await publicPhotos()).at(-1)).toMatchObject({ beach_photo_id: photo.beach_photo_id, width: 1200, height: 800 });

    const display = await ctx.call({ method: 'GET', url: photo.file });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect((await sharp(display.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await ctx.call({ method: 'GET', url: photo.thumbnail });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);

    expect((await call(ADMIN, 'GET', `/api/photos/${photo.beach_photo_id}`)).json().payload).toEqual(photo);
    expect((await call(ADMIN, 'GET', '/api/photos')).json().payload).toContainEqual(photo);
    const station = await call(ADMIN, 'GET', `/api/beach/${place.beach_station_id}/photos`);
    expect(station.statusCode).toBe(200);
    expect((station.json().payload as BeachPhotoRecord[]).map((p) => p.beach_photo_id)).toContain(photo.beach_photo_id);
    const audit = await queryRows<{ action: string; after: string }>(
      ctx.database.db,
      sql`select action, after::text as after from audit_log where table_name = 'beach_photos' and record_id = ${String(photo.beach_photo_id)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['CREATE']);
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ title: 'Horseshoe crab' });
  });

  it('missing text is stored as N/A, a county alone is a place, and an update without a file keeps the image', async () => {
    const res = await send(ADMIN, '/api/photos/', [['title', 'Sand dollar'], ['county_id', String(place.county_id)]], [await photoFile('dollar.png')]);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().payload as BeachPhotoRecord;
    expect(photo).toMatchObject({ desc: 'N/A', county_id: place.county_id, municipality_id: null, beach_station_id: null });

    const saved = await send(ADMIN, `/api/photos/${photo.beach_photo_id}`, [
      ['_method', 'PUT'],
      ['title', 'Sand dollar (bleached)'],
      ['desc', 'Near the jetty'],
      ['county_id', String(place.county_id)],
      ['municipality_id', String(place.municipality_id)],
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      code: PHOTO_CODES.PHOTO_SAVED,
      payload: { title: 'Sand dollar (bleached)', desc: 'Near the jetty', municipality_id: place.municipality_id, file_id: photo.file_id, rank: photo.rank },
    });
    const audit = await queryRows<{ before: string; after: string }>(
      ctx.database.db,
      sql`select before::text as before, after::text as after from audit_log where table_name = 'beach_photos' and record_id = ${String(photo.beach_photo_id)} and action = 'UPDATE'`,
    );
    expect(JSON.parse(audit[0]!.before)).toMatchObject({ title: 'Sand dollar' });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ title: 'Sand dollar (bleached)' });
  });

  it('a new file replaces the image: the old bytes are gone after the save; delete removes the row, the bytes and the rank gap', async () => {
    const created = (await send(ADMIN, '/api/photos/', fieldsOf({}), [await photoFile('first.jpg')])).json().payload as BeachPhotoRecord;
    const oldKeys = (await keysOf(created.file_id))!;
    const root = path.join(ctx.deps.config.dataDir, 'uploads');
    expect(existsSync(path.join(root, oldKeys.storage_key))).toBe(true);

    const replaced = await send(ADMIN, `/api/photos/${created.beach_photo_id}`, [['_method', 'PUT'], ...fieldsOf({})], [
      { field: 'file', filename: 'second.png', bytes: await pngPhoto(300, 300), contentType: 'image/png' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const photo = replaced.json().payload as BeachPhotoRecord;
    expect(photo.file_id).not.toBe(created.file_id);
    expect(photo).toMatchObject({ name: 'second.webp', width: 300, height: 300 });
    expect(await keysOf(created.file_id)).toBeUndefined();
    expect(existsSync(path.join(root, oldKeys.storage_key))).toBe(false);
    expect(existsSync(path.join(root, oldKeys.thumbnail_key))).toBe(false);
    expect((await ctx.call({ method: 'GET', url: created.file })).statusCode).toBe(404);

    const newKeys = (await keysOf(photo.file_id))!;
    const first = (await call(ADMIN, 'GET', '/api/photos')).json().payload[0] as BeachPhotoRecord;
    const del = await call(ADMIN, 'DELETE', `/api/photos/${first.beach_photo_id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().code).toBe(PHOTO_CODES.PHOTO_DELETED);
    const r = await ranks();
    expect(r).toEqual(r.map((_, i) => i + 1));
    const gone = await call(ADMIN, 'DELETE', `/api/photos/${photo.beach_photo_id}`);
    expect(gone.statusCode).toBe(200);
    expect(existsSync(path.join(root, newKeys.storage_key))).toBe(false);
    expect(existsSync(path.join(root, newKeys.thumbnail_key))).toBe(false);
    expect((await publicPhotos()).some((p) => p.beach_photo_id === photo.beach_photo_id)).toBe(false);
    const audits = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where table_name = 'beach_photos' and record_id = ${String(photo.beach_photo_id)} order by audit_id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('moves a photo up and down without gaps or ties; the public gallery follows', async () => {
    for (const title of ['Moon snail', 'Whelk egg case', 'Skate egg case']) {
      expect((await send(ADMIN, '/api/photos/', fieldsOf({ title }), [await photoFile()])).statusCode).toBe(201);
    }
    const list = (await call(ADMIN, 'GET', '/api/photos')).json().payload as BeachPhotoRecord[];
    expect(list.length).toBeGreaterThan(2);
    const last = list.at(-1)!;
    for (let i = 0; i < list.length - 1; i++) {
      const res = await call(ADMIN, 'PUT', `/api/photos/${last.beach_photo_id}/rank/up`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await publicPhotos())[0]!.beach_photo_id).toBe(last.beach_photo_id);
    const top = await call(ADMIN, 'PUT', `/api/photos/${last.beach_photo_id}/rank/up`);
    expect(top.json().payload).toEqual({ id: last.beach_photo_id, rank: 1, moved: false });
    const down = await call(ADMIN, 'PUT', `/api/photos/${last.beach_photo_id}/rank/down`);
    expect(down.json().payload).toEqual({ id: last.beach_photo_id, rank: 2, moved: true });
    const r = await ranks();
    expect(r).toEqual(r.map((_, i) => i + 1));
    expect((await call(ADMIN, 'PUT', `/api/photos/${last.beach_photo_id}/rank/sideways`)).statusCode).toBe(400);
    expect((await call(ADMIN, 'PUT', '/api/photos/99999999/rank/up')).statusCode).toBe(404);
  });

  it('bad input: field messages, nothing written', async () => {
    const before = await counts();
    const files = storedFiles().length;
    const cases: { fields: [string, string][]; files: FormFile[]; field: string }[] = [
      { fields: [['desc', 'no title']], files: [await photoFile()], field: 'title' },
      { fields: fieldsOf({ title: 'x'.repeat(201) }), files: [await photoFile()], field: 'title' },
      { fields: fieldsOf({}), files: [], field: 'file' },
      { fields: fieldsOf({ county_id: 'abc' }), files: [await photoFile()], field: 'county_id' },
      { fields: fieldsOf({ county_id: '99999999999' }), files: [await photoFile()], field: 'county_id' },
      { fields: fieldsOf({ beach_station_id: '99999999' }), files: [await photoFile()], field: 'beach_station_id' },
      { fields: fieldsOf({ county_id: String(place.county_id), municipality_id: String(place.other_municipality_id) }), files: [await photoFile()], field: 'municipality_id' },
      {
        fields: fieldsOf({ municipality_id: String(place.other_municipality_id), beach_station_id: String(place.beach_station_id) }),
        files: [await photoFile()],
        field: 'beach_station_id',
      },
      { fields: fieldsOf({}), files: [{ ...(await photoFile()), field: 'photo' }], field: 'photo' },
      { fields: [['_method', 'PUT'], ...fieldsOf({})], files: [await photoFile()], field: '_method' },
    ];
    for (const c of cases) {
      const res = await send(ADMIN, '/api/photos/', c.fields, c.files);
      expect(res.statusCode, `${c.field}: ${res.body}`).toBe(400);
      expect(res.json().payload, res.body).toContainEqual(expect.objectContaining({ field: c.field }));
    }
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select beach_photo_id as id from beach_photos order by 1 limit 1`)) as [{ id: number }];
    const noMethod = await send(ADMIN, `/api/photos/${id}`, fieldsOf({}));
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().payload).toContainEqual(expect.objectContaining({ field: '_method' }));
    const json = await ctx.call({ method: 'POST', url: '/api/photos/', token: await token(ADMIN), payload: { title: 'json' } });
    expect(json.statusCode).toBe(415);
    expect((await send(ADMIN, '/api/photos/99999999', [['_method', 'PUT'], ...fieldsOf({})])).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/photos/abc')).statusCode).toBe(400);
    expect((await call(ADMIN, 'GET', '/api/photos/99999999999')).statusCode).toBe(400);
    expect((await call(ADMIN, 'GET', '/api/photos/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/beach/99999999/photos')).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(storedFiles().length).toBe(files);
  });

  it('hostile uploads are refused and nothing is written, on create and on replace', async () => {
    const before = await counts();
    const files = storedFiles().length;
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select beach_photo_id as id from beach_photos order by 1 limit 1`)) as [{ id: number }];
    for (const hostile of await hostileFiles('file')) {
      const targets: [string, [string, string][]][] = [
        ['/api/photos/', []],
        [`/api/photos/${id}`, [['_method', 'PUT']]],
      ];
      for (const [url, extra] of targets) {
        const res = await send(ADMIN, url, [...extra, ...fieldsOf({ title: 'Hostile' })], [hostile.file]);
        expect(res.statusCode, `${hostile.label} to ${url}: ${res.body.slice(0, 200)}`).toBe(hostile.status);
      }
    }
    expect(await counts()).toEqual(before);
    expect(storedFiles().length).toBe(files);
  }, 60_000);

  it('refuses in order: 401 without a token, 403 for staff of a non-admin organization (before the body is read)', async () => {
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select beach_photo_id as id from beach_photos order by 1 limit 1`)) as [{ id: number }];
    const before = await counts();
    for (const [who, status] of [
      [null, 401],
      [HEALTH, 403],
    ] as const) {
      expect((await call(who, 'GET', '/api/photos')).statusCode).toBe(status);
      expect((await call(who, 'GET', `/api/photos/${id}`)).statusCode).toBe(status);
      expect((await call(who, 'GET', `/api/beach/${place.beach_station_id}/photos`)).statusCode).toBe(status);
      expect((await send(who, '/api/photos/', fieldsOf({}), [await photoFile()])).statusCode).toBe(status);
      expect((await send(who, `/api/photos/${id}`, [['_method', 'PUT'], ...fieldsOf({})])).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/photos/${id}`)).statusCode).toBe(status);
      expect((await call(who, 'PUT', `/api/photos/${id}/rank/up`)).statusCode).toBe(status);
      // A refused caller's malformed body is not read: still 401/403.
      const broken = await ctx.call({
        method: 'POST',
        url: '/api/photos/',
        payload: 'not multipart',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        token: who ? await token(who) : undefined,
      });
      expect(broken.statusCode).toBe(status);
    }
    expect(await counts()).toEqual(before);
  });
});
