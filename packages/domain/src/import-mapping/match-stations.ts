import type { LocationTypeCode } from '../csv/parse';
import type { NewStationPlaces } from './mapping';
import type { MappedRow } from './read-row';

/**
 * The station matching of a mapped import (issue 29): the file's beach and station names matched to the
 * program's stations blind to case, spacing and punctuation; the rest listed as new stations grouped by
 * beach, with the place each new beach would be created in. Nothing is created here, and nothing is
 * guessed: names that match several stations (or beaches) are reported as ambiguous.
 */

/**
 * A beach or station name as matching compares it: accents dropped, lower case, apostrophes and dots
 * dropped (`St. Mary's` = `st marys`), any other punctuation a space (`Ocean-Ave` = `ocean ave`), one
 * space between words.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'\u2019`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The key of a station in a file: its beach and its own name, normalised. */
export function stationKey(beachName: string, stationName: string): string {
  return `${normaliseName(beachName)}|${normaliseName(stationName)}`;
}

/** A station the file names, with the rows that name it. */
export interface FileStation {
  key: string;
  beachName: string;
  stationName: string;
  firstLine: number;
  rows: number;
  /** The places its rows give (county, municipality, location type), each distinct one once. */
  places: { county: string | null; municipality: string | null; locationType: LocationTypeCode | null }[];
}

/** The stations a file's rows name, each once (by stationKey), in the order the file first names them. */
export function collectFileStations(rows: readonly MappedRow[]): FileStation[] {
  const stations = new Map<string, FileStation>();
  for (const row of rows) {
    const key = stationKey(row.beachName, row.stationName);
    let station = stations.get(key);
    if (!station) {
      station = { key, beachName: row.beachName, stationName: row.stationName, firstLine: row.line, rows: 0, places: [] };
      stations.set(key, station);
    }
    station.rows += 1;
    const place = { county: row.county, municipality: row.municipality, locationType: row.locationType };
    if (!station.places.some((p) => samePlace(p, place))) station.places.push(place);
  }
  return [...stations.values()];
}

const sameText = (a: string | null, b: string | null) => (a === null || b === null ? a === b : normaliseName(a) === normaliseName(b));
const samePlace = (a: FileStation['places'][number], b: FileStation['places'][number]) =>
  sameText(a.county, b.county) && sameText(a.municipality, b.municipality) && a.locationType === b.locationType;

export interface ExistingStation {
  beach_station_id: number;
  station_name: string;
  beach_id: number;
  beach_name: string;
}

export interface ExistingBeach {
  beach_id: number;
  name: string;
}

export interface MatchedStation {
  key: string;
  beachName: string;
  stationName: string;
  station: ExistingStation;
  /** How it matched: its beach and station names, or its station name alone (the one station so named). */
  by: 'beach_and_station' | 'station_alone';
}

export interface AmbiguousStation {
  key: string;
  beachName: string;
  stationName: string;
  candidates: ExistingStation[];
}

export interface NewStationGroup {
  beachName: string;
  /** The existing beach the new stations would join; null for a new beach. */
  beach: ExistingBeach | null;
  /** Existing beaches whose names all normalise to this one: the admin picks (nothing is created meanwhile). */
  ambiguousBeaches: ExistingBeach[];
  stations: FileStation[];
}

