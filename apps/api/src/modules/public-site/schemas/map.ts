import {
  beachActionsResponse,
  beachStatusLayerResponse,
  legendResponse,
  mapListResponse,
  mapStationResponse,
  mapStatusesResponse,
  snapshotResponse,
  statusesResponse,
} from '@beach/domain';
import { envelope } from '../../../lib/http';

/**
 * The map's and the statuses' answers: `{ code, payload }` around @beach/domain's payloads (schemas/public-map.ts,
 * public-beach-actions.ts).
 */
export const beachStatusLayerSchema = envelope(beachStatusLayerResponse);
export const statusesSchema = envelope(statusesResponse);
export const legendSchema = envelope(legendResponse);
export const snapshotSchema = envelope(snapshotResponse);
export const beachActionsSchema = envelope(beachActionsResponse);
export const mapStatusesSchema = envelope(mapStatusesResponse);
export const mapStationSchema = envelope(mapStationResponse);
export const mapListSchema = envelope(mapListResponse);
