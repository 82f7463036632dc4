import {
  bracketBeachBase,
  bracketNameParts,
  collectFileStations,
  matchCounty,
  matchFileStations,
  matchMunicipality,
  placeKey,
  placeNewStations,
  PLACE_REASONS,
  stationKey,
  type CsvRowError,
  type ImportMapping,
  type MappedRow,
  type MappingField,
  type PlaceOfGroup,
} from '@beach/domain';
import type { DbOrTx } from '../../../../db/client';
import * as places from '../../repository/places';
import type * as ref from '../../repository/reference';
import { StationIndex, type ImportRow } from '../csv-rows';
import type { NewStationsOfBeach } from './types';

/**
 * The stage that resolves places and stations: the file's stations matched over the whole file to the
 * program's (the domain's collectFileStations and matchFileStations, as the preview matches its rows), and
 * the ones the program lacks planned where the mapping places them (placeNewStations): at the existing
 * beach of their name, or at a new beach in the county and municipality the mapping gives (its columns, a
 * constant, or per beach). A station the mapping gives no place to is never created: its rows are refused
 * with the reason, grouped. Planned records have negative ids until the write stage creates what imported
 * rows need.
 */

export const UNLINKED_BRACKET_REASON =
  'Bracket created without a primary (none by its name, its beach or Primary_Station_Name, in the file or the program): ' +
  'its results are kept; it is hidden from the public map until a primary is linked';

/** A new station of a file without coordinates is placed where its neighbours are (decision 0063). */
export const APPROXIMATE_POSITION_REASON =
  'New station created without coordinates (the file has none): placed at the middle of the stations of its beach, municipality or county; set its position in Beach Stations';

export const AMBIGUOUS_STATION_REASON = 'Several stations of the program match this name: rename one, or name the beach';

/** What a row says about its station. */
export interface StationFacts {
  /** The beach the station belongs to: a bracket's beach name without its side and number. */
  beachName: string;
  type: 'PRIMARY' | 'BRACKET';
  archived: boolean;
  /** Names a primary may go by: the primary station column, then the bracket's name without its suffix. */
  primaryNames: string[];
}

export function stationFacts(r: MappedRow): StationFacts {
  const parts = bracketNameParts(r.stationName);
  const type = r.stationType ?? (r.primaryStationName || parts ? 'BRACKET' : 'PRIMARY');
  const primaryNames = [r.primaryStationName, parts?.primary].filter((n): n is string => !!n);
  return {
    beachName: type === 'BRACKET' ? bracketBeachBase(r.beachName, parts?.suffix ?? null) : r.beachName,
    type,
    archived: r.stationArchived,
    primaryNames,
  };
}

export interface PlannedBeach {
  record: { beach_id: number; name: string };
  municipalityId: number;
  category: string;
  localHealthAuthorityId: number | null;
  county: string;
  municipality: string;
}

export interface PlannedStation {
  record: ref.StationRecord;
  beach: PlannedBeach | null;
  latitude: number;
  longitude: number;
  archived: boolean;
  unlinked: boolean;
  /** The planned primary a planned bracket links to. */
  plannedPrimary: PlannedStation | null;
  firstLine: number;
  warning: CsvRowError | null;
}

export interface Planner {
  nextId(): number;
  counties: places.PlaceIndex['counties'];
  municipalities: places.PlaceIndex['municipalities'];
  lhaOf(municipalityId: number): Promise<number | null>;
  /** The middle of the stations of a beach, municipality or county, for a new station without coordinates. */
  positionNear(near: places.PositionScope): Promise<{ latitude: number; longitude: number } | null>;
  /** Creates a municipality the file names (createPlaces), or null to refuse its rows and note it. */
  createTown: ((county: { county_id: number; name: string }, name: string) => Promise<places.PlaceIndex['municipalities'][number]>) | null;
  unknownTowns: Map<number, { county: string; names: Map<string, string> }>;
  createdTowns: { county: string; municipality: string }[];
}

/** The planned stations of imported rows, by beach, as the report lists them. */
export function newStationsByBeach(stations: readonly PlannedStation[]): NewStationsOfBeach[] {
  const byBeach = new Map<string, NewStationsOfBeach>();
  for (const s of stations) {
    const key = `${s.record.program_id}|${s.record.beach_name.toLowerCase()}`;
    const entry = byBeach.get(key) ?? {
      beachName: s.record.beach_name,
      beachId: s.beach ? null : s.record.beach_id,
      county: s.beach?.county ?? null,
      municipality: s.beach?.municipality ?? null,
      stations: [],
    };
    entry.stations.push(s.record.station_name);
    byBeach.set(key, entry);
  }
  return [...byBeach.values()];
}

/**
 * The stations (and beaches) a program's rows name that do not exist yet, planned with negative ids; the
 * rows that cannot have theirs get errors by line. Primaries first, so brackets find them.
 */
