/**
 * Counties and municipalities (issue 25, decision 0051): the agency's place list. Pure: names compared the
 * way people write them, the bulk-load CSV read and planned against what is stored. No I/O.
 */
import { placeKey } from '../csv/legacy';
import { CSV_UPLOAD_LIMITS, parseCsv, CsvSyntaxError } from '../csv/parse';
import { stateOfCountyFips } from '../schemas/beach-notification-xml';
import { NOT_SINGLE_LINE, TEXT_MESSAGES } from '../schemas/common';

/** Kinds of municipality (New Jersey has all five; other states name theirs the same way). */
export const MUNICIPALITY_TYPES = ['BOROUGH', 'CITY', 'TOWN', 'TOWNSHIP', 'VILLAGE', 'OTHER'] as const;
export type MunicipalityType = (typeof MUNICIPALITY_TYPES)[number];
export const MUNICIPALITY_TYPE_NAMES: Record<MunicipalityType, string> = {
  BOROUGH: 'Borough',
  CITY: 'City',
  TOWN: 'Town',
  TOWNSHIP: 'Township',
  VILLAGE: 'Village',
  OTHER: 'Other',
};

export const PLACE_MESSAGES = {
  fipsShape: 'County FIPS code must be 5 digits: the state’s 2 and the county’s 3 (34029)',
  fipsState: 'County FIPS code must start with a state’s FIPS code (34 is New Jersey)',
  codeShape: 'Municipality code must be a FIPS place code or a GNIS id: 5 to 10 digits',
  type: `Type must be one of ${MUNICIPALITY_TYPES.map((t) => MUNICIPALITY_TYPE_NAMES[t]).join(', ')}`,
} as const;


/** The problem with a county FIPS code, or null when it is 5 digits of a known state. */
export function countyFipsProblem(fips: string): string | null {
  if (!/^\d{5}$/.test(fips)) return PLACE_MESSAGES.fipsShape;
  return stateOfCountyFips(fips) ? null : PLACE_MESSAGES.fipsState;
}

export function municipalityCodeProblem(code: string): string | null {
  return /^\d{5,10}$/.test(code) ? null : PLACE_MESSAGES.codeShape;
}

