import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { NEWS_CODES, type NewsRecord, type NewsSaveInput } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { news } from '../src/db/schema';
import { cleanNewsHtml } from '../src/lib/news-html';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, fresh, restoreClock, setToday } from './public-fixtures';
import { storedKeys } from './content-upload-fixtures';
import { tokenCache } from './results-fixtures';

let ctx: TestContext;
const token = tokenCache(() => ctx);
/** An admin organization's user. */
const ADMIN = 'admin@example.org';
/** Staff of an organization that is not an admin organization. */
const HEALTH = 'health@example.org';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string | null, method: Method, url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, ...(payload ? { payload } : {}) });

type PublicNews = { news_id: number; title: string; body: string; is_banner: boolean; rank: number };
/** A public read as a visitor on `day` sees it (tokens are made on the real clock, so staff calls never run on this one). */
async function publicRead(url: string, day = DATA_TODAY) {
  setToday(day);
  fresh(ctx);
  try {
    return await ctx.call({ method: 'GET', url });
  } finally {
    restoreClock();
  }
}
const publicList = async (day?: string) => (await publicRead('/api/public/news/', day)).json().payload as PublicNews[];
const publicLatest = async () => (await publicRead('/api/public/news/latest')).json().payload as PublicNews | null;
const audits = (id: number) =>
  queryRows<{ action: string; before: string | null; after: string | null }>(
    ctx.database.db,
    sql`select action, before::text, after::text from audit_log where table_name = 'news' and record_id = ${String(id)} order by audit_id`,
  );
const ranks = async () => (await queryRows<{ rank: number }>(ctx.database.db, sql`select rank from news order by rank, news_id`)).map((r) => r.rank);

