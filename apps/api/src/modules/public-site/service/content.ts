import { SEARCH_LIMIT_PER_KIND } from '@beach/domain';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/http';
import { cleanNewsHtml } from '../../../lib/news-html';
import {
  findFlight,
  findGeography,
  findLatestNews,
  findNews,
  findReport,
  listFaqs,
  listFlightFiles,
  listFlightPhotos,
  listFlights,
  listLhas,
  listLinks,
  listNews,
  listPhotos,
  listReports,
  listSwitches,
  searchContent,
  type FlightRow,
  type NewsRow,
  type PhotoRow,
  type ReportFilter,
  type ReportRow,
} from '../repository/content';
import { fileUrl } from '../schemas/common';

export function photoOut(photo: PhotoRow) {
  return { ...photo, file: fileUrl(photo.file_id) };
}

export function reportOut(report: ReportRow) {
  return { ...report, upload_file: report.file_id === null ? null : fileUrl(report.file_id) };
}

export async function publicPhotos(db: Db) {
  return (await listPhotos(db)).map(photoOut);
}

export async function publicReports(db: Db, filter: ReportFilter) {
  return (await listReports(db, filter)).map(reportOut);
}

export async function publicReport(db: Db, id: number) {
  const report = await findReport(db, id);
  if (!report) throw notFound('Report');
  return reportOut(report);
}

/** A news item with its body through the allow-list (stored HTML is harmless however it got there). */
async function newsOut(item: NewsRow): Promise<NewsRow> {
  return { ...item, body: await cleanNewsHtml(item.body) };
}

export async function publicNews(db: Db, today: string) {
  return Promise.all((await listNews(db, today)).map(newsOut));
}

export async function publicNewsItem(db: Db, today: string, id: number) {
  const item = await findNews(db, id, today);
  if (!item) throw notFound('News item');
  return newsOut(item);
}

export async function latestNews(db: Db, today: string) {
  const item = await findLatestNews(db, today);
  return item ? newsOut(item) : null;
}

function flightSummary(flight: FlightRow) {
  return {
    daily_flight_id: flight.daily_flight_id,
    flight_date: flight.flight_date,
    status: flight.status,
    flight_path: flight.flight_path,
    photo_count: flight.photo_count,
    file_count: flight.file_count,
  };
}

export async function publicFlights(db: Db, year?: number) {
  return (await listFlights(db, year)).map(flightSummary);
}

export async function publicFlight(db: Db, id: number) {
  const flight = await findFlight(db, id);
  if (!flight) throw notFound('Daily flight');
  const [photos, files] = await Promise.all([listFlightPhotos(db, id), listFlightFiles(db, id)]);
  return {
    ...flightSummary(flight),
    observations: {
      floatables: flight.floatables,
      debris: flight.debris,
      algal_blooms: flight.algal_blooms,
      wildlife: flight.wildlife,
      notes: flight.notes,
    },
    photos: photos.map((p) => ({ ...p, file: fileUrl(p.file_id) })),
    files: files.map((f) => ({ ...f, file: fileUrl(f.file_id) })),
  };
}

export async function publicLinks(db: Db) {
  return listLinks(db);
}

export async function publicFaqs(db: Db) {
  const { faqs, photos } = await listFaqs(db);
  return faqs.map((faq) => ({
    ...faq,
    photos: photos
      .filter((p) => p.faq_id === faq.faq_id)
      .map(({ faq_id: _faq, ...p }) => ({ ...p, file: fileUrl(p.file_id) })),
  }));
}

export async function publicLhas(db: Db) {
  return listLhas(db);
}

export async function publicGeography(db: Db) {
  return findGeography(db);
}

export async function publicSwitches(db: Db) {
  return listSwitches(db);
}

export async function siteSearch(db: Db, today: string, q: string) {
  return { q, ...(await searchContent(db, q, today, SEARCH_LIMIT_PER_KIND)) };
}
