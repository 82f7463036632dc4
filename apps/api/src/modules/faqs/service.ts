import { FAQ_PHOTOS_MAX, NOT_AVAILABLE, faqPhotoField, type FaqFields, type FaqPhotoEntry, type FaqRecord } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import type { PreparedUpload } from '../../lib/uploads/prepare';
import { fileTransaction, type FileWork } from '../files/service';
import { closeRankGap, lockRankedList } from '../ranking/repository';
import * as repo from './repository';

/**
 * FAQs (SPEC 7 Map and content): organization admins keep the questions, answers and photos of the public
 * FAQ page. A save applies every `faqPhoto[i]` entry (add, replace, keep, delete) with the question and
 * answer in one write with its files (fileTransaction): dropped files' bytes go after the commit. Audited
 * with the FAQ and its photos before and after; every write empties the public read cache.
 */
const TABLE = 'faqs';

const fileUrl = (fileId: number) => `/api/files/${fileId}`;

function faqOut(faq: repo.FaqRow, photos: repo.FaqPhotoRow[]): FaqRecord {
  return {
    ...faq,
    photos: photos
      .filter((p) => p.faq_id === faq.faq_id)
      .map(({ faq_id: _faq, ...p }) => ({ ...p, file: fileUrl(p.file_id), thumbnail: `${fileUrl(p.file_id)}?size=thumb` })),
  };
}

async function readFaq(db: DbOrTx, id: number): Promise<FaqRecord | undefined> {
  const faq = await repo.findFaq(db, id);
  return faq && faqOut(faq, await repo.listFaqPhotos(db, [id]));
}

export async function listFaqs(deps: AppDeps): Promise<FaqRecord[]> {
  const db = deps.database.db;
  const faqs = await repo.listFaqs(db);
  const photos = await repo.listFaqPhotos(
    db,
    faqs.map((f) => f.faq_id),
  );
  return faqs.map((faq) => faqOut(faq, photos));
}

export async function getFaq(deps: AppDeps, id: number): Promise<FaqRecord> {
  const faq = await readFaq(deps.database.db, id);
  if (!faq) throw notFound('FAQ', 'FAQ_NOT_FOUND');
  return faq;
}

/** Uploads by entry index (`faqPhoto[i][file]`), already checked by prepareUpload. */
export type FaqUploads = ReadonlyMap<number, PreparedUpload>;

const known = (text: string) => (text === NOT_AVAILABLE ? null : text);

/** The texts a photo row keeps: its name is the one sent, else the new file's, else the one it had. */
function photoTexts(entry: FaqPhotoEntry, upload: PreparedUpload | undefined, existing?: repo.FaqPhotoRow) {
  return {
    title: entry.title,
    desc: entry.desc,
    name: known(entry.name) ?? upload?.originalName ?? existing?.name ?? NOT_AVAILABLE,
    type: upload?.mimeType ?? existing?.type ?? NOT_AVAILABLE,
  };
}

async function addPhoto(tx: DbOrTx, files: FileWork, userId: number, faqId: number, entry: FaqPhotoEntry, uploads: FaqUploads) {
  const upload = uploads.get(entry.index)!;
  const fileId = await files.add(upload, userId);
  await repo.insertFaqPhoto(tx, faqId, { fileId, ...photoTexts(entry, upload) });
}

const tooMany = (): FieldIssue => ({ field: 'faqPhoto', message: `An FAQ keeps at most ${FAQ_PHOTOS_MAX} photos` });

export async function createFaq(deps: AppDeps, userId: number, fields: FaqFields, uploads: FaqUploads): Promise<FaqRecord> {
  const named = fields.faqPhoto.filter((e) => e.id !== null);
  if (named.length) throw invalidFields(named.map((e) => ({ field: faqPhotoField(e.index, 'id'), message: 'A new FAQ has no photos to name yet' })));
  const created = await fileTransaction(deps, 'faqs', async (tx, files) => {
    await lockRankedList(tx, 'faqs');
    const id = await repo.insertFaq(tx, { question: fields.question, answer: fields.answer });
    for (const entry of fields.faqPhoto) if (!entry.delete) await addPhoto(tx, files, userId, id, entry, uploads);
    const faq = (await readFaq(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: faq });
    return faq;
  });
  publicReadCache(deps).invalidate();
  return created;
}

/** Question, answer and every photo entry at once: all of it is saved, or (on a refusal) none of it. */
export async function updateFaq(deps: AppDeps, userId: number, id: number, fields: FaqFields, uploads: FaqUploads): Promise<FaqRecord> {
  const saved = await fileTransaction(deps, 'faqs', async (tx, files) => {
    if (!(await repo.findFaq(tx, id, true))) throw notFound('FAQ', 'FAQ_NOT_FOUND');
    const before = (await readFaq(tx, id))!;
    const existing = new Map((await repo.listFaqPhotos(tx, [id])).map((p) => [p.faq_photo_id, p]));

    const issues: FieldIssue[] = [];
    const seen = new Set<number>();
    for (const entry of fields.faqPhoto) {
      if (entry.id === null) continue;
      if (!existing.has(entry.id)) issues.push({ field: faqPhotoField(entry.index, 'id'), message: 'Not a photo of this FAQ' });
      else if (seen.has(entry.id)) issues.push({ field: faqPhotoField(entry.index, 'id'), message: 'This photo is named twice' });
      seen.add(entry.id);
    }
    const kept = existing.size - fields.faqPhoto.filter((e) => e.id !== null && e.delete).length;
    const added = fields.faqPhoto.filter((e) => e.id === null && !e.delete).length;
    if (kept + added > FAQ_PHOTOS_MAX) issues.push(tooMany());
    if (issues.length) throw invalidFields(issues);

    await repo.updateFaq(tx, id, { question: fields.question, answer: fields.answer });
    const dropped: number[] = [];
    for (const entry of fields.faqPhoto) {
      if (entry.id === null) {
        if (!entry.delete) await addPhoto(tx, files, userId, id, entry, uploads);
        continue;
      }
      const photo = existing.get(entry.id)!;
      if (entry.delete) {
        await repo.deleteFaqPhoto(tx, photo.faq_photo_id);
        dropped.push(photo.file_id);
        continue;
      }
      const upload = uploads.get(entry.index);
      const fileId = upload ? await files.add(upload, userId) : photo.file_id;
      await repo.updateFaqPhoto(tx, photo.faq_photo_id, { fileId, ...photoTexts(entry, upload, photo) });
      if (upload) dropped.push(photo.file_id);
    }
    await files.discard(dropped);
    const after = (await readFaq(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

/** Removes the FAQ, its photos and their files, and closes the gap it leaves in the ranks. */
export async function deleteFaq(deps: AppDeps, userId: number, id: number): Promise<void> {
  await fileTransaction(deps, 'faqs', async (tx, files) => {
    await lockRankedList(tx, 'faqs');
    const held = await repo.findFaq(tx, id, true);
    if (!held) throw notFound('FAQ', 'FAQ_NOT_FOUND');
    const before = (await readFaq(tx, id))!;
    await repo.deleteFaq(tx, id);
    await closeRankGap(tx, 'faqs', held.rank);
    await files.discard(before.photos.map((p) => p.file_id));
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before });
  });
  publicReadCache(deps).invalidate();
}