/** A multipart body with one file part (and text fields), for POST news/images. */
function imageForm(file: { field?: string; filename: string; bytes: Buffer; type?: string }, fields: [string, string][] = []) {
  const boundary = `----newsimage${Math.random().toString(16).slice(2)}`;
  const head = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const png = (width = 800, height = 600) => sharp({ create: { width, height, channels: 3, background: '#2a7ab0' } }).png().toBuffer();
const uploadImage = async (who: string | null, form: ReturnType<typeof imageForm>) =>
  ctx.call({ method: 'POST', url: '/api/news/images', token: who ? await token(who) : undefined, ...form });
const fileStatus = async (url: string) => (await ctx.call({ method: 'GET', url })).statusCode;

const ITEM: NewsSaveInput = {
  title: 'Storm advisory for bay beaches',
  summary: 'Swimming is not advised at bay beaches today.',
  body: '<h2>What happened</h2><p>Heavy rain <strong>overnight</strong>. See <a href="https://www.example.org/rain">the forecast</a>.</p><ul><li>Bay beaches</li></ul>',
  published_on: '2026-07-14',
  expires_on: '2026-07-31',
  is_banner: true,
  active: true,
};

beforeAll(async () => {
  ctx = await createTestContext();
  await token(ADMIN);
  await token(HEALTH);
}, 300_000);
afterEach(() => restoreClock());
afterAll(() => ctx?.close());

describe(`news management on ${DATABASE_KIND}`, () => {
  it('creates an item at the end, moves it to the top, edits and deletes it; the public list, item and banner follow at once; audited', async () => {
    const before = await publicList();
    expect(before.length).toBeGreaterThan(1);

    const created = await call(ADMIN, 'POST', '/api/news/', ITEM);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().code).toBe(NEWS_CODES.NEWS_CREATED);
    const item = created.json().payload as NewsRecord;
    expect(item).toMatchObject({ title: ITEM.title, published_on: '2026-07-14', expires_on: '2026-07-31', is_banner: true, active: true });
    expect(item.body).toBe(
      '<h2>What happened</h2><p>Heavy rain <strong>overnight</strong>. See <a href="https://www.example.org/rain" rel="noopener noreferrer nofollow">the forecast</a>.</p><ul><li>Bay beaches</li></ul>',
    );
    expect(item.rank).toBe(Math.max(...(await ranks())));
    expect((await publicList()).at(-1)?.news_id).toBe(item.news_id);
    expect((await call(ADMIN, 'GET', `/api/news/${item.news_id}`)).json()).toMatchObject({ code: NEWS_CODES.NEWS_ITEM_FOUND, payload: item });
    const listed = (await call(ADMIN, 'GET', '/api/news/')).json();
    expect(listed.code).toBe(NEWS_CODES.NEWS_LIST_FOUND);
    expect((listed.payload as NewsRecord[]).at(-1)).toEqual(item);

    // Up, one place at a time, to the top: first on /news and, being a banner item, in the banner.
    for (let moved = true; moved; ) {
      const up = await call(ADMIN, 'PUT', `/api/news/${item.news_id}/rank/up`);
      expect(up.statusCode, up.body).toBe(200);
      moved = up.json().payload.moved;
    }
    expect((await publicList())[0]).toMatchObject({ news_id: item.news_id, body: item.body });
    expect((await publicLatest())?.news_id).toBe(item.news_id);
    expect(await ranks()).toEqual((await ranks()).map((_, i) => i + 1));

    const saved = await call(ADMIN, 'PUT', `/api/news/${item.news_id}`, { ...ITEM, title: 'Storm advisory lifted', is_banner: false, expires_on: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ code: NEWS_CODES.NEWS_SAVED, payload: { title: 'Storm advisory lifted', is_banner: false, expires_on: null, rank: 1 } });
    expect((await publicList())[0]?.title).toBe('Storm advisory lifted');
    expect((await publicLatest())?.news_id).not.toBe(item.news_id);

    const del = await call(ADMIN, 'DELETE', `/api/news/${item.news_id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().code).toBe(NEWS_CODES.NEWS_DELETED);
    expect((await publicList()).map((n) => n.news_id)).toEqual(before.map((n) => n.news_id));
    const after = await ranks();
    expect(after).toEqual(after.map((_, i) => i + 1));
    const trail = await audits(item.news_id);
    expect(trail.map((a) => a.action)).toEqual(['CREATE', ...trail.slice(1, -2).map(() => 'UPDATE'), 'UPDATE', 'DELETE']);
    const edit = trail.at(-2)!;
    expect(JSON.parse(edit.before!)).toMatchObject({ title: ITEM.title, is_banner: true });
    expect(JSON.parse(edit.after!)).toMatchObject({ title: 'Storm advisory lifted', is_banner: false });
    expect(JSON.parse(trail.at(-1)!.before!)).toMatchObject({ title: 'Storm advisory lifted' });
  });

  it('shows an item only from its publish day through its expiry day, and not while inactive', async () => {
    const created = (await call(ADMIN, 'POST', '/api/news/', { ...ITEM, title: 'Dated', is_banner: false, published_on: '2026-07-10', expires_on: '2026-07-12' })).json()
      .payload as NewsRecord;
    const shown = async (day: string) => [
      (await publicList(day)).some((n) => n.news_id === created.news_id),
      (await publicRead(`/api/public/news/${created.news_id}`, day)).statusCode,
    ];
    expect(await shown('2026-07-09')).toEqual([false, 404]);
    expect(await shown('2026-07-10')).toEqual([true, 200]);
    expect(await shown('2026-07-12')).toEqual([true, 200]);
    expect(await shown('2026-07-13')).toEqual([false, 404]);
    await call(ADMIN, 'PUT', `/api/news/${created.news_id}`, { ...ITEM, is_banner: false, published_on: '2026-07-10', expires_on: null, active: false });
    expect(await shown('2026-07-11')).toEqual([false, 404]);
    expect((await call(ADMIN, 'DELETE', `/api/news/${created.news_id}`)).statusCode).toBe(200);
  });

  it('cleans hostile HTML on save: scripts, handlers, javascript: links, styles, frames and foreign images come back harmless', async () => {
    const hostile =
      '<p onclick="steal()" style="color:red" class="x">Hello<script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(2)"><img src="https://evil.example/track.gif" alt="t">' +
      '<img src="/api/files/5" alt="Beach" onerror="alert(3)">' +
      '<a href="javascript:alert(4)">js</a><a href="JaVaScRiPt&#x3A;alert(5)">js2</a><a href="data:text/html,x">data</a>' +
      '<a href="https://ok.example" target="_blank" onmouseover="x()">ok</a>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><object data="x.swf"></object>' +
      '<svg onload="alert(6)"><script>alert(7)</script></svg>';
    const res = await call(ADMIN, 'POST', '/api/news/', { ...ITEM, title: 'Hostile', is_banner: false, body: hostile });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().payload as NewsRecord;
    expect(item.body).toBe(
      '<p>Hello</p><img src="/api/files/5" alt="Beach" />jsjs2data<a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>',
    );
    const [stored] = await queryRows<{ body: string }>(ctx.database.db, sql`select body from news where news_id = ${item.news_id}`);
    expect(stored!.body).toBe(item.body);
    expect((await call(ADMIN, 'DELETE', `/api/news/${item.news_id}`)).statusCode).toBe(200);
  });

  it('cleans HTML stored some other way on every read, and shows bodies from before the editor as paragraphs', async () => {
    const [row] = await ctx.database.db
      .insert(news)
      .values({ title: 'Stored directly', body: '<p>Hi<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>', publishedOn: '2026-07-01', rank: 999 })
      .returning();
    try {
      const one = (await publicRead(`/api/public/news/${row!.newsId}`)).json().payload as PublicNews;
      expect(one.body).toBe('<p>Hix</p>');
      expect((await publicList()).find((n) => n.news_id === row!.newsId)?.body).toBe('<p>Hix</p>');
      expect(((await call(ADMIN, 'GET', `/api/news/${row!.newsId}`)).json().payload as NewsRecord).body).toBe('<p>Hix</p>');
    } finally {
      await ctx.database.db.delete(news).where(eq(news.newsId, row!.newsId));
    }
    // The seeded items are plain text with blank lines between paragraphs.
    const [seeded] = await queryRows<{ news_id: number; body: string }>(ctx.database.db, sql`select news_id, body from news order by rank limit 1`);
    expect(seeded!.body).not.toMatch(/</);
    const read = ((await call(ADMIN, 'GET', `/api/news/${seeded!.news_id}`)).json().payload as NewsRecord).body;
    expect(read).toMatch(/^<p>.+<\/p>$/);
    expect(read.replace(/<[^>]+>/g, '')).toBe(seeded!.body.replace(/\s*\n\s*\n\s*/g, '').replace(/&/g, '&amp;'));
    expect(await cleanNewsHtml('One & two\n\nThree < four\nfive')).toBe('<p>One &amp; two</p><p>Three &lt; four<br />five</p>');
  });

  it('checks the body with field messages and writes nothing', async () => {
    const count = (await ranks()).length;
    const bad = await call(ADMIN, 'POST', '/api/news/', {
      title: ' ',
      body: '<p> </p>',
      published_on: '2026-02-30',
      expires_on: 'soon',
      is_banner: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().payload as { field: string; message: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'body', 'published_on', 'expires_on', 'is_banner']));
    expect(bad.json().payload).toContainEqual({ field: 'body', message: 'Body is required' });

    const backwards = await call(ADMIN, 'POST', '/api/news/', { ...ITEM, published_on: '2026-07-20', expires_on: '2026-07-19' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().payload).toContainEqual({ field: 'expires_on', message: 'Expiry date cannot be before the publish date' });

    // A body the allow-list empties is no body.
    const emptied = await call(ADMIN, 'POST', '/api/news/', { ...ITEM, body: '<script>alert(1)</script><style>p{}</style>' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().payload).toContainEqual({ field: 'body', message: 'Body is required' });

    const long = await call(ADMIN, 'POST', '/api/news/', { ...ITEM, title: 'x'.repeat(201), summary: 'y'.repeat(501), body: `<p>${'z'.repeat(100_000)}</p>` });
    expect(long.statusCode).toBe(400);
    expect((long.json().payload as { field: string }[]).map((i) => i.field)).toEqual(expect.arrayContaining(['title', 'summary', 'body']));
    expect((await ranks()).length).toBe(count);

    const [first] = await queryRows<{ id: number }>(ctx.database.db, sql`select news_id as id from news order by news_id limit 1`);
    expect((await call(ADMIN, 'PUT', `/api/news/${first!.id}/rank/sideways`)).statusCode).toBe(400);
    expect((await call(ADMIN, 'PUT', `/api/news/${first!.id}`, { ...ITEM, published_on: '0000-01-01' })).statusCode).toBe(400);
  });

  it('refuses in order: 401 without a token, 403 for staff of a non-admin organization (before the body), 404 for an unknown item, 400 for a bad id', async () => {
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select news_id as id from news order by news_id limit 1`)) as [{ id: number }];
    const digest = async () => JSON.stringify(await queryRows(ctx.database.db, sql`select * from news order by news_id`));
    const state = await digest();
    for (const [method, url] of [
      ['GET', '/api/news/'],
      ['POST', '/api/news/'],
      ['GET', `/api/news/${id}`],
      ['PUT', `/api/news/${id}`],
      ['DELETE', `/api/news/${id}`],
      ['PUT', `/api/news/${id}/rank/up`],
      ['PUT', `/api/news/${id}/rank/down`],
    ] as const) {
      expect((await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(HEALTH, method, url, method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await digest()).toBe(state);
    expect((await call(ADMIN, 'GET', '/api/news/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/news/99999999', ITEM)).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', '/api/news/99999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'PUT', '/api/news/99999999/rank/up')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/news/abc')).statusCode).toBe(400);
    expect(await digest()).toBe(state);
  });
  it('uploads an image for a body: public at once, kept by the item that shows it, deleted when no saved body shows it any more', async () => {
    const uploaded = await uploadImage(ADMIN, imageForm({ filename: 'Beach cleanup.png', bytes: await png() }));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().code).toBe(NEWS_CODES.NEWS_IMAGE_SAVED);
    const image = uploaded.json().payload as { file_id: number; url: string; width: number; height: number };
    expect(image.url).toBe(`/api/files/${image.file_id}`);
    expect(image.width).toBeGreaterThan(0);
    const served = await ctx.call({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const body = `<p>Volunteers at work.</p><img src="${image.url}" alt="Volunteers on the beach">`;
    const item = (await call(ADMIN, 'POST', '/api/news/', { ...ITEM, title: 'Cleanup', is_banner: false, body })).json().payload as NewsRecord;
    expect(item.body).toBe(`<p>Volunteers at work.</p><img src="${image.url}" alt="Volunteers on the beach" />`);
    const owner = async () => (await queryRows<{ news_id: number | null }>(ctx.database.db, sql`select news_id from news_images where file_id = ${image.file_id}`))[0];
    expect((await owner())?.news_id).toBe(item.news_id);

    // A second image replaces the first: the first one's file goes with the save.
    const second = (await uploadImage(ADMIN, imageForm({ filename: 'dunes.png', bytes: await png(300, 200) }))).json().payload as { file_id: number; url: string };
    const saved = await call(ADMIN, 'PUT', `/api/news/${item.news_id}`, { ...ITEM, title: 'Cleanup', is_banner: false, body: `<p>Dunes.</p><img src="${second.url}" alt="Dunes">` });
    expect(saved.statusCode, saved.body).toBe(200);
    fresh(ctx);
    expect(await owner()).toBeUndefined();
    expect(await fileStatus(image.url)).toBe(404);
    expect(await fileStatus(second.url)).toBe(200);

    // Deleting the item deletes its images.
    expect((await call(ADMIN, 'DELETE', `/api/news/${item.news_id}`)).statusCode).toBe(200);
    fresh(ctx);
    expect(await fileStatus(second.url)).toBe(404);
    const [left] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from uploaded_files where file_id in (${image.file_id}, ${second.file_id})`);
    expect(left!.n).toBe(0);
    const trail = await queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'news_images' and record_id = ${String(image.file_id)}`);
    expect(trail.map((a) => a.action)).toEqual(['CREATE']);
  });

  it('refuses hostile and missing image uploads, and any upload from a caller who may not manage news', async () => {
    const count = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from news_images`))[0]!.n;
    const before = await count();
    const stored = storedKeys(ctx);
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#d9a441' } }).jpeg().toBuffer();
    const hostile = [
      { filename: 'shore.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' },
      { filename: 'shore.jpg', bytes: Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]), type: 'image/jpeg' },
      { filename: 'notes.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), type: 'application/pdf' },
      // A name that leaves its folder, on a real image: refused for its name, as the photo, FAQ and report uploads are.
      { filename: '../../etc/shore.jpg', bytes: jpeg, type: 'image/jpeg' },
      { filename: '..\\..\\shore.jpg', bytes: jpeg, type: 'image/jpeg' },
    ];
    for (const file of hostile) {
      const res = await uploadImage(ADMIN, imageForm(file));
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json().payload[0].field).toBe('file');
    }
    const huge = await uploadImage(ADMIN, imageForm({ filename: 'huge.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024)]) }));
    expect(huge.statusCode).toBe(413);
    expect((await uploadImage(ADMIN, imageForm({ field: 'photo', filename: 'a.png', bytes: await png(10, 10) }))).statusCode).toBe(400);
    expect((await uploadImage(ADMIN, imageForm({ filename: 'a.png', bytes: await png(10, 10) }, [['_method', 'PUT']]))).statusCode).toBe(400);
    const json = await call(ADMIN, 'POST', '/api/news/images', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await uploadImage(null, imageForm({ filename: 'a.png', bytes: await png(10, 10) }))).statusCode).toBe(401);
    expect((await uploadImage(HEALTH, imageForm({ filename: 'a.png', bytes: await png(10, 10) }))).statusCode).toBe(403);
    expect(await count()).toBe(before);
    // Nothing was written, in the uploads folder or beside it.
    expect(storedKeys(ctx)).toEqual(stored);
    expect(existsSync(path.join(ctx.deps.config.dataDir, '..', 'etc', 'shore.jpg'))).toBe(false);
  });
});
