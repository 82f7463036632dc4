import { z } from 'zod';
import {
  beachGeomeansResponse,
  beachResultsResponse,
  publicBeachProfileResponse,
  stationActionsResponse,
} from '@beach/domain';
import { envelope } from '../../../lib/http';
import { photoSchema, reportSchema } from './content';

/** The beach page's answers: `{ code, payload }` around @beach/domain's payloads (schemas/public-beach.ts). */
export const beachProfileSchema = envelope(publicBeachProfileResponse);
export const resultsSchema = envelope(beachResultsResponse);
export const geomeansSchema = envelope(beachGeomeansResponse);
export const stationActionsSchema = envelope(stationActionsResponse);
export const stationPhotosSchema = envelope(z.array(photoSchema));
export const stationReportsSchema = envelope(z.array(reportSchema));
