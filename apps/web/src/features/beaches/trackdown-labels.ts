import { INCIDENT_STATE_LABELS, TRACKDOWN_FILE_TYPE_NAMES, type TrackdownIncident } from '@beach/domain';

/** A stored file's type in words ('PDF', 'Excel (.xlsx)'), or the type itself when it has no name. */
export const fileTypeName = (type: string) => TRACKDOWN_FILE_TYPE_NAMES[type] ?? type;

/** A file's size in words: '12 KB', '3.4 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** An incident a trackdown follows up, in words: 'Incident of 2026-07-01 to 2026-07-04 (Closed): Elevated bacteria'. */
export function incidentLabel(i: TrackdownIncident): string {
  const dates = i.end_date ? `${i.start_date} to ${i.end_date}` : `${i.start_date}`;
  return `Incident of ${dates} (${INCIDENT_STATE_LABELS[i.state]})${i.reason_name ? `: ${i.reason_name}` : ''}`;
}

/** The Incident screen with one incident opened (issue 28). */
export const incidentPath = (stationId: number, incidentId: number) => `/portal/beaches/incidents?station=${stationId}&incident=${incidentId}`;

/** A station's own dashboard page (issue 28). */
export const stationDashboardPath = (stationId: number) => `/portal/beaches/station/${stationId}`;

/** A trackdown on its station's dashboard. */
export const trackdownPath = (stationId: number, trackdownId: number) => `${stationDashboardPath(stationId)}#trackdown-${trackdownId}`;

/** The station's dashboard with a new trackdown following up the incident open (issue 28). */
export const followUpPath = (stationId: number, incidentId: number) => `${stationDashboardPath(stationId)}?trackdownFor=${incidentId}#source-trackdowns`;
