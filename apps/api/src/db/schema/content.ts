import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { beachStations } from './beaches';
import { uploadedFiles, users } from './people';
import { programs } from './programs';
import { counties, municipalities } from './reference';

/** Public website content. rank orders ranked items (lower first). */

export const news = pgTable('news', {
  newsId: serial('news_id').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull(),
  publishedOn: date('published_on', { mode: 'string' }).notNull(),
  /** The last day the item shows on the public site; null: it stays (migration 0016). */
  expiresOn: date('expires_on', { mode: 'string' }),
  isBanner: boolean('is_banner').notNull().default(false),
  active: boolean('active').notNull().default(true),
  rank: integer('rank').notNull().default(0),
}, (t) => [check('news_expiry_after_publish', sql`${t.expiresOn} is null or ${t.expiresOn} >= ${t.publishedOn}`)]);

/**
 * An image the news editor uploaded for an item's body (migration 0016): the body shows it by its public file
 * URL. news_id is null from the upload until the item that shows it is saved.
 */
export const newsImages = pgTable(
  'news_images',
  {
    newsImageId: serial('news_image_id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .unique()
      .references(() => uploadedFiles.fileId, { onDelete: 'cascade' }),
    newsId: integer('news_id').references(() => news.newsId, { onDelete: 'set null' }),
  },
  (t) => [index('news_images_news_idx').on(t.newsId)],
);

export const links = pgTable('links', {
  linkId: serial('link_id').primaryKey(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default('Partners'),
  rank: integer('rank').notNull().default(0),
});

export const dailyFlights = pgTable(
  'daily_flights',
  {
    dailyFlightId: serial('daily_flight_id').primaryKey(),
    flightDate: date('flight_date', { mode: 'string' }).notNull().unique(),
    /** FLOWN, CANCELLED_WEATHER, CANCELLED_MECHANICAL, NOT_SCHEDULED */
    status: text('status').notNull(),
    flightPath: text('flight_path').notNull().default(''),
    floatables: text('floatables').notNull().default(''),
    debris: text('debris').notNull().default(''),
    algalBlooms: text('algal_blooms').notNull().default(''),
    wildlife: text('wildlife').notNull().default(''),
    notes: text('notes').notNull().default(''),
  },
);

export const dailyFlightPhotos = pgTable(
  'daily_flight_photos',
  {
    dailyFlightPhotoId: serial('daily_flight_photo_id').primaryKey(),
    dailyFlightId: integer('daily_flight_id')
      .notNull()
      .references(() => dailyFlights.dailyFlightId, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => uploadedFiles.fileId),
    caption: text('caption').notNull().default(''),
  },
  (t) => [index('daily_flight_photos_flight_idx').on(t.dailyFlightId)],
);

/** A document of a daily flight (a PDF, a sheet) beside its photos (migration 0020). */
export const dailyFlightFiles = pgTable(
  'daily_flight_files',
  {
    dailyFlightFileId: serial('daily_flight_file_id').primaryKey(),
    dailyFlightId: integer('daily_flight_id')
      .notNull()
      .references(() => dailyFlights.dailyFlightId, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .unique()
      .references(() => uploadedFiles.fileId),
    description: text('description').notNull().default(''),
  },
  (t) => [index('daily_flight_files_flight_idx').on(t.dailyFlightId)],
);

export const beachPhotos = pgTable(
  'beach_photos',
  {
    beachPhotoId: serial('beach_photo_id').primaryKey(),
    title: text('title').notNull(),
    desc: text('desc').notNull().default('N/A'),
    countyId: integer('county_id').references(() => counties.countyId),
    municipalityId: integer('municipality_id').references(() => municipalities.municipalityId),
    beachStationId: integer('beach_station_id').references(() => beachStations.beachStationId),
    fileId: integer('file_id').notNull().references(() => uploadedFiles.fileId),
    name: text('name').notNull(),
    type: text('type').notNull(),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [index('beach_photos_station_idx').on(t.beachStationId)],
);

export const reportsAndPublications = pgTable('reports_and_publications', {
  reportAndPublicationId: serial('report_and_publication_id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default('N/A'),
  date: date('date', { mode: 'string' }).notNull(),
  url: text('url'),
  isPublication: boolean('is_publication').notNull().default(false),
  countyId: integer('county_id').references(() => counties.countyId),
  municipalityId: integer('municipality_id').references(() => municipalities.municipalityId),
  beachStationId: integer('beach_station_id').references(() => beachStations.beachStationId),
  programId: integer('program_id').references(() => programs.programId),
  fileId: integer('file_id').references(() => uploadedFiles.fileId),
  type: text('type'),
  name: text('name'),
  rank: integer('rank').notNull().default(0),
});

export const faqs = pgTable('faqs', {
  faqId: serial('faq_id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  rank: integer('rank').notNull().default(0),
});

export const faqPhotos = pgTable('faq_photos', {
  faqPhotoId: serial('faq_photo_id').primaryKey(),
  faqId: integer('faq_id')
    .notNull()
    .references(() => faqs.faqId, { onDelete: 'cascade' }),
  fileId: integer('file_id').notNull().references(() => uploadedFiles.fileId),
  title: text('title').notNull().default('N/A'),
  desc: text('desc').notNull().default('N/A'),
  name: text('name').notNull().default('N/A'),
  type: text('type').notNull().default('N/A'),
});

/** Website switches (e.g. the welcome pop-up). */
export const websiteToggles = pgTable('website_toggles', {
  websiteToggleId: serial('website_toggle_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  value: boolean('value').notNull().default(false),
});

/** An ArcGIS REST map or feature service the public map offers as an overlay (GIS REST Services, migration 0015). */
export const gisRestServices = pgTable(
  'gis_rest_services',
  {
    gisRestServiceId: serial('gis_rest_service_id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** MAP: a MapServer drawn as exported images; FEATURE: a FeatureServer layer read as GeoJSON. */
    layerType: text('layer_type').notNull().default('MAP'),
    active: boolean('active').notNull().default(true),
    /** The service's layer ids to draw (empty: all of a MapServer's visible layers; a FeatureServer needs one). */
    layerIds: integer('layer_ids').array().notNull().default(sql`'{}'`),
    /** 0 (transparent) to 1 (opaque). */
    opacity: doublePrecision('opacity').notNull().default(1),
    shownByDefault: boolean('shown_by_default').notNull().default(false),
    /** Place in the map's layer control (lower first, then name). */
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [
    check('gis_rest_services_layer_type', sql`${t.layerType} in ('MAP','FEATURE')`),
    check('gis_rest_services_opacity', sql`${t.opacity} >= 0 and ${t.opacity} <= 1`),
  ],
);

/** Database export tasks (queued job, progress, retry, download, delete). */
export const dataExports = pgTable('data_exports', {
  dataExportId: serial('data_export_id').primaryKey(),
  kind: text('kind').notNull(),
  params: jsonb('params').notNull().default({}),
  status: text('status').notNull().default('QUEUED'),
  progress: integer('progress').notNull().default(0),
  fileId: integer('file_id').references(() => uploadedFiles.fileId),
  error: text('error'),
  requestedBy: integer('requested_by').references(() => users.userId),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Migration 0021 (decision 0035): progress, the zip (storage key and size), tries and times. */
  tablesTotal: integer('tables_total').notNull().default(0),
  tablesDone: integer('tables_done').notNull().default(0),
  rowsDone: bigint('rows_done', { mode: 'number' }).notNull().default(0),
  currentTable: text('current_table'),
  storageKey: text('storage_key'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  attempts: integer('attempts').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  check('data_exports_status', sql`${t.status} in ('QUEUED','RUNNING','DONE','FAILED')`),
  index('data_exports_kind_idx').on(t.kind, t.dataExportId),
]);
