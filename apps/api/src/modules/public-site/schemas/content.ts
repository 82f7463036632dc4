import {
  publicFaqListSchema,
  publicFlightListSchema,
  publicFlightSchema,
  publicGeographySchema,
  publicLatestNewsSchema,
  publicLhaListSchema,
  publicLinkListSchema,
  publicNewsItemSchema,
  publicNewsListSchema,
  publicPhotoListSchema,
  publicReportListSchema,
  publicReportSchema,
  publicSearchResultSchema,
  publicSwitchListSchema,
} from '@beach/domain';
import { envelope } from '../../../lib/http';

/**
 * The content reads' answers: `{ code, payload }` around @beach/domain's payloads (schemas/public-content.ts;
 * photos, reports and flights share their staff screens' records). The queries are the domain's too
 * (publicReportsQuerySchema, publicFlightsQuerySchema, publicSearchQuerySchema).
 */
export const photosSchema = envelope(publicPhotoListSchema);
export const reportsSchema = envelope(publicReportListSchema);
export const reportDetailSchema = envelope(publicReportSchema);
export const newsListSchema = envelope(publicNewsListSchema);
export const newsDetailSchema = envelope(publicNewsItemSchema);
export const latestNewsSchema = envelope(publicLatestNewsSchema);
export const flightsSchema = envelope(publicFlightListSchema);
export const flightDetailSchema = envelope(publicFlightSchema);
export const linksSchema = envelope(publicLinkListSchema);
export const faqsSchema = envelope(publicFaqListSchema);
export const lhasSchema = envelope(publicLhaListSchema);
export const geographySchema = envelope(publicGeographySchema);
export const switchesSchema = envelope(publicSwitchListSchema);
export const searchSchema = envelope(publicSearchResultSchema);
