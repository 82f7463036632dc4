import {
  beachGeomeansResponse,
  beachResultsResponse,
  publicPhotoListSchema,
  publicReportListSchema,
  publicBeachProfileResponse,
  stationActionsResponse,
} from '@beach/domain';
import { envelope } from '../../../lib/http';

/** The beach page's answers: `{ code, payload }` around @beach/domain's payloads (schemas/public-beach.ts). */
export const beachProfileSchema = envelope(publicBeachProfileResponse);
export const resultsSchema = envelope(beachResultsResponse);
export const geomeansSchema = envelope(beachGeomeansResponse);
export const stationActionsSchema = envelope(stationActionsResponse);
export const stationPhotosSchema = envelope(publicPhotoListSchema);
export const stationReportsSchema = envelope(publicReportListSchema);
