import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { faqPhotos, faqs, uploadedFiles } from '../../db/schema';
import { nextRankSql } from '../ranking/repository';

export interface FaqRow {
  faq_id: number;
  question: string;
  answer: string;
  rank: number;
}

export interface FaqPhotoRow {
  faq_photo_id: number;
  faq_id: number;
  file_id: number;
  width: number | null;
  height: number | null;
  title: string;
  desc: string;
  name: string;
  type: string;
}

const faqColumns = { faq_id: faqs.faqId, question: faqs.question, answer: faqs.answer, rank: faqs.rank };
const photoColumns = {
  faq_photo_id: faqPhotos.faqPhotoId,
  faq_id: faqPhotos.faqId,
  file_id: faqPhotos.fileId,
  width: uploadedFiles.width,
  height: uploadedFiles.height,
  title: faqPhotos.title,
  desc: faqPhotos.desc,
  name: faqPhotos.name,
  type: faqPhotos.type,
};

/** Every FAQ in public order (rank, then id). */
export function listFaqs(db: DbOrTx): Promise<FaqRow[]> {
  return db.select(faqColumns).from(faqs).orderBy(asc(faqs.rank), asc(faqs.faqId));
}

export async function findFaq(db: DbOrTx, id: number, lock = false): Promise<FaqRow | undefined> {
  const query = db.select(faqColumns).from(faqs).where(eq(faqs.faqId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The photos of the given FAQs, each FAQ's in the order they were added. */
export function listFaqPhotos(db: DbOrTx, faqIds: number[]): Promise<FaqPhotoRow[]> {
  if (faqIds.length === 0) return Promise.resolve([]);
  return db
    .select(photoColumns)
    .from(faqPhotos)
    .innerJoin(uploadedFiles, eq(uploadedFiles.fileId, faqPhotos.fileId))
    .where(inArray(faqPhotos.faqId, faqIds))
    .orderBy(asc(faqPhotos.faqId), asc(faqPhotos.faqPhotoId));
}

/** A new FAQ at the end of the list (the caller holds the list: lockRankedList). */
export async function insertFaq(db: DbOrTx, faq: { question: string; answer: string }): Promise<number> {
  const [row] = await db
    .insert(faqs)
    .values({ ...faq, rank: nextRankSql('faqs') })
    .returning({ id: faqs.faqId });
  return row!.id;
}

export async function updateFaq(db: DbOrTx, id: number, faq: { question: string; answer: string }): Promise<void> {
  await db.update(faqs).set(faq).where(eq(faqs.faqId, id));
}

/** Removes the FAQ; its photo rows go with it (their files are the caller's to discard). */
export async function deleteFaq(db: DbOrTx, id: number): Promise<void> {
  await db.delete(faqs).where(eq(faqs.faqId, id));
}

export interface FaqPhotoWrite {
  fileId: number;
  title: string;
  desc: string;
  name: string;
  type: string;
}

export async function insertFaqPhoto(db: DbOrTx, faqId: number, photo: FaqPhotoWrite): Promise<void> {
  await db.insert(faqPhotos).values({ faqId, ...photo });
}

export async function updateFaqPhoto(db: DbOrTx, photoId: number, photo: FaqPhotoWrite): Promise<void> {
  await db.update(faqPhotos).set(photo).where(eq(faqPhotos.faqPhotoId, photoId));
}

export async function deleteFaqPhoto(db: DbOrTx, photoId: number): Promise<void> {
  await db.delete(faqPhotos).where(eq(faqPhotos.faqPhotoId, photoId));
}
