import type { BeachActionFacts } from '../../components/BeachActionCells';
/** One advisory or closure (apps/api/src/modules/public-site/schemas/map.ts, beachActionSchema). */
export interface BeachAction extends BeachActionFacts {
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
  reason_code: string | null;
  source_code: string | null;
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
