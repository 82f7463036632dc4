import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FAQ_CODES, faqFormFields, faqPhotoField, type FaqFormValues, type FaqRecord } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { formBody, hostileFiles, jpegPhoto, pngPhoto, type FormFile } from './form-upload';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tokenCache } from './results-fixtures';

/** FAQ management (SPEC 7 Map and content): organization admins only, multipart with faqPhoto[i] entries, audited. */
let ctx: TestContext;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';

const send = async (who: string | null, url: string, fields: [string, string][], files: FormFile[] = []) => {
  const { payload, headers } = formBody(fields, files);
  return ctx.call({ method: 'POST', url, payload, headers, token: who ? await token(who) : undefined });
};
const call = async (who: string | null, method: 'GET' | 'PUT' | 'DELETE', url: string) => ctx.call({ method, url, token: who ? await token(who) : undefined });
const photo = async (i: number, name = `photo-${i}.jpg`): Promise<FormFile> => ({ field: faqPhotoField(i, 'file'), filename: name, bytes: await jpegPhoto(800, 600), contentType: 'image/jpeg' });
const publicFaqs = async () => (await ctx.call({ method: 'GET', url: '/api/public/faqs/' })).json().payload as FaqRecord[];
const uploads = () => path.join(ctx.deps.config.dataDir, 'uploads');
const keysOf = async (fileIds: number[]) =>
  queryRows<{ storage_key: string; thumbnail_key: string }>(
    ctx.database.db,
    sql`select storage_key, thumbnail_key from uploaded_files where file_id in (${sql.join(fileIds.map((id) => sql`${id}`), sql`, `)})`,
  );
const counts = async () =>
  (
    await queryRows<{ faqs: number; photos: number; files: number; audits: number }>(
      ctx.database.db,
      sql`select (select count(*)::int from faqs) as faqs, (select count(*)::int from faq_photos) as photos,
                 (select count(*)::int from uploaded_files) as files, (select count(*)::int from audit_log where table_name = 'faqs') as audits`,
    )
  )[0]!;
const ranks = async () => (await queryRows<{ rank: number }>(ctx.database.db, sql`select rank from faqs order by rank, faq_id`)).map((r) => r.rank);
const form = (values: Partial<FaqFormValues>, update = false) =>
  faqFormFields({ question: 'What washes up after a storm?', answer: 'Mostly seaweed and shells.', photos: [], ...values }, update);
const newPhoto = (title: string) => ({ id: null, title, desc: '', name: '', type: '', delete: false });

beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