/** A type as people write it ('borough', 'Township'), or undefined when it is none of MUNICIPALITY_TYPES. */
export function readMunicipalityType(text: string): MunicipalityType | undefined {
  const upper = text.trim().toUpperCase();
  return (MUNICIPALITY_TYPES as readonly string[]).includes(upper) ? (upper as MunicipalityType) : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Bulk load: county, county_fips, municipality, municipality_code, type

export const PLACES_CSV_COLUMNS = ['county', 'county_fips', 'municipality', 'municipality_code', 'type'] as const;

/** One line of a places file: a county, and a municipality of it when the line names one. */
export interface PlaceCsvRow {
  line: number;
  county: string;
  countyFips: string;
  municipality: string | null;
  municipalityCode: string | null;
  type: MunicipalityType | null;
}

export interface PlaceLineError {
  line: number;
  message: string;
}

/**
 * Reads a places file. The header must name the five columns (any order, any case); every problem is
 * reported by line: a missing county, a FIPS or municipality code of the wrong shape, an unknown type, the
 * same municipality twice, one county with two FIPS codes or one FIPS code for two counties.
 */
export function parsePlacesCsv(text: string): { rows: PlaceCsvRow[]; errors: PlaceLineError[] } {
  let records;
  try {
    records = parseCsv(text, CSV_UPLOAD_LIMITS);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], errors: [{ line: err.line, message: err.reason }] };
    throw err;
  }
  const [head, ...body] = records;
  if (!head) return { rows: [], errors: [{ line: 1, message: `The file is empty: its first line must name the columns ${PLACES_CSV_COLUMNS.join(', ')}` }] };
  const names = head.fields.map((f) => f.trim().toLowerCase());
  const missing = PLACES_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) return { rows: [], errors: [{ line: head.line, message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` }] };
  const at = Object.fromEntries(PLACES_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof PLACES_CSV_COLUMNS)[number], number>;

  const rows: PlaceCsvRow[] = [];
  const errors: PlaceLineError[] = [];
  const fipsOfCounty = new Map<string, { fips: string; line: number }>();
  const countyOfFips = new Map<string, { name: string; line: number }>();
  const seenTowns = new Map<string, number>();
  for (const { line, fields } of body) {
    const cell = (c: keyof typeof at) => (fields[at[c]] ?? '').trim().replace(/\s+/g, ' ');
    const problems: string[] = [];
    // Cells become names: one line each, no control, bidi or invisible character (the text rule of every name).
    if (fields.some((f) => NOT_SINGLE_LINE.test(f))) problems.push(TEXT_MESSAGES.singleLine);
    const county = cell('county');
    const countyFips = cell('county_fips');
    const municipality = cell('municipality') || null;
    const municipalityCode = cell('municipality_code') || null;
    const typeText = cell('type');
    if (!county) problems.push('County is required');
    const fipsProblem = countyFips ? countyFipsProblem(countyFips) : 'County FIPS code is required';
    if (fipsProblem) problems.push(fipsProblem);
    const type = typeText ? readMunicipalityType(typeText) : null;
    if (type === undefined) problems.push(`${PLACE_MESSAGES.type}, not '${typeText}'`);
    if (municipalityCode) {
      const codeProblem = municipalityCodeProblem(municipalityCode);
      if (codeProblem) problems.push(codeProblem);
    }
    if (!municipality && (municipalityCode || typeText)) problems.push('A municipality code or type needs a municipality name');
    if (county && !fipsProblem) {
      const known = fipsOfCounty.get(placeKey(county));
      if (known && known.fips !== countyFips) problems.push(`County '${county}' has FIPS code ${known.fips} on line ${known.line}`);
      const named = countyOfFips.get(countyFips);
      if (named && placeKey(named.name) !== placeKey(county)) problems.push(`FIPS code ${countyFips} is county '${named.name}' on line ${named.line}`);
      if (!known) fipsOfCounty.set(placeKey(county), { fips: countyFips, line });
      if (!named) countyOfFips.set(countyFips, { name: county, line });
    }
    if (municipality && county) {
      const key = `${placeKey(county)}|${placeKey(municipality)}`;
      const first = seenTowns.get(key);
      if (first !== undefined) problems.push(`Duplicate: ${municipality} (${county}) is already on line ${first}`);
      else seenTowns.set(key, line);
    }
    if (problems.length) for (const message of problems) errors.push({ line, message });
    else rows.push({ line, county, countyFips, municipality, municipalityCode, type: type ?? null });
  }
  if (body.length === 0) errors.push({ line: head.line + 1, message: 'The file has a header but no places' });
  return { rows, errors };
}

export interface StoredCounty {
  county_id: number;
  name: string;
  fips: string | null;
}
export interface StoredMunicipality {
  municipality_id: number;
  county_id: number;
  name: string;
  code: string | null;
  type: string | null;
}

export type PlanOutcome = 'new' | 'unchanged' | 'conflicting';
export interface PlannedCounty {
  line: number;
  name: string;
  fips: string;
  outcome: PlanOutcome;
  /** The stored county it is (unchanged, conflicting). */
  county_id: number | null;
  reason: string | null;
}
export interface PlannedMunicipality {
  line: number;
  county: string;
  name: string;
  code: string | null;
  type: MunicipalityType | null;
  outcome: PlanOutcome;
  municipality_id: number | null;
  reason: string | null;
}
export interface PlacesPlan {
  counties: PlannedCounty[];
  municipalities: PlannedMunicipality[];
}

/**
 * What loading the rows would do against the stored places: each county and municipality is new, unchanged
 * (stored with the same FIPS code; a municipality with the same code and type, or the file leaves them
 * empty) or conflicting (a county stored with another FIPS code, or its FIPS code stored under another name;
 * a municipality stored with another code or type). A load applies only with no conflict and no line error.
 */
export function planPlacesLoad(rows: readonly PlaceCsvRow[], stored: { counties: readonly StoredCounty[]; municipalities: readonly StoredMunicipality[] }): PlacesPlan {
  const byName = new Map(stored.counties.map((c) => [placeKey(c.name), c]));
  const byFips = new Map(stored.counties.filter((c) => c.fips).map((c) => [c.fips!, c]));
  const towns = new Map(stored.municipalities.map((m) => [`${m.county_id}|${placeKey(m.name)}`, m]));
  const counties = new Map<string, PlannedCounty>();
  const municipalities: PlannedMunicipality[] = [];
  for (const row of rows) {
    const key = placeKey(row.county);
    let county = counties.get(key);
    if (!county) {
      const named = byName.get(key);
      const coded = byFips.get(row.countyFips);
      if (named && named.fips && named.fips !== row.countyFips) {
        county = { line: row.line, name: row.county, fips: row.countyFips, outcome: 'conflicting', county_id: named.county_id, reason: `${named.name} is stored with FIPS code ${named.fips}` };
      } else if (coded && (!named || coded.county_id !== named.county_id)) {
        county = { line: row.line, name: row.county, fips: row.countyFips, outcome: 'conflicting', county_id: coded.county_id, reason: `FIPS code ${row.countyFips} is stored as ${coded.name}` };
      } else if (named) {
        county = {
          line: row.line,
          name: row.county,
          fips: row.countyFips,
          outcome: named.fips ? 'unchanged' : 'conflicting',
          county_id: named.county_id,
          reason: named.fips ? null : `${named.name} is stored without a FIPS code: set it in Places first`,
        };
      } else {
        county = { line: row.line, name: row.county, fips: row.countyFips, outcome: 'new', county_id: null, reason: null };
      }
      counties.set(key, county);
    }
    if (!row.municipality) continue;
    const town = county.county_id === null ? undefined : towns.get(`${county.county_id}|${placeKey(row.municipality)}`);
    const base = { line: row.line, county: row.county, name: row.municipality, code: row.municipalityCode, type: row.type };
    if (!town) {
      municipalities.push({ ...base, outcome: 'new', municipality_id: null, reason: null });
      continue;
    }
    const differs = [
      row.municipalityCode && town.code && town.code !== row.municipalityCode ? `code ${town.code}` : null,
      row.type && town.type && town.type !== row.type ? `type ${MUNICIPALITY_TYPE_NAMES[town.type as MunicipalityType] ?? town.type}` : null,
    ].filter(Boolean);
    municipalities.push({
      ...base,
      outcome: differs.length ? 'conflicting' : 'unchanged',
      municipality_id: town.municipality_id,
      reason: differs.length ? `${town.name} is stored with ${differs.join(' and ')}` : null,
    });
  }
  return { counties: [...counties.values()], municipalities };
}

/** Counts of a plan by outcome. */
export function planCounts(plan: PlacesPlan) {
  const tally = (items: readonly { outcome: PlanOutcome }[]) => ({
    new: items.filter((i) => i.outcome === 'new').length,
    unchanged: items.filter((i) => i.outcome === 'unchanged').length,
    conflicting: items.filter((i) => i.outcome === 'conflicting').length,
  });
  return { counties: tally(plan.counties), municipalities: tally(plan.municipalities) };
}