export async function planStations(
  tx: DbOrTx,
  program: ref.ProgramRecord,
  rows: readonly ImportRow[],
  stations: ref.StationRecord[],
  planner: Planner,
  mapping: ImportMapping,
  labels: Record<MappingField, string>,
): Promise<{ planned: PlannedStation[]; errors: Map<number, CsvRowError[]>; facts: Map<number, StationFacts> }> {
  const stationNameAlone = mapping.station_matching.station_name_alone;
  const index = new StationIndex(stations, stationNameAlone);
  const placeIndex = await places.loadPlaceIndex(tx, program.program_id);
  const errors = new Map<number, CsvRowError[]>();
  const facts = new Map<number, StationFacts>();
  const fail = (group: readonly ImportRow[], column: string, message: string, reason?: string) => {
    for (const row of group) errors.set(row.line, [...(errors.get(row.line) ?? []), { line: row.line, column, message, ...(reason ? { reason } : {}) }]);
  };

  // Whole-file matching: every station the file names, at the beach it belongs to (a bracket's without its suffix).
  const readRows: MappedRow[] = [];
  const rowsOf = new Map<string, ImportRow[]>();
  const factsOf = new Map<string, StationFacts>();
  for (const row of rows) {
    if (!row.row) continue;
    const f = stationFacts(row.row);
    facts.set(row.line, f);
    const key = stationKey(f.beachName, row.row.stationName);
    if (!factsOf.has(key)) factsOf.set(key, f);
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), row]);
    readRows.push(f.beachName === row.row.beachName ? row.row : { ...row.row, beachName: f.beachName });
  }
  const matching = matchFileStations(collectFileStations(readRows), stations, { beaches: [...placeIndex.beaches.values()], stationNameAlone });
  for (const a of matching.ambiguous) {
    const names = a.candidates.map((c) => `'${c.station_name}' at '${c.beach_name}'`).join(', ');
    fail(rowsOf.get(a.key)!, labels.station, `Station '${a.stationName}' at beach '${a.beachName}' matches several stations of ${program.abbv}: ${names}`, AMBIGUOUS_STATION_REASON);
  }
  const placesOf = placeNewStations(matching.newStations, mapping.new_station_places);
  const coordinatesBound = !!mapping.fields.latitude && !!mapping.fields.longitude;

  // Each new beach's place (or why it has none), once per beach.
  const beaches = new Map<string, { record: { beach_id: number; name: string }; planned: PlannedBeach | null } | { column: string; message: string; reason?: string }>();
  const beachOf = async (place: PlaceOfGroup) => {
    const key = place.beachName.toLowerCase();
    const known = beaches.get(key);
    if (known) return known;
    const made = await placeBeach(place, planner, labels);
    beaches.set(key, made);
    return made;
  };

  const planned: PlannedStation[] = [];
  const plannedById = new Map<number, PlannedStation>();
  const fresh = matching.newStations.flatMap((g, i) => g.stations.map((s) => ({ station: s, place: placesOf[i]! })));
  for (const pass of ['PRIMARY', 'BRACKET'] as const) {
    for (const { station: fileStation, place } of fresh) {
      const f = factsOf.get(fileStation.key)!;
      if (f.type !== pass) continue;
      const group = rowsOf.get(fileStation.key)!;
      const r = group[0]!.row!;
      const at = group.find((row) => row.row!.latitude !== null && row.row!.longitude !== null)?.row;
      if (coordinatesBound && !at) {
        fail(group, labels.station, `New station '${r.stationName}' needs ${labels.latitude} and ${labels.longitude}`);
        continue;
      }
      let primary: ref.StationRecord | undefined;
      if (pass === 'BRACKET') {
        // By the primary station column or the bracket's own name, then the one primary of its beach.
        primary = f.primaryNames.map((name) => index.find(f.beachName, name)).find((s) => s?.station_type === 'PRIMARY');
        if (!primary) {
          // `stations` holds the planned primaries too.
          const atBeach = stations.filter((s) => s.station_type === 'PRIMARY' && s.beach_name.toLowerCase() === f.beachName.toLowerCase());
          if (atBeach.length === 1) primary = atBeach[0];
        }
      }
      const beach = await beachOf(place);
      if ('message' in beach) {
        fail(group, beach.column, beach.message, beach.reason);
        continue;
      }
      let position = at ? { latitude: at.latitude!, longitude: at.longitude! } : null;
      if (!position) {
        position = await nearbyPosition(planner, beach);
        if (!position) {
          fail(group, labels.station, `New station '${r.stationName}' has no coordinates, and no station of its beach, municipality or county to place it near: add ${labels.latitude} and ${labels.longitude} columns`);
          continue;
        }
      }
      const id = planner.nextId();
      const record: ref.StationRecord = {
        beach_station_id: id,
        station_name: r.stationName,
        station_type: pass,
        primary_station_id: primary?.beach_station_id ?? id,
        beach_id: beach.record.beach_id,
        beach_name: beach.record.name,
        program_id: program.program_id,
        active: !f.archived,
      };
      const unlinked = pass === 'BRACKET' && !primary;
      const looked = f.primaryNames.length ? `'${f.primaryNames.join("' or '")}' or ` : '';
      const rowsText = `${group.length} ${group.length === 1 ? 'row' : 'rows'}`;
      const warning: CsvRowError | null = unlinked
        ? {
            line: group[0]!.line,
            column: labels.station,
            message:
              `Bracket station '${r.stationName}': no primary station ${looked}at beach '${f.beachName}' in the file or in ${program.abbv}; ` +
              `created without one (${rowsText})`,
            reason: UNLINKED_BRACKET_REASON,
          }
        : !at
          ? { line: group[0]!.line, column: labels.station, message: `New station '${r.stationName}' placed at ${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)} (${rowsText})`, reason: APPROXIMATE_POSITION_REASON }
          : null;
      const station: PlannedStation = {
        record,
        beach: beach.planned,
        latitude: position.latitude,
        longitude: position.longitude,
        archived: f.archived,
        unlinked,
        plannedPrimary: primary ? (plannedById.get(primary.beach_station_id) ?? null) : null,
        firstLine: group[0]!.line,
        warning,
      };
      planned.push(station);
      plannedById.set(id, station);
      stations.push(record);
      index.add(record);
    }
  }
  return { planned, errors, facts };
}

