/** Shapes of the public map reads (apps/api/src/modules/public-site/schemas/map.ts and content.ts). */

export type StatusCode = 'OPEN' | 'ADVISORY' | 'CLOSED' | 'NOT_MONITORED';

/** How a status is drawn: a colour AND a shape with a letter, so colour is never the only signal. */
export interface StatusStyle {
  code: StatusCode;
  name: string;
  color: string;
  marker_symbol: string;
  /** circle, triangle, square or diamond. */
  marker_shape: string;
}

export interface LegendItem extends StatusStyle {
  beach_status_id: number;
  legend_order: number;
  description: string;
}

/** A public station and the status the public sees for it (the list view's rows and the map's markers). */
export interface StationStatus {
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
  type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  category: string;
  status_code: StatusCode;
  status_name: string;
  status_color: string;
  marker_symbol: string;
  marker_shape: string;
  status_since: string | null;
  reason: string | null;
  last_sample_date: string | null;
  last_sample_value: number | null;
  last_sample_remark: string | null;
  last_sample_unit: string | null;
  latitude: number;
  longitude: number;
}

export interface SeasonDates {
  year: number;
  preseason_start: string;
  start_date: string;
  end_date: string;
}

export interface ProgramSeasonInfo {
  program_id: number;
  abbv: string;
  name: string;
  color: string;
  in_season: boolean;
  monitored: boolean;
  current_season: SeasonDates | null;
  next_season_start: string | null;
}

export interface StatusesPayload {
  as_of: string | null;
  today: string;
  programs: ProgramSeasonInfo[];
  statuses: StationStatus[];
}

export interface SnapshotPayload {
  date: string;
  program_id: number | null;
  statuses: StationStatus[];
}

export interface PublicConfig {
  tile_url: string;
  time_zone: string;
  today: string;
}

export interface NewsItem {
  news_id: number;
  title: string;
  summary: string;
  body: string;
  published_on: string;
  is_banner: boolean;
  rank: number;
}

export interface DailyFlight {
  daily_flight_id: number;
  flight_date: string;
  /** FLOWN, CANCELLED_WEATHER, CANCELLED_MECHANICAL, NOT_SCHEDULED. */
  status: string;
  flight_path: string;
  photo_count: number;
}

/** A status as the map draws it (public/map/statuses styles). */
export interface MapStyle extends StatusStyle {
  name: string;
}

/** An advisory or closure as the closures panel lists it (one per beach). */
export interface Closure {
  beach_station_id: number;
  beach_name: string;
  municipality: string;
  county_id: number;
  status_code: StatusCode;
  status_since: string | null;
  reason: string | null;
}

export interface County {
  county_id: number;
  county: string;
}

/** GET public/map/statuses: the map's first view (stations as columns: @beach/domain/map/lean-statuses). */
export interface MapStatusesPayload {
  version: string;
  as_of: string | null;
  today: string;
  time_zone: string;
  tile_url: string;
  programs: ProgramSeasonInfo[];
  styles: MapStyle[];
  stations: { id: number[]; lat: number[]; lon: number[]; status: string };
  counties: County[];
  closures: Closure[];
}

/** GET public/map/list: a page of today's list view. */
export interface MapListPayload {
  version: string;
  total: number;
  offset: number;
  stations: StationStatus[];
}

/** What a page of the list view is asked for with (the filters as the address has them). */
export interface MapListArgs {
  version: string;
  name: string;
  county: string;
  status: string;
  offset: number;
}

/** One marker on the map: where, and how its status is drawn. */
export interface MapMarker {
  id: number;
  latitude: number;
  longitude: number;
  style: MapStyle;
}
