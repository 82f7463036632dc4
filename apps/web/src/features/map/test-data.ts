import { closuresOf, encodeLeanStations } from '@beach/domain/map/lean-statuses';
import { countiesOf, filterStations, STATION_LIST_PAGE_SIZE } from './station-filters';
import type { LegendItem, MapStatuses, ProgramSeasonInfo, StationStatus, Statuses } from '@beach/domain';

/** The reference statuses as public/beaches/statuses/legend returns them. */
export const LEGEND: LegendItem[] = [
  { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#1a7f37', marker_symbol: 'O', marker_shape: 'circle', legend_order: 1, description: 'Water quality meets the standard; swimming is permitted. Marker: white letter O on a green circle.' },
  { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', marker_symbol: 'A', marker_shape: 'triangle', legend_order: 2, description: 'A sample exceeded the beach action value. Marker: dark letter A on an amber triangle.' },
  { beach_status_id: 3, code: 'CLOSED', name: 'Closed', color: '#b50909', marker_symbol: 'C', marker_shape: 'square', legend_order: 3, description: 'Closed to swimming. Marker: white letter C on a red square.' },
  { beach_status_id: 4, code: 'NOT_MONITORED', name: 'Not Monitored', color: '#565c65', marker_symbol: 'N', marker_shape: 'diamond', legend_order: 4, description: 'Outside the swimming season. Marker: white letter N on a grey diamond.' },
];

let nextId = 100;

/** A public station with its status styled from the legend. */
export function station(overrides: Partial<StationStatus> & { status_code?: StationStatus['status_code'] } = {}): StationStatus {
  const code = overrides.status_code ?? 'OPEN';
  const style = LEGEND.find((l) => l.code === code)!;
  const id = overrides.beach_station_id ?? nextId++;
  return {
    beach_station_id: id,
    station_name: `Station ${id}`,
    beach_id: id,
    beach_name: `Beach ${id}`,
    municipality_id: 1,
    municipality: 'Sea Bright',
    county_id: 1,
    county: 'Monmouth',
    program_id: 1,
    program_abbv: 'OB',
    type: 'PRIMARY',
    primary_station_id: null,
    category: 'OCEAN',
    status_code: code,
    status_name: style.name,
    status_color: style.color,
    marker_symbol: style.marker_symbol,
    marker_shape: style.marker_shape,
    status_since: '2026-07-14',
    reason: null,
    last_sample_date: '2026-07-13',
    last_sample_value: 20,
    last_sample_remark: null,
    last_sample_unit: 'CFU_100ML',
    latitude: 40.38,
    longitude: -73.97,
    ...overrides,
  };
}

export const SEASON_2026 = { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07' };

export function program(overrides: Partial<ProgramSeasonInfo> = {}): ProgramSeasonInfo {
  return {
    program_id: 1,
    abbv: 'OB',
    name: 'Ocean Beaches',
    color: '#005ea2',
    in_season: true,
    monitored: true,
    current_season: SEASON_2026,
    next_season_start: null,
    ...overrides,
  };
}

export function statusesPayload(stations: StationStatus[], overrides: Partial<Statuses> = {}): Statuses {
  return { as_of: '2026-07-14T14:05:00.000Z', today: '2026-07-15', programs: [program()], statuses: stations, ...overrides };
}

/** The lean statuses (public/map/statuses) of a statuses payload, as the api makes them (service/statuses.ts mapModel). */
export function leanPayload(payload: Statuses): MapStatuses {
  const styles = LEGEND.map(({ code, name, color, marker_symbol, marker_shape }) => ({ code, name, color, marker_symbol, marker_shape }));
  return {
    version: 'test-version',
    as_of: payload.as_of,
    today: payload.today,
    time_zone: 'America/New_York',
    tile_url: '',
    programs: payload.programs,
    styles,
    stations: encodeLeanStations(
      payload.statuses.map((s) => ({ id: s.beach_station_id, latitude: s.latitude, longitude: s.longitude, status: styles.findIndex((st) => st.code === s.status_code) })),
    ),
    counties: countiesOf(payload.statuses),
    closures: closuresOf(payload.statuses).map(({ beach_station_id, beach_name, municipality, county_id, status_code, status_since, reason }) => ({
      beach_station_id,
      beach_name,
      municipality,
      county_id,
      status_code,
      status_since,
      reason,
    })),
  };
}

/** fetch-mock routes for everything the map page reads. */
export function mapRoutes(payload: Statuses) {
  const ok = (code: string, body: unknown) => ({ body: { code, payload: body } });
  const stations = Object.fromEntries(
    payload.statuses.map((s) => [`GET /api/public/map/stations/${s.beach_station_id}`, ok('BEACH_STATUSES_FOUND', s)]),
  );
  return {
    'GET /api/public/map/statuses': ok('BEACH_STATUSES_FOUND', leanPayload(payload)),
    ...stations,
    // A page of the list view, filtered and ordered as the api does it (the same domain functions).
    'GET /api/public/map/list': ({ query }: { query: Record<string, string> }) => {
      const matches = filterStations(payload.statuses, { query: query.name ?? '', county: query.county ?? '', status: query.status ?? '' });
      const offset = Number(query.offset ?? 0);
      return ok('BEACH_STATUSES_FOUND', { version: 'test-version', total: matches.length, offset, stations: matches.slice(offset, offset + STATION_LIST_PAGE_SIZE) });
    },
    'GET /api/public/beaches/statuses/': ok('BEACH_STATUSES_FOUND', payload),
    'GET /api/public/beaches/statuses/legend': ok('LEGEND_FOUND', LEGEND),
    'GET /api/public/config': ok('CONFIG_FOUND', { tile_url: '', time_zone: 'America/New_York', today: payload.today }),
    'GET /api/public/news/latest': ok('NEWS_FOUND', null),
    'GET /api/public/dailyFlights/': ok('DAILY_FLIGHTS_FOUND', []),
    'GET /api/public/switches/': ok('SWITCHES_FOUND', []),
  };
}