/** Where a new station without coordinates goes: the middle of its beach's stations, else its municipality's, else its county's. */
async function nearbyPosition(planner: Planner, beach: { record: { beach_id: number }; planned: PlannedBeach | null }) {
  if (!beach.planned) return planner.positionNear({ beachId: beach.record.beach_id });
  const town = planner.municipalities.find((m) => m.municipality_id === beach.planned!.municipalityId)!;
  return (await planner.positionNear({ municipalityId: town.municipality_id })) ?? (await planner.positionNear({ countyId: town.county_id }));
}

/**
 * The beach of a group of new stations: the existing one, or a new beach planned in the county and
 * municipality the mapping places it in (matched by name; a municipality its county lacks is created only
 * with createPlaces), or why it cannot be.
 */
async function placeBeach(
  place: PlaceOfGroup,
  planner: Planner,
  labels: Record<MappingField, string>,
): Promise<{ record: { beach_id: number; name: string }; planned: PlannedBeach | null } | { column: string; message: string; reason?: string }> {
  const name = place.beachName;
  if (place.at === 'existing_beach') return { record: place.beach, planned: null };
  if (place.at === 'unplaced') {
    // The legacy layout's words for a beach its rows give no place to.
    if (place.reason === PLACE_REASONS.noColumns) {
      return { column: labels.beach, message: `New beach '${name}' needs ${labels.county}, ${labels.municipality} and ${labels.location_type}` };
    }
    return { column: labels.beach, message: `New beach '${name}': ${place.reason}`, reason: `New beach not created: ${place.reason}` };
  }
  const { county: countyName, municipality, locationType } = place.place;
  if (!locationType) return { column: labels.beach, message: `New beach '${name}' needs ${labels.county}, ${labels.municipality} and ${labels.location_type}` };
  const county = matchCounty(countyName, planner.counties);
  if ('none' in county) return { column: labels.county, message: `${labels.county} '${countyName}' matches no county` };
  if ('ambiguous' in county) {
    return { column: labels.county, message: `${labels.county} '${countyName}' matches several counties: ${county.ambiguous.map((c) => c.name).join(', ')}` };
  }
  const towns = planner.municipalities.filter((m) => m.county_id === county.match.county_id);
  let town = matchMunicipality(municipality, towns);
  if ('none' in town && planner.createTown) {
    const made = await planner.createTown(county.match, municipality);
    planner.municipalities.push(made);
    planner.createdTowns.push({ county: county.match.name, municipality: made.name });
    town = { match: made };
  }
  if ('none' in town) {
    const unknown = planner.unknownTowns.get(county.match.county_id) ?? { county: county.match.name, names: new Map<string, string>() };
    unknown.names.set(placeKey(municipality), municipality.trim().replace(/\s+/g, ' '));
    planner.unknownTowns.set(county.match.county_id, unknown);
    return { column: labels.municipality, message: `${labels.municipality} '${municipality}' matches no municipality of ${county.match.name} County` };
  }
  if ('ambiguous' in town) {
    return {
      column: labels.municipality,
      message: `${labels.municipality} '${municipality}' matches several municipalities of ${county.match.name} County: ${town.ambiguous.map((m) => m.name).join(', ')}`,
    };
  }
  const beach: PlannedBeach = {
    record: { beach_id: planner.nextId(), name },
    municipalityId: town.match.municipality_id,
    category: locationType,
    localHealthAuthorityId: await planner.lhaOf(town.match.municipality_id),
    county: county.match.name,
    municipality: town.match.name,
  };
  return { record: beach.record, planned: beach };
}
