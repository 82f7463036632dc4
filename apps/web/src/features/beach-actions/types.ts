/** One advisory or closure (apps/api/src/modules/public-site/schemas/map.ts, beachActionSchema). */
export interface BeachAction {
  beach_station_id: number;
  station_name: string;
  beach_id: number;
  beach_name: string;
  municipality_id: number;
  municipality: string;
  county_id: number;
  county: string;
  program_id: number;
  program_abbv: string;
  status_code: string;
  status_name: string;
  status_color: string;
  start_date: string;
  /** The day it was lifted (or its season's last day); null while in force. */
  end_date: string | null;
  ongoing: boolean;
  days: number;
  reason_code: string | null;
  reason: string | null;
  source_code: string | null;
  source: string | null;
  comments: string | null;
}

export interface BeachActionsPayload {
  from: string;
  to: string;
  actions: BeachAction[];
}

export interface BeachActionsQuery {
  from?: string;
  to?: string;
}
