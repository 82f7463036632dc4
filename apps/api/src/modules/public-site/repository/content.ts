import { sql, type SQL } from 'drizzle-orm';
import type { PhotoRow } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { isPublicStation, stationIsPublicOrNone } from './visibility';

/** Public website content. Anything tied to a station that is not public is left out. */

export type { PhotoRow };

/** Where a station is: its photos and reports are those of the station, else its municipality, else its county. */
export interface StationPlace {
  stationId: number;
  municipalityId: number;
  countyId: number;
}

function placeFilter(alias: 'ph' | 'r', place: StationPlace): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.beach_station_id = ${place.stationId}
    or (${a}.beach_station_id is null and ${a}.municipality_id = ${place.municipalityId})
    or (${a}.beach_station_id is null and ${a}.municipality_id is null and ${a}.county_id = ${place.countyId}))`;
}

/** 'Found on the Beach' photos (all, or those of one station's place), by rank. */
export async function listPhotos(db: DbOrTx, place?: StationPlace): Promise<PhotoRow[]> {
  return queryRows<PhotoRow>(
    db,
    sql`select ph.beach_photo_id, ph.title, ph.desc, ph.county_id, c.name as county, ph.municipality_id, m.name as municipality,
               ph.beach_station_id, st.station_name, b.name as beach_name, ph.file_id, f.width, f.height, ph.name, ph.type, ph.rank
        from beach_photos ph
        join uploaded_files f on f.file_id = ph.file_id
        left join counties c on c.county_id = ph.county_id
        left join municipalities m on m.municipality_id = ph.municipality_id
        left join beach_stations st on st.beach_station_id = ph.beach_station_id
        left join beaches b on b.beach_id = st.beach_id
        where ${stationIsPublicOrNone(sql`ph.beach_station_id`)}
          ${place ? sql`and ${placeFilter('ph', place)}` : sql``}
        order by ${place ? sql`(ph.beach_station_id is null), (ph.municipality_id is null),` : sql``} ph.rank, ph.beach_photo_id`,
  );
}

export interface ReportRow {
  report_and_publication_id: number;
  title: string;
  description: string;
  date: string;
  url: string | null;
  is_publication: boolean;
  county_id: number | null;
  municipality_id: number | null;
  beach_station_id: number | null;
  program_id: number | null;
  file_id: number | null;
  type: string | null;
  name: string | null;
  rank: number;
}

export interface ReportFilter {
  countyId?: number;
  municipalityId?: number;
  stationId?: number;
  programId?: number;
}

const reportSelect = sql`select r.report_and_publication_id, r.title, r.description, r.date::text as date, r.url,
       r.is_publication, r.county_id, r.municipality_id, r.beach_station_id, r.program_id, r.file_id, r.type, r.name, r.rank
  from reports_and_publications r
  left join municipalities rm on rm.municipality_id = r.municipality_id
  left join beach_stations rs on rs.beach_station_id = r.beach_station_id
  left join beaches rb on rb.beach_id = rs.beach_id
  left join municipalities rbm on rbm.municipality_id = rb.municipality_id`;

/**
 * Reports and publications by rank, then newest. A filter matches where the report is: a report about a
 * station is also in that station's municipality, county and program.
 */
export async function listReports(db: DbOrTx, filter: ReportFilter = {}, place?: StationPlace): Promise<ReportRow[]> {
  const where: SQL[] = [stationIsPublicOrNone(sql`r.beach_station_id`)];
  if (filter.countyId !== undefined) where.push(sql`coalesce(r.county_id, rm.county_id, rbm.county_id) = ${filter.countyId}`);
  if (filter.municipalityId !== undefined)
    where.push(sql`coalesce(r.municipality_id, rb.municipality_id) = ${filter.municipalityId}`);
  if (filter.stationId !== undefined) where.push(sql`r.beach_station_id = ${filter.stationId}`);
  if (filter.programId !== undefined) where.push(sql`coalesce(r.program_id, rb.program_id) = ${filter.programId}`);
  if (place) where.push(placeFilter('r', place));
  return queryRows<ReportRow>(
    db,
    sql`${reportSelect} where ${sql.join(where, sql` and `)} order by r.rank, r.date desc, r.report_and_publication_id desc`,
  );
}

export async function findReport(db: DbOrTx, id: number): Promise<ReportRow | null> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`${reportSelect} where r.report_and_publication_id = ${id} and ${stationIsPublicOrNone(sql`r.beach_station_id`)}`,
  );
  return row ?? null;
}

export interface NewsRow {
  news_id: number;
  title: string;
  summary: string;
  body: string;
  published_on: string;
  is_banner: boolean;
  rank: number;
}

const newsSelect = sql`select news_id, title, summary, body, published_on::text as published_on, is_banner, rank from news`;
/** Active, published by `today` and not expired (the expiry day is the last day shown). */
const newsPublic = (today: string) => sql`active and published_on <= ${today} and (expires_on is null or expires_on >= ${today})`;

/** Public news (active, published, not expired), by rank then newest. */
export async function listNews(db: DbOrTx, today: string): Promise<NewsRow[]> {
  return queryRows<NewsRow>(db, sql`${newsSelect} where ${newsPublic(today)} order by rank, published_on desc, news_id desc`);
}

export async function findNews(db: DbOrTx, id: number, today: string): Promise<NewsRow | null> {
  const [row] = await queryRows<NewsRow>(db, sql`${newsSelect} where news_id = ${id} and ${newsPublic(today)}`);
  return row ?? null;
}

/** The first public item marked as the "latest" banner in rank order; without one, the first public item. */
export async function findLatestNews(db: DbOrTx, today: string): Promise<NewsRow | null> {
  const [row] = await queryRows<NewsRow>(
    db,
    sql`${newsSelect} where ${newsPublic(today)} order by is_banner desc, rank, published_on desc, news_id desc limit 1`,
  );
  return row ?? null;
}

export interface FlightRow {
  daily_flight_id: number;
  flight_date: string;
  status: string;
  flight_path: string;
  floatables: string;
  debris: string;
  algal_blooms: string;
  wildlife: string;
  notes: string;
  photo_count: number;
  file_count: number;
}

const flightSelect = sql`select f.daily_flight_id, f.flight_date::text as flight_date, f.status, f.flight_path, f.floatables,
       f.debris, f.algal_blooms, f.wildlife, f.notes,
       (select count(*)::int from daily_flight_photos fp where fp.daily_flight_id = f.daily_flight_id) as photo_count,
       (select count(*)::int from daily_flight_files ff where ff.daily_flight_id = f.daily_flight_id) as file_count
  from daily_flights f`;

/** Flights newest first, optionally of one year. */
export async function listFlights(db: DbOrTx, year?: number): Promise<FlightRow[]> {
  return queryRows<FlightRow>(
    db,
    sql`${flightSelect} ${year !== undefined ? sql`where f.flight_date between ${`${year}-01-01`} and ${`${year}-12-31`}` : sql``}
        order by f.flight_date desc`,
  );
}

export async function findFlight(db: DbOrTx, id: number): Promise<FlightRow | null> {
  const [row] = await queryRows<FlightRow>(db, sql`${flightSelect} where f.daily_flight_id = ${id}`);
  return row ?? null;
}

export interface FlightPhotoRow {
  daily_flight_photo_id: number;
  file_id: number;
  caption: string;
}

export async function listFlightPhotos(db: DbOrTx, flightId: number): Promise<FlightPhotoRow[]> {
  return queryRows<FlightPhotoRow>(
    db,
    sql`select daily_flight_photo_id, file_id, caption from daily_flight_photos
        where daily_flight_id = ${flightId} order by daily_flight_photo_id`,
  );
}

export interface FlightFileRow {
  daily_flight_file_id: number;
  file_id: number;
  name: string;
  type: string;
  size_bytes: number;
  description: string;
}

/** A flight's documents (migration 0020) with their stored name, type and size. */
export async function listFlightFiles(db: DbOrTx, flightId: number): Promise<FlightFileRow[]> {
  return queryRows<FlightFileRow>(
    db,
    sql`select ff.daily_flight_file_id, ff.file_id, f.original_name as name, f.mime_type as type, f.size_bytes, ff.description
        from daily_flight_files ff join uploaded_files f on f.file_id = ff.file_id
        where ff.daily_flight_id = ${flightId} order by ff.daily_flight_file_id`,
  );
}

export interface LinkRow {
  link_id: number;
  title: string;
  url: string;
  description: string;
  category: string;
  rank: number;
}

export async function listLinks(db: DbOrTx): Promise<LinkRow[]> {
  return queryRows<LinkRow>(
    db,
    sql`select link_id, title, url, description, category, rank from links order by rank, link_id`,
  );
}

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

export async function listFaqs(db: DbOrTx): Promise<{ faqs: FaqRow[]; photos: FaqPhotoRow[] }> {
  const faqs = await queryRows<FaqRow>(db, sql`select faq_id, question, answer, rank from faqs order by rank, faq_id`);
  const photos = await queryRows<FaqPhotoRow>(
    db,
    sql`select fp.faq_photo_id, fp.faq_id, fp.file_id, f.width, f.height, fp.title, fp."desc", fp.name, fp.type
        from faq_photos fp join uploaded_files f on f.file_id = fp.file_id order by fp.faq_id, fp.faq_photo_id`,
  );
  return { faqs, photos };
}

export interface LhaRow {
  local_health_authority_id: number;
  name: string;
  desc: string | null;
  county_id: number | null;
  contact_person: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  phone_number: string | null;
  url: string | null;
  municipalities: number[];
}

export async function listLhas(db: DbOrTx): Promise<LhaRow[]> {
  const rows = await queryRows<Omit<LhaRow, 'municipalities'> & { municipality_ids: string | null }>(
    db,
    sql`select l.local_health_authority_id, l.name, l."desc", l.county_id, l.contact_person, l.address, l.city,
               l.zip_code, l.phone_number, l.url,
               (select string_agg(lm.municipality_id::text, ',' order by lm.municipality_id)
                  from lha_municipalities lm where lm.local_health_authority_id = l.local_health_authority_id) as municipality_ids
        from local_health_authorities l order by l.name`,
  );
  return rows.map(({ municipality_ids, ...lha }) => ({
    ...lha,
    municipalities: municipality_ids ? municipality_ids.split(',').map(Number) : [],
  }));
}

export interface Geography {
  counties: { county_id: number; name: string }[];
  municipalities: { municipality_id: number; county_id: number; name: string }[];
}

export async function findGeography(db: DbOrTx): Promise<Geography> {
  const counties = await queryRows<Geography['counties'][number]>(db, sql`select county_id, name from counties where retired_at is null order by name`);
  const municipalities = await queryRows<Geography['municipalities'][number]>(
    db,
    sql`select municipality_id, county_id, name from municipalities where retired_at is null order by name, municipality_id`,
  );
  return { counties, municipalities };
}

export interface SwitchRow {
  website_toggle_id: number;
  code: string;
  value: boolean;
}

export async function listSwitches(db: DbOrTx): Promise<SwitchRow[]> {
  return queryRows<SwitchRow>(db, sql`select website_toggle_id, code, value from website_toggles order by code`);
}

export interface SearchHits {
  beaches: { beach_station_id: number; station_name: string; beach_name: string; municipality: string; county: string }[];
  news: { news_id: number; title: string; published_on: string }[];
  faqs: { faq_id: number; question: string }[];
  reports: { report_and_publication_id: number; title: string; date: string }[];
}

/** Escapes LIKE wildcards so a visitor's '%' or '_' matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring search (ILIKE) over public stations and beaches, news, FAQs and reports; at
 * most `limit` hits of each kind, names that start with the text first.
 */
export async function searchContent(db: DbOrTx, text: string, today: string, limit: number): Promise<SearchHits> {
  const pattern = likePattern(text);
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const beaches = await queryRows<SearchHits['beaches'][number]>(
    db,
    sql`select s.beach_station_id, s.station_name, b.name as beach_name, m.name as municipality, c.name as county
        from beach_stations s
        join beach_stations p on p.beach_station_id = coalesce(s.primary_station_id, s.beach_station_id)
        join beaches b on b.beach_id = s.beach_id
        join municipalities m on m.municipality_id = b.municipality_id
        join counties c on c.county_id = m.county_id
        where ${isPublicStation}
          and (s.station_name ilike ${pattern} or b.name ilike ${pattern} or m.name ilike ${pattern})
        order by (b.name ilike ${prefix} or s.station_name ilike ${prefix}) desc, b.name, s.station_name
        limit ${limit}`,
  );
  const news = await queryRows<SearchHits['news'][number]>(
    db,
    sql`select news_id, title, published_on::text as published_on from news
        where ${newsPublic(today)}
          and (title ilike ${pattern} or summary ilike ${pattern} or body ilike ${pattern})
        order by (title ilike ${pattern}) desc, published_on desc limit ${limit}`,
  );
  const faqs = await queryRows<SearchHits['faqs'][number]>(
    db,
    sql`select faq_id, question from faqs where question ilike ${pattern} or answer ilike ${pattern}
        order by (question ilike ${pattern}) desc, rank, faq_id limit ${limit}`,
  );
  const reports = await queryRows<SearchHits['reports'][number]>(
    db,
    sql`select r.report_and_publication_id, r.title, r.date::text as date from reports_and_publications r
        where ${stationIsPublicOrNone(sql`r.beach_station_id`)}
          and (r.title ilike ${pattern} or r.description ilike ${pattern})
        order by (r.title ilike ${pattern}) desc, r.date desc limit ${limit}`,
  );
  return { beaches, news, faqs, reports };
}
