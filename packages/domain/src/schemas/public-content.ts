import { z } from 'zod';
import { yearSchema } from './common';
import { publicFlightSummarySchema } from './daily-flights';
import { faqPhotoSchema, faqSchema } from './faqs';
import { linkListSchema } from './links';
import { lhaResponse } from './local-health-authorities';
import { publicPhotoSchema } from './photos';
import { publicIdParam } from './public-site';
import { publicReportSchema } from './reports';
import { websiteSwitchSchema } from './website-switches';

/**
 * The public site's content reads: news, photos, reports, flights, links, FAQs, LHAs, geography, switches, search,
 * files and config. Where a public shape is the staff screen's record (or part of it), it is derived from it.
 */

/** A news item as the public pages show it. */
export const publicNewsItemSchema = z.object({
  news_id: z.number(),
  title: z.string(),
  summary: z.string(),
  /** HTML that passed the news allow-list (lib/news-html); items from before the editor come as paragraphs. */
  body: z.string(),
  published_on: z.string(),
  is_banner: z.boolean(),
  rank: z.number(),
});
export type PublicNewsItem = z.infer<typeof publicNewsItemSchema>;
/** GET public/news/: the published items, in rank order. */
export const publicNewsListSchema = z.array(publicNewsItemSchema);
/** GET public/news/latest: the first "latest" banner item in rank order, else the first item; null when there is no news. */
export const publicLatestNewsSchema = publicNewsItemSchema.nullable();

/** GET public/photos/ and public/beaches/{id}/photos: the public photos (the staff screen's, without the thumbnail field). */
export const publicPhotoListSchema = z.array(publicPhotoSchema);

/** GET public/reportsAndPublications/ and public/beaches/{id}/reportsAndPublications. */
export const publicReportListSchema = z.array(publicReportSchema);
/** GET public/reportsAndPublications/: narrowed by any of county, municipality, beach and program. */
export const publicReportsQuerySchema = z.object({
  county: publicIdParam.optional(),
  municipality: publicIdParam.optional(),
  beach: publicIdParam.optional(),
  program: publicIdParam.optional(),
});
export type PublicReportsQuery = z.infer<typeof publicReportsQuerySchema>;

/** GET public/dailyFlights/: one year's flights (every year when omitted). */
export const publicFlightsQuerySchema = z.object({ year: yearSchema.optional() });
/** GET public/dailyFlights/: the flights without their photos and files. */
export const publicFlightListSchema = z.array(publicFlightSummarySchema);

/** GET public/externalLinks/: the Links and Partners page, in rank order (the staff list's shape). */
export const publicLinkListSchema = linkListSchema;

/** An FAQ photo on the public FAQ page: the staff record without its thumbnail address. */
export const publicFaqPhotoSchema = faqPhotoSchema.omit({ thumbnail: true });
/** An FAQ on the public FAQ page. */
export const publicFaqSchema = faqSchema.omit({ photos: true }).extend({ photos: z.array(publicFaqPhotoSchema) });
export type PublicFaq = z.infer<typeof publicFaqSchema>;
/** GET public/faqs/: every FAQ in rank order. */
export const publicFaqListSchema = z.array(publicFaqSchema);

/** A local health authority on the public page: the staff record without its county object and email. */
export const publicLhaSchema = lhaResponse.omit({ county: true, email: true });
export type PublicLha = z.infer<typeof publicLhaSchema>;
/** GET public/lhas/. */
export const publicLhaListSchema = z.array(publicLhaSchema);

/** GET public/geography and general/geography: the counties and municipalities the public filters offer. */
export const publicCountySchema = z.object({ county_id: z.number(), name: z.string() });
export const publicMunicipalitySchema = z.object({ municipality_id: z.number(), county_id: z.number(), name: z.string() });
export const publicGeographySchema = z.object({
  counties: z.array(publicCountySchema),
  municipalities: z.array(publicMunicipalitySchema),
});
export type PublicGeography = z.infer<typeof publicGeographySchema>;

/** A website switch as the public site reads it (code and value; names and descriptions are the staff screen's). */
export const publicSwitchSchema = websiteSwitchSchema.pick({ website_toggle_id: true, code: true, value: true });
export type PublicSwitch = z.infer<typeof publicSwitchSchema>;
/** GET public/switches/. */
export const publicSwitchListSchema = z.array(publicSwitchSchema);

/** GET public/search: at most this many hits of each kind. */
export const SEARCH_LIMIT_PER_KIND = 10;
/** GET public/search?q. */
export const publicSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
});
/** GET public/search: beaches, news, FAQs and reports matching `q`. */
export const publicSearchResultSchema = z.object({
  q: z.string(),
  beaches: z.array(
    z.object({
      beach_station_id: z.number(),
      station_name: z.string(),
      beach_name: z.string(),
      municipality: z.string(),
      county: z.string(),
    }),
  ),
  news: z.array(z.object({ news_id: z.number(), title: z.string(), published_on: z.string() })),
  faqs: z.array(z.object({ faq_id: z.number(), question: z.string() })),
  reports: z.array(z.object({ report_and_publication_id: z.number(), title: z.string(), date: z.string() })),
});
export type PublicSearchResult = z.infer<typeof publicSearchResultSchema>;

/** GET files/{id}: `?size=thumb` answers an image's small copy (the display copy when it has none). */
export const publicFileQuerySchema = z.object({ size: z.enum(['thumb', 'display']).optional() });

/** GET public/config: the few server settings the public web needs (no secrets). */
export const publicConfigSchema = z.object({
  /** Leaflet tile template ({z}/{x}/{y}) for the base map (TILE_URL). */
  tile_url: z.string(),
  /** The programs' time zone: dates the public picks (snapshots, date filters) are its local days. */
  time_zone: z.string(),
  /** The local day now, so a browser in another zone still caps date pickers at the program's tomorrow. */
  today: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
