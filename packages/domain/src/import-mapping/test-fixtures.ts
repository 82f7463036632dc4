import { parseCsv, type CsvRecord } from '../csv/parse';
import { importMappingSchema, type ImportMapping } from './mapping';
import type { MappedRow } from './read-row';

/**
 * Files of other agencies' shapes for the mapped import's tests (generated here, no real data): a city
 * health department's download (issue 29's header: three locations per beach, `MM/DD/YYYY` dates, names in
 * capitals, an empty result where the notes say `Result below detection limit`), and a lab export with
 * ISO date-times, a site code column, E. coli in MPN and `<10` inside the value cell.
 */

export const CITY_HEADER = ['Sample ID', 'Sample Date', 'Beach Name', 'Sample Location', 'Enterococci Results', 'Units or Notes'];
export const CITY_BEACHES = ['MIDLAND BEACH', 'SOUTH BEACH', 'CEDAR GROVE BEACH', 'WOLFES POND BEACH'];
export const CITY_LOCATIONS = ['Left', 'Center', 'Right'];
export const BELOW_DETECTION = 'Result below detection limit';

/** A small deterministic generator (a linear congruential one), so every run has the same file. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const csvLine = (fields: readonly string[]) => fields.map((f) => (/[",\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(',');
const mmddyyyy = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/**
 * The city download's text: `days` sampling days a week apart from 05/23/2005, every beach and location
 * each day. About one result in five is below detection (empty result, the note instead of the unit).
 */
export function cityCsv(days: number): string {
  const random = numbers(29);
  const lines = [csvLine(CITY_HEADER)];
  let id = 1000;
  for (let day = 0; day < days; day++) {
    const date = mmddyyyy(new Date(Date.UTC(2005, 4, 23 + 7 * day)));
    for (const beach of CITY_BEACHES) {
      for (const location of CITY_LOCATIONS) {
        const below = random() < 0.2;
        const count = Math.round(Math.exp(random() * 7));
        lines.push(csvLine([`S${id++}`, date, beach, location, below ? '' : String(Math.max(count, 10)), below ? BELOW_DETECTION : 'MPN/100 ml']));
      }
    }
  }
  return lines.join('\r\n') + '\r\n';
}

/** A text's header fields and its data records, as the import's reader gives them. */
export function split(text: string): { header: string[]; records: CsvRecord[] } {
  const [first, ...records] = parseCsv(text);
  return { header: first!.fields, records };
}

/** The city department's mapping: station = beach + location; the notes column is the remark. */
export const CITY_MAPPING: ImportMapping = importMappingSchema.parse({
  version: 1,
  name: 'City health department beaches',
  description: 'The city health department download: Enterococci since 2005, three locations per beach',
  fields: {
    station: {
      kind: 'combination',
      parts: [
        { kind: 'column', column: 'Beach Name' },
        { kind: 'column', column: 'Sample Location' },
      ],
      separator: ' ',
    },
    beach: { kind: 'column', column: 'Beach Name' },
    date: { kind: 'column', column: 'Sample Date' },
    parameter: { kind: 'constant', value: 'Enterococcus' },
    value: { kind: 'column', column: 'Enterococci Results' },
    unit: { kind: 'constant', value: 'MPN/100mL' },
    remark: { kind: 'column', column: 'Units or Notes' },
    comments: { kind: 'column', column: 'Sample ID' },
  },
  date: { formats: ['MM/DD/YYYY'] },
  maps: {
    remarks: {
      entries: [
        { from: BELOW_DETECTION, to: 'K' },
        { from: 'MPN/100 ml', to: '' },
      ],
      otherwise: 'refuse',
    },
  },
  value_parser: { below_limit_value: 10 },
  station_matching: { name_case: 'title_if_capitals' },
  new_station_places: { from: 'constant', county: 'Richmond', municipality: 'Harbor City', location_type: 'OCEAN' },
});

export const LAB_HEADER = ['Site Code', 'Beach', 'Collected', 'Parameter', 'Result', 'Units', 'Lab Notes'];

/** A lab's export: ISO date-times, a site code, E. coli in MPN, `<10`, `>2419.6`, `TNTC` and `1,000` in the value cell. */
export const LAB_CSV = [
  csvLine(LAB_HEADER),
  csvLine(['LK-01', 'Lake Side Park', '2024-06-03T09:15:00', 'Escherichia coli', '<10', 'MPN/100 ml', '']),
  csvLine(['LK-02', 'Lake Side Park', '2024-06-03T09:40:00', 'Escherichia coli', '>2419.6', 'MPN/100 ml', 'storm the night before']),
  csvLine(['LK-01', 'Lake Side Park', '2024-06-10 08:05', 'Escherichia coli', '1,000', 'MPN/100 ml', '']),
  csvLine(['LK-02', 'Lake Side Park', '2024-06-10T08:30:00', 'Escherichia coli', 'TNTC', 'MPN/100 ml', '']),
  csvLine(['RV-07', 'River Bend', '2024-06-10T10:00:00', 'Escherichia coli', '10.0', 'mpn / 100ML', '']),
  csvLine(['RV-07', 'River Bend', '2024-06-17', 'Escherichia coli', '< 10', 'MPN/100 ml', 'no time written']),
].join('\n');

export const LAB_MAPPING: ImportMapping = importMappingSchema.parse({
  version: 1,
  name: 'County lab export',
  fields: {
    station: { kind: 'column', column: 'Site Code' },
    beach: { kind: 'column', column: 'Beach' },
    date: { kind: 'column', column: 'Collected' },
    time: { kind: 'column', column: 'Collected' },
    parameter: { kind: 'column', column: 'Parameter' },
    value: { kind: 'column', column: 'Result' },
    unit: { kind: 'column', column: 'Units' },
    comments: { kind: 'column', column: 'Lab Notes' },
  },
  date: { formats: ['ISO_DATETIME', 'YYYY-MM-DD'] },
  time: { format: 'ISO_DATETIME' },
  maps: {
    units: { entries: [{ from: 'MPN/100 ml', to: 'MPN/100mL' }], otherwise: 'refuse' },
    parameters: { entries: [{ from: 'Escherichia coli', to: 'E. coli' }], otherwise: 'refuse' },
  },
  value_parser: { words: [{ text: 'TNTC', remark: 'TNTC', value: 2420 }] },
});

/** A row as readRow gives it: an Enterococcus result of 10 CFU/100mL on 2024-06-03, no place, no type; `over` sets the rest. */
export const mappedRow = (over: Partial<MappedRow> & Pick<MappedRow, 'line' | 'beachName' | 'stationName'>): MappedRow => ({
  primaryStationName: null,
  sampleDate: '2024-06-03',
  sampleTimeHh: '',
  sampleTimeMm: '',
  parameter: 'Enterococcus',
  value: 10,
  remark: null,
  unit: 'CFU/100mL',
  comments: '',
  program: null,
  county: null,
  municipality: null,
  latitude: null,
  longitude: null,
  stationType: null,
  stationArchived: false,
  locationType: null,
  ...over,
});
