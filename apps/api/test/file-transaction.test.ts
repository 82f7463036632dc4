import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { DOCUMENT_POLICY, IMAGE_POLICY, prepareUpload } from '../src/lib/uploads/prepare';
import { fileTransaction } from '../src/modules/files/service';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';

/** The upload pipeline's write side: files and rows together, all or nothing, on both databases. */
let ctx: TestContext;
const uploads = () => path.join(ctx.deps.config.dataDir, 'uploads');
const keysOf = async (fileId: number) =>
  (await queryRows<{ storage_key: string; thumbnail_key: string | null }>(ctx.database.db, sql`select storage_key, thumbnail_key from uploaded_files where file_id = ${fileId}`))[0];
const pdf = () => prepareUpload({ field: 'file', filename: 'report.pdf', bytes: Buffer.from('%PDF-1.7\n%%EOF\n') }, DOCUMENT_POLICY);

beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

describe(`fileTransaction on ${DATABASE_KIND}`, () => {
  it('stores a photo and its thumbnail with their row; discarding removes both after the commit', async () => {
    const photo = await prepareUpload(
      { field: 'photo', filename: 'shore.png', bytes: await sharp({ create: { width: 900, height: 600, channels: 3, background: 'teal' } }).png().toBuffer() },
      IMAGE_POLICY,
    );
    const fileId = await fileTransaction(ctx.deps, 'photos', (tx, files) => files.add(photo, null));
    const keys = (await keysOf(fileId))!;
    expect(keys.storage_key).toMatch(/^photos\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect(keys.thumbnail_key).toBe(keys.storage_key.replace('.webp', '.thumb.webp'));
    expect(existsSync(path.join(uploads(), keys.storage_key))).toBe(true);
    expect(existsSync(path.join(uploads(), keys.thumbnail_key!))).toBe(true);

    await fileTransaction(ctx.deps, 'photos', (tx, files) => files.discard([fileId, null]));
    expect(await keysOf(fileId)).toBeUndefined();
    expect(existsSync(path.join(uploads(), keys.storage_key))).toBe(false);
    expect(existsSync(path.join(uploads(), keys.thumbnail_key!))).toBe(false);
  });

  it('a failed write leaves neither a row nor bytes behind', async () => {
    const prepared = await pdf();
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from uploaded_files`);
    let key = '';
    await expect(
      fileTransaction(ctx.deps, 'reports', async (tx, files) => {
        const id = await files.add(prepared, null);
        key = (await queryRows<{ storage_key: string }>(tx, sql`select storage_key from uploaded_files where file_id = ${id}`))[0]!.storage_key;
        expect(existsSync(path.join(uploads(), key))).toBe(true);
        throw new Error('the record failed');
      }),
    ).rejects.toThrow('the record failed');
    expect(existsSync(path.join(uploads(), key))).toBe(false);
    expect(await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from uploaded_files`)).toEqual(before);
  });

  it('a failed write keeps the files it meant to drop', async () => {
    const fileId = await fileTransaction(ctx.deps, 'reports', async (tx, files) => files.add(await pdf(), null));
    const { storage_key } = (await keysOf(fileId))!;
    await expect(
      fileTransaction(ctx.deps, 'reports', async (tx, files) => {
        await files.discard([fileId]);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await keysOf(fileId))?.storage_key).toBe(storage_key);
    expect(existsSync(path.join(uploads(), storage_key))).toBe(true);
  });
});