describe(`FAQ management on ${DATABASE_KIND}`, () => {
  it('adds an FAQ with two photos at the end; edits, replaces, deletes and adds photos in one save; the public page follows; audited', async () => {
    const before = await publicFaqs();
    const created = await send(ADMIN, '/api/faqs/', form({ photos: [newPhoto('Eelgrass'), newPhoto('')] }), [await photo(0), await photo(1, 'kelp.jpg')]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().code).toBe(FAQ_CODES.FAQ_CREATED);
    const faq = created.json().payload as FaqRecord;
    expect(faq).toMatchObject({ question: 'What washes up after a storm?', rank: Math.max(0, ...before.map((f) => f.rank)) + 1 });
    expect(faq.photos).toHaveLength(2);
    // Missing text is stored as N/A (SPEC 5); the name is the uploaded file's; the type the stored one's.
    expect(faq.photos[0]).toMatchObject({ title: 'Eelgrass', desc: 'N/A', name: 'photo-0.webp', type: 'image/webp', width: 800, height: 600 });
    expect(faq.photos[1]).toMatchObject({ title: 'N/A', name: 'kelp.webp' });
    expect(faq.photos[1]!.thumbnail).toBe(`/api/files/${faq.photos[1]!.file_id}?size=thumb`);
    expect((await publicFaqs()).at(-1)).toMatchObject({ faq_id: faq.faq_id, photos: [{ title: 'Eelgrass', width: 800 }, { title: 'N/A' }] });
    expect((await call(ADMIN, 'GET', `/api/faqs/${faq.faq_id}`)).json().payload).toEqual(faq);
    expect((await call(ADMIN, 'GET', '/api/faqs/')).json().payload).toContainEqual(faq);

    const [keep, drop] = faq.photos as [FaqRecord['photos'][number], FaqRecord['photos'][number]];
    const [dropKeys] = await keysOf([drop.file_id]);
    const [keepKeys] = await keysOf([keep.file_id]);
    const values: FaqFormValues = {
      question: 'What washes up after a nor’easter?',
      answer: '',
      photos: [
        { id: keep.faq_photo_id, title: 'Eelgrass wrack', desc: 'On the wrack line', name: keep.name, type: keep.type, delete: false },
        { id: drop.faq_photo_id, title: drop.title, desc: drop.desc, name: drop.name, type: drop.type, delete: true },
        newPhoto('Moon jelly'),
        // Added and removed again before saving: nothing to store.
        { ...newPhoto('Changed my mind'), delete: true },
      ],
    };
    const fields = faqFormFields(values, true);
    expect(fields).toContainEqual(['answer', 'N/A']);
    expect(fields).toContainEqual([faqPhotoField(1, 'delete'), '1']);
    expect(fields).toContainEqual(['_method', 'PUT']);
    const saved = await send(ADMIN, `/api/faqs/${faq.faq_id}`, fields, [
      { field: faqPhotoField(0, 'file'), filename: 'eelgrass-new.png', bytes: await pngPhoto(500, 250), contentType: 'image/png' },
      await photo(2, 'jelly.jpg'),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().code).toBe(FAQ_CODES.FAQ_SAVED);
    const after = saved.json().payload as FaqRecord;
    expect(after).toMatchObject({ question: 'What washes up after a nor’easter?', answer: 'N/A', rank: faq.rank });
    expect(after.photos.map((p) => p.title)).toEqual(['Eelgrass wrack', 'Moon jelly']);
    expect(after.photos[0]).toMatchObject({ faq_photo_id: keep.faq_photo_id, desc: 'On the wrack line', width: 500, height: 250 });
    expect(after.photos[0]!.file_id).not.toBe(keep.file_id);
    // The replaced and the deleted photo's files are gone, rows and bytes.
    expect(await keysOf([keep.file_id, drop.file_id])).toEqual([]);
    for (const k of [dropKeys!, keepKeys!]) {
      expect(existsSync(path.join(uploads(), k.storage_key))).toBe(false);
      expect(existsSync(path.join(uploads(), k.thumbnail_key))).toBe(false);
    }
    const audit = await queryRows<{ before: string; after: string }>(
      ctx.database.db,
      sql`select before::text as before, after::text as after from audit_log where table_name = 'faqs' and record_id = ${String(faq.faq_id)} and action = 'UPDATE'`,
    );
    expect(JSON.parse(audit[0]!.before).photos).toHaveLength(2);
    expect(JSON.parse(audit[0]!.after).photos.map((p: { title: string }) => p.title)).toEqual(['Eelgrass wrack', 'Moon jelly']);

    // Delete: the FAQ, its photos and their bytes; ranks close up.
    const keys = await keysOf(after.photos.map((p) => p.file_id));
    const del = await call(ADMIN, 'DELETE', `/api/faqs/${faq.faq_id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().code).toBe(FAQ_CODES.FAQ_DELETED);
    expect(await keysOf(after.photos.map((p) => p.file_id))).toEqual([]);
    for (const k of keys) expect(existsSync(path.join(uploads(), k.storage_key))).toBe(false);
    expect((await publicFaqs()).some((f) => f.faq_id === faq.faq_id)).toBe(false);
    const r = await ranks();
    expect(r).toEqual(r.map((_, i) => i + 1));
    const actions = await queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'faqs' and record_id = ${String(faq.faq_id)} order by audit_id`);
    expect(actions.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('moves an FAQ to the top and back down one place, without gaps or ties', async () => {
    for (const q of ['Can I bring my dog?', 'When are lifeguards on duty?']) expect((await send(ADMIN, '/api/faqs/', form({ question: q }))).statusCode).toBe(201);
    const list = (await call(ADMIN, 'GET', '/api/faqs/')).json().payload as FaqRecord[];
    const last = list.at(-1)!;
    for (let i = 0; i < list.length - 1; i++) expect((await call(ADMIN, 'PUT', `/api/faqs/${last.faq_id}/rank/up`)).statusCode).toBe(200);
    expect((await publicFaqs())[0]!.faq_id).toBe(last.faq_id);
    expect((await call(ADMIN, 'PUT', `/api/faqs/${last.faq_id}/rank/up`)).json().payload).toEqual({ id: last.faq_id, rank: 1, moved: false });
    expect((await call(ADMIN, 'PUT', `/api/faqs/${last.faq_id}/rank/down`)).json().payload).toEqual({ id: last.faq_id, rank: 2, moved: true });
    const r = await ranks();
    expect(r).toEqual(r.map((_, i) => i + 1));
    expect((await call(ADMIN, 'PUT', '/api/faqs/99999999/rank/down')).statusCode).toBe(404);
  });

  it('bad input: field messages named as the form sends them, nothing written', async () => {
    const [other] = (await call(ADMIN, 'GET', '/api/faqs/')).json().payload as FaqRecord[];
    const withPhoto = (await send(ADMIN, '/api/faqs/', form({ photos: [newPhoto('Shell')] }), [await photo(0)])).json().payload as FaqRecord;
    const before = await counts();
    const cases: { url: string; fields: [string, string][]; files?: FormFile[]; field: string }[] = [
      { url: '/api/faqs/', fields: [['answer', 'No question']], field: 'question' },
      { url: '/api/faqs/', fields: form({ question: 'x'.repeat(501) }), field: 'question' },
      { url: '/api/faqs/', fields: form({ photos: [newPhoto('No file')] }), field: 'faqPhoto[0][file]' },
      { url: '/api/faqs/', fields: [...form({}), [faqPhotoField(3, 'delete'), 'yes'], [faqPhotoField(3, 'title'), 't']], files: [await photo(3)], field: 'faqPhoto[3][delete]' },
      { url: '/api/faqs/', fields: [...form({}), [faqPhotoField(0, 'title'), 'x'.repeat(201)]], files: [await photo(0)], field: 'faqPhoto[0][title]' },
      { url: '/api/faqs/', fields: [...form({}), ['faqPhoto[0][colour]', 'red']], field: 'faqPhoto[0][colour]' },
      { url: '/api/faqs/', fields: form({}), files: [{ ...(await photo(0)), field: 'file' }], field: 'file' },
      { url: '/api/faqs/', fields: [...form({}), [faqPhotoField(0, 'id'), String(withPhoto.photos[0]!.faq_photo_id)]], field: 'faqPhoto[0][id]' },
      {
        url: '/api/faqs/',
        fields: form({ photos: Array.from({ length: 21 }, (_, i) => newPhoto(`p${i}`)) }),
        files: await Promise.all(Array.from({ length: 20 }, (_, i) => photo(i))),
        field: 'faqPhoto',
      },
      { url: `/api/faqs/${withPhoto.faq_id}`, fields: form({}), field: '_method' },
      {
        url: `/api/faqs/${other!.faq_id}`,
        fields: form({ photos: [{ ...newPhoto('Not mine'), id: withPhoto.photos[0]!.faq_photo_id }] }, true),
        field: 'faqPhoto[0][id]',
      },
      { url: `/api/faqs/${withPhoto.faq_id}`, fields: [...form({}, true), [faqPhotoField(0, 'id'), 'abc']], field: 'faqPhoto[0][id]' },
    ];
    for (const c of cases) {
      const res = await send(ADMIN, c.url, c.fields, c.files ?? []);
      expect(res.statusCode, `${c.field}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.json().payload, res.body.slice(0, 300)).toContainEqual(expect.objectContaining({ field: c.field }));
    }
    expect((await send(ADMIN, '/api/faqs/99999999', form({}, true))).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/faqs/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/faqs/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/faqs/abc')).statusCode).toBe(400);
    expect((await ctx.call({ method: 'POST', url: '/api/faqs/', token: await token(ADMIN), payload: { question: 'json?' } })).statusCode).toBe(415);
    expect(await counts()).toEqual(before);
    expect((await call(ADMIN, 'GET', `/api/faqs/${withPhoto.faq_id}`)).json().payload).toEqual(withPhoto);
  });

  it('hostile photo uploads are refused and nothing is written, on create and on update', async () => {
    const [faq] = (await call(ADMIN, 'GET', '/api/faqs/')).json().payload as FaqRecord[];
    const before = await counts();
    for (const hostile of await hostileFiles(faqPhotoField(0, 'file'))) {
      for (const [url, update] of [
        ['/api/faqs/', false],
        [`/api/faqs/${faq!.faq_id}`, true],
      ] as const) {
        const res = await send(ADMIN, url, form({ photos: [newPhoto('Hostile')] }, update), [hostile.file]);
        expect(res.statusCode, `${hostile.label} to ${url}: ${res.body.slice(0, 200)}`).toBe(hostile.status);
      }
    }
    // A good photo next to a hostile one: the whole save is refused.
    const [polyglot] = await hostileFiles(faqPhotoField(1, 'file'));
    const mixed = await send(ADMIN, '/api/faqs/', form({ photos: [newPhoto('Good'), newPhoto('Bad')] }), [await photo(0), polyglot!.file]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().payload).toContainEqual(expect.objectContaining({ field: 'faqPhoto[1][file]' }));
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('refuses in order: 401 without a token, 403 for staff of a non-admin organization (before the body is read)', async () => {
    const [faq] = (await call(ADMIN, 'GET', '/api/faqs/')).json().payload as FaqRecord[];
    const before = await counts();
    for (const [who, status] of [
      [null, 401],
      [HEALTH, 403],
    ] as const) {
      expect((await call(who, 'GET', '/api/faqs/')).statusCode).toBe(status);
      expect((await call(who, 'GET', `/api/faqs/${faq!.faq_id}`)).statusCode).toBe(status);
      expect((await send(who, '/api/faqs/', form({ photos: [newPhoto('x')] }), [await photo(0)])).statusCode).toBe(status);
      expect((await send(who, `/api/faqs/${faq!.faq_id}`, form({}, true))).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/faqs/${faq!.faq_id}`)).statusCode).toBe(status);
      expect((await call(who, 'PUT', `/api/faqs/${faq!.faq_id}/rank/down`)).statusCode).toBe(status);
      const broken = await ctx.call({
        method: 'POST',
        url: `/api/faqs/${faq!.faq_id}`,
        payload: 'not multipart',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        token: who ? await token(who) : undefined,
      });
      expect(broken.statusCode).toBe(status);
    }
    expect(await counts()).toEqual(before);
  });
});
