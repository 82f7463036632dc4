/**
 * Response codes of the public reads. Their inputs and answers are @beach/domain's (schemas/public-site.ts,
 * public-beach.ts, public-map.ts, public-beach-actions.ts, public-content.ts).
 */
export const PUBLIC_CODES = {
  LAYER_FOUND: 'LAYER_FOUND',
  BEACH_STATUSES_FOUND: 'BEACH_STATUSES_FOUND',
  LEGEND_FOUND: 'LEGEND_FOUND',
  SNAPSHOT_FOUND: 'SNAPSHOT_FOUND',
  BEACH_ACTIONS_FOUND: 'BEACH_ACTIONS_FOUND',
  BEACH_FOUND: 'BEACH_FOUND',
  RESULTS_FOUND: 'RESULTS_FOUND',
  GEOMEANS_FOUND: 'GEOMEANS_FOUND',
  PHOTOS_FOUND: 'PHOTOS_FOUND',
  REPORTS_FOUND: 'REPORTS_FOUND',
  NEWS_FOUND: 'NEWS_FOUND',
  DAILY_FLIGHTS_FOUND: 'DAILY_FLIGHTS_FOUND',
  LINKS_FOUND: 'LINKS_FOUND',
  FAQS_FOUND: 'FAQS_FOUND',
  LHA_FOUND: 'LHA_FOUND',
  GEOGRAPHY_FOUND: 'GEOGRAPHY_FOUND',
  SWITCHES_FOUND: 'SWITCHES_FOUND',
  SEARCH_RESULTS: 'SEARCH_RESULTS',
} as const;

/** A file served by GET /api/files/{id}. */
export function fileUrl(fileId: number): string {
  return `/api/files/${fileId}`;
}