export interface StationMatching {
  matched: MatchedStation[];
  ambiguous: AmbiguousStation[];
  newStations: NewStationGroup[];
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The file's stations against the program's (and its beaches, which may have no station yet; by default
 * the beaches of `existing`). A file station matches the one station with its beach and station names
 * (normalised); else, with `stationNameAlone`, the one station of the program with its station name.
 * Two or more candidates either way are ambiguous. The others are new stations, grouped by beach in the
 * order the file first names them (screens sort them for display: names.ts), at the existing beach of that
 * name when there is exactly one.
 */
export function matchFileStations(
  fileStations: readonly FileStation[],
  existing: readonly ExistingStation[],
  options: { beaches?: readonly ExistingBeach[]; stationNameAlone?: boolean } = {},
): StationMatching {
  const byKey = groupBy(existing, (s) => stationKey(s.beach_name, s.station_name));
  const byName = groupBy(existing, (s) => normaliseName(s.station_name));
  const beaches = options.beaches ?? [...new Map(existing.map((s) => [s.beach_id, { beach_id: s.beach_id, name: s.beach_name }])).values()];
  const beachesByName = groupBy(beaches, (b) => normaliseName(b.name));
  const matched: MatchedStation[] = [];
  const ambiguous: AmbiguousStation[] = [];
  const fresh = new Map<string, NewStationGroup>();

  for (const f of fileStations) {
    const named = { key: f.key, beachName: f.beachName, stationName: f.stationName };
    const exact = byKey.get(f.key) ?? [];
    const alone = exact.length === 0 && options.stationNameAlone !== false ? (byName.get(normaliseName(f.stationName)) ?? []) : [];
    const candidates = exact.length ? exact : alone;
    if (candidates.length === 1) matched.push({ ...named, station: candidates[0]!, by: exact.length ? 'beach_and_station' : 'station_alone' });
    else if (candidates.length > 1) ambiguous.push({ ...named, candidates });
    else {
      const beachKey = normaliseName(f.beachName);
      let group = fresh.get(beachKey);
      if (!group) {
        const atBeach = beachesByName.get(beachKey) ?? [];
        group = { beachName: f.beachName, beach: atBeach.length === 1 ? atBeach[0]! : null, ambiguousBeaches: atBeach.length > 1 ? atBeach : [], stations: [] };
        fresh.set(beachKey, group);
      }
      group.stations.push(f);
    }
  }
  return { matched, ambiguous, newStations: [...fresh.values()] };
}

export interface NewBeachPlace {
  county: string;
  municipality: string;
  locationType: LocationTypeCode | null;
}

/** Where a group of new stations would go, or why it has no place yet (the admin sets one per beach). */
export type PlaceOfGroup =
  | { beachName: string; at: 'existing_beach'; beach: ExistingBeach }
  | { beachName: string; at: 'new_beach'; place: NewBeachPlace }
  | { beachName: string; at: 'unplaced'; reason: string };

export const PLACE_REASONS = {
  none: 'The mapping creates no stations: set where new stations go (a county and municipality, the columns, or per beach)',
  ambiguousBeach: 'Several beaches have this name: choose the beach',
  noColumns: 'Its rows name no county and municipality',
  severalPlaces: 'Its rows name more than one county and municipality',
  notListed: 'No county and municipality is set for this beach',
} as const;

/** The one place a new beach's rows give, or a reason. */
function placeFromRows(group: NewStationGroup, fallbackType: LocationTypeCode | null): { place: NewBeachPlace } | { reason: string } {
  const places = group.stations.flatMap((s) => s.places).filter((p) => p.county !== null && p.municipality !== null);
  const distinct = places.filter((p, i) => places.findIndex((q) => sameText(q.county, p.county) && sameText(q.municipality, p.municipality)) === i);
  if (distinct.length === 0) return { reason: PLACE_REASONS.noColumns };
  if (distinct.length > 1) return { reason: PLACE_REASONS.severalPlaces };
  const type = places.find((p) => p.locationType !== null)?.locationType ?? fallbackType;
  return { place: { county: distinct[0]!.county!, municipality: distinct[0]!.municipality!, locationType: type } };
}

/**
 * The place of each group of new stations by the mapping's rule (new_station_places): an existing beach
 * keeps its own; a new beach gets the file's constant county and municipality, its rows' columns (one
 * distinct place among them), or the admin's entry for that beach; otherwise it is unplaced, with why.
 * Names only: the import matches them to the counties and municipalities it has.
 */
export function placeNewStations(groups: readonly NewStationGroup[], rule: NewStationPlaces): PlaceOfGroup[] {
  return groups.map((g): PlaceOfGroup => {
    const beachName = g.beachName;
    if (g.beach) return { beachName, at: 'existing_beach', beach: g.beach };
    if (g.ambiguousBeaches.length) return { beachName, at: 'unplaced', reason: PLACE_REASONS.ambiguousBeach };
    const fallbackType = rule.from === 'none' ? null : (rule.location_type ?? null);
    switch (rule.from) {
      case 'none':
        return { beachName, at: 'unplaced', reason: PLACE_REASONS.none };
      case 'constant': {
        const fromRows = g.stations.flatMap((s) => s.places).find((p) => p.locationType !== null)?.locationType;
        return { beachName, at: 'new_beach', place: { county: rule.county, municipality: rule.municipality, locationType: fromRows ?? fallbackType } };
      }
      case 'columns': {
        const read = placeFromRows(g, fallbackType);
        return 'place' in read ? { beachName, at: 'new_beach', place: read.place } : { beachName, at: 'unplaced', reason: read.reason };
      }
      case 'per_beach': {
        const entry = rule.beaches.find((b) => normaliseName(b.beach) === normaliseName(beachName));
        if (!entry) return { beachName, at: 'unplaced', reason: PLACE_REASONS.notListed };
        return { beachName, at: 'new_beach', place: { county: entry.county, municipality: entry.municipality, locationType: entry.location_type ?? fallbackType } };
      }
    }
  });
}
