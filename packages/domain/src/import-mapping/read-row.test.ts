import { describe, expect, it } from 'vitest';
import type { CsvRecord } from '../csv/parse';
import { DATE_REASONS, TIME_REASONS } from './dates';
import { importMappingSchema, type ImportMapping, type ImportMappingInput } from './mapping';
import { previewMapping, readMappingHeader, readRow, ROW_FIELD_REASONS, systematicFailure, titleIfCapitals, type MappingHeader } from './read-row';
import { BELOW_DETECTION, CITY_HEADER, CITY_MAPPING, cityCsv, LAB_CSV, LAB_MAPPING, split } from './test-fixtures';
import { VALUE_MAP_REASONS } from './value-maps';
import { VALUE_REASONS } from './values';

const bind = (header: readonly string[], mapping: ImportMapping): MappingHeader => {
  const bound = readMappingHeader(header, mapping);
  if (!('header' in bound)) throw new Error(`header refused: ${JSON.stringify(bound.problems)}`);
  return bound.header;
};

/** The city mapping with some of its input changed. */
const cityWith = (change: (input: ImportMappingInput) => void): ImportMapping => {
  const input = structuredClone(CITY_MAPPING) as ImportMappingInput;
  change(input);
  return importMappingSchema.parse(input);
};

const record = (line: number, ...fields: string[]): CsvRecord => ({ line, fields });

describe('the city department download through its mapping', () => {
  const { header, records } = split(cityCsv(10));
  const bound = bind(header, CITY_MAPPING);

  it('is the fixture it claims: three locations per beach, capitals, empty below-detection results', () => {
    expect(header).toEqual(CITY_HEADER);
    expect(records).toHaveLength(10 * 4 * 3);
    expect(new Set(records.map((r) => r.fields[3]))).toEqual(new Set(['Left', 'Center', 'Right']));
    expect(records.every((r) => r.fields[2] === r.fields[2]!.toUpperCase())).toBe(true);
    const below = records.filter((r) => r.fields[5] === BELOW_DETECTION);
    expect(below.length).toBeGreaterThan(0);
    expect(below.every((r) => r.fields[4] === '')).toBe(true);
  });

  it('reads a row: station = beach + location in title case, the date as ISO, the constants, no time', () => {
    const first = records[0]!;
    const read = readRow(first, bound, CITY_MAPPING);
    expect(read.errors).toEqual([]);
    expect(read.row).toEqual({
      line: 2,
      stationName: 'Midland Beach Left',
      beachName: 'Midland Beach',
      primaryStationName: null,
      sampleDate: '2005-05-23',
      sampleTimeHh: '',
      sampleTimeMm: '',
      parameter: 'Enterococcus',
      value: Number(first.fields[4]) || 10,
      remark: first.fields[5] === BELOW_DETECTION ? 'K' : null,
      unit: 'MPN/100mL',
      comments: first.fields[0],
      program: null,
      county: null,
      municipality: null,
      latitude: null,
      longitude: null,
      stationType: null,
      stationArchived: false,
      locationType: null,
    });
  });

  it('every row reads; below detection is K at the reporting limit, the others plain numbers', () => {
    const rows = records.map((r) => readRow(r, bound, CITY_MAPPING));
    expect(rows.flatMap((r) => r.errors)).toEqual([]);
    for (const [i, r] of rows.entries()) {
      const fields = records[i]!.fields;
      if (fields[5] === BELOW_DETECTION) expect([r.row!.value, r.row!.remark]).toEqual([10, 'K']);
      else expect([r.row!.value, r.row!.remark]).toEqual([Number(fields[4]), null]);
    }
    expect(new Set(rows.map((r) => r.row!.stationName)).size).toBe(12);
  });

  it('below detection with no reporting limit set keeps no value', () => {
    const mapping = cityWith((m) => {
      m.value_parser!.below_limit_value = null;
    });
    const below = records.find((r) => r.fields[5] === BELOW_DETECTION)!;
    expect(readRow(below, bind(header, mapping), mapping).row).toMatchObject({ value: null, remark: 'K' });
  });

  it('names as written when the mapping says so', () => {
    const mapping = cityWith((m) => {
      m.station_matching!.name_case = 'as_written';
    });
    expect(readRow(records[0]!, bind(header, mapping), mapping).row).toMatchObject({ stationName: 'MIDLAND BEACH Left', beachName: 'MIDLAND BEACH' });
  });

  it('a row without its location has no station (a combination with an empty column is empty)', () => {
    const read = readRow(record(7, 'S1', '06/03/2024', 'MIDLAND BEACH', '', '35', 'MPN/100 ml'), bound, CITY_MAPPING);
    expect(read.row).toBeNull();
    expect(read.errors).toEqual([{ field: 'station', reason: ROW_FIELD_REASONS.empty, text: '' }]);
  });

  it('a note the remark map does not list is refused, by field', () => {
    const read = readRow(record(9, 'S1', '06/03/2024', 'MIDLAND BEACH', 'Left', '35', 'Sample broken'), bound, CITY_MAPPING);
    expect(read.errors).toEqual([{ field: 'remark', reason: VALUE_MAP_REASONS.unmapped, text: 'Sample broken' }]);
  });

  it('previews its first 50 rows with no refusal', () => {
    const preview = previewMapping(records, header, CITY_MAPPING);
    expect(preview.refusals).toEqual([]);
    expect(preview.rows).toHaveLength(50);
    expect(preview.rows[0]!.cells).toMatchObject({ station: 'Midland Beach Left', beach: 'Midland Beach', date: '05/23/2005' });
  });

  it('the preview reads no more records than it shows, however long the file', () => {
    let pulled = 0;
    function* endless(): Generator<CsvRecord> {
      for (let line = 2; ; line++) {
        pulled++;
        yield record(line, `S${line}`, '06/03/2024', 'MIDLAND BEACH', 'Left', '35', 'MPN/100 ml');
      }
    }
    expect(previewMapping(endless(), header, CITY_MAPPING, { limit: 50 }).rows).toHaveLength(50);
    expect(pulled).toBe(50);
  });
});

describe('a lab export with ISO date-times, a site code and <10 in the value cell', () => {
  const { header, records } = split(LAB_CSV);
  const rows = records.map((r) => readRow(r, bind(header, LAB_MAPPING), LAB_MAPPING));

  it('reads every row', () => {
    expect(rows.flatMap((r) => r.errors)).toEqual([]);
  });

  it.each([
    [0, { stationName: 'LK-01', sampleDate: '2024-06-03', sampleTimeHh: '09', sampleTimeMm: '15', value: 10, remark: 'K' }],
    [1, { stationName: 'LK-02', sampleTimeHh: '09', sampleTimeMm: '40', value: 2419.6, remark: 'L', comments: 'storm the night before' }],
    [2, { sampleDate: '2024-06-10', sampleTimeHh: '08', sampleTimeMm: '05', value: 1000, remark: null }],
    [3, { value: 2420, remark: 'TNTC' }],
    [4, { stationName: 'RV-07', beachName: 'River Bend', value: 10, remark: null, unit: 'MPN/100mL' }],
    [5, { sampleDate: '2024-06-17', sampleTimeHh: '', sampleTimeMm: '', value: 10, remark: 'K' }],
  ])('row %i', (i, expected) => {
    expect(rows[i]!.row).toMatchObject({ parameter: 'E. coli', unit: 'MPN/100mL', ...expected });
  });

  it('previews without refusal', () => {
    expect(previewMapping(records, header, LAB_MAPPING).refusals).toEqual([]);
  });
});

describe('a wrong mapping is refused at preview, with the reason and the first offending lines', () => {
  const { header, records } = split(cityCsv(5));

  it('a date column that does not parse', () => {
    const mapping = cityWith((m) => {
      m.fields.date = { kind: 'column', column: 'Sample ID' };
    });
    const preview = previewMapping(records, header, mapping);
    expect(preview.refusals).toEqual([
      {
        field: 'date',
        message: "The date column 'Sample ID' does not read as MM/DD/YYYY: lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 …",
        lines: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      },
    ]);
  });

  it('a value column of text', () => {
    const mapping = cityWith((m) => {
      m.fields.value = { kind: 'column', column: 'Units or Notes' };
    });
    const [refusal, ...others] = previewMapping(records, header, mapping).refusals;
    expect(others).toEqual([]);
    expect(refusal!.field).toBe('value');
    expect(refusal!.message).toMatch(/^The value column 'Units or Notes' holds text, not numbers: lines 2, 3, 4, /);
    expect(refusal!.lines).toHaveLength(10);
  });

  it('a date format that is not the file\'s', () => {
    const mapping = cityWith((m) => {
      m.date = { formats: ['YYYY-MM-DD'] };
    });
    expect(previewMapping(records, header, mapping).refusals.map((r) => r.message)).toEqual([
      "The date column 'Sample Date' does not read as YYYY-MM-DD: lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 …",
    ]);
  });

  it('a unit column whose texts the unit map does not list', () => {
    const mapping = cityWith((m) => {
      m.fields.unit = { kind: 'column', column: 'Beach Name' };
      m.maps!.units = { entries: [{ from: 'MPN/100 ml', to: 'MPN/100mL' }], otherwise: 'refuse' };
    });
    const preview = previewMapping(records, header, mapping, { limit: 3 });
    expect(preview.refusals.map((r) => r.message)).toEqual(["The unit column 'Beach Name' holds texts the unit map does not list ('MIDLAND BEACH'): lines 2, 3, 4"]);
  });

  it('a station combination of an empty column', () => {
    const text = [CITY_HEADER.join(','), 'S1,06/03/2024,MIDLAND BEACH,,35,MPN/100 ml', 'S2,06/03/2024,MIDLAND BEACH,,40,MPN/100 ml'].join('\n');
    const file = split(text);
    expect(previewMapping(file.records, file.header, CITY_MAPPING).refusals.map((r) => r.message)).toEqual([
      "The station combination 'Beach Name' + 'Sample Location' is empty: lines 2, 3",
    ]);
  });

  it('a bound column the file lacks, before any row is read', () => {
    const mapping = cityWith((m) => {
      m.fields.time = { kind: 'column', column: 'Sample Time' };
      m.fields.station = {
        kind: 'combination',
        parts: [
          { kind: 'column', column: 'Beach Name' },
          { kind: 'column', column: 'Site' },
        ],
      };
    });
    expect(previewMapping(records, header, mapping)).toEqual({
      rows: [],
      refusals: [
        { field: 'station', message: "The column 'Site' of the station combination 'Beach Name' + 'Site' is not in the file's header (line 1)", lines: [1] },
        { field: 'time', message: "The time column 'Sample Time' is not in the file's header (line 1)", lines: [1] },
      ],
    });
  });

  it('a bound column the header names twice', () => {
    const preview = previewMapping(records, [...header, ' sample date'], CITY_MAPPING);
    expect(preview.refusals).toEqual([{ field: 'date', message: "The date column 'Sample Date' appears more than once in the file's header (line 1)", lines: [1] }]);
  });

  it('a file with a header only', () => {
    expect(previewMapping([], header, CITY_MAPPING).refusals).toEqual([{ field: null, message: 'The file has no rows after its header', lines: [1] }]);
  });

  it('header columns match blind to case and spacing', () => {
    const shouted = header.map((h) => `  ${h.toUpperCase().replace(' ', '   ')} `);
    expect(previewMapping(records, shouted, CITY_MAPPING).refusals).toEqual([]);
  });
});

describe('the refusal threshold: more than half of the previewed rows where the field matters', () => {
  const mapping = cityWith(() => undefined);
  const rowsWithBadDates = (bad: number, total: number) =>
    Array.from({ length: total }, (_, i) => record(i + 2, `S${i}`, i < bad ? `2024-06-${10 + i}` : '06/03/2024', 'MIDLAND BEACH', 'Left', '35', 'MPN/100 ml'));

  it.each([
    [2, 10, false],
    [5, 10, false],
    [6, 10, true],
    [1, 1, true],
    [1, 2, false],
  ])('%i bad dates of %i rows: refused %s', (bad, total, refused) => {
    const preview = previewMapping(rowsWithBadDates(bad, total), CITY_HEADER, mapping);
    expect(preview.refusals.length > 0).toBe(refused);
    // Refused or not, each bad row carries its error for the dry run.
    expect(preview.rows.filter((r) => r.errors.some((e) => e.field === 'date'))).toHaveLength(bad);
    if (refused) expect(preview.refusals[0]!.lines).toEqual(rowsWithBadDates(bad, total).slice(0, bad).map((r) => r.line));
  });

  it('empty cells of an optional field do not count: a comment column mostly empty is no failure', () => {
    const read = (comments: string, line: number) => ({ line, cells: { comments }, row: null, errors: [] });
    expect(systematicFailure([read('', 2), read('', 3), read('ok', 4)], 'comments')).toBeNull();
  });
});

describe('readRow: values against remarks', () => {
  const mapping = importMappingSchema.parse({
    version: 1,
    name: 'Plain',
    fields: {
      station: { kind: 'column', column: 'Station' },
      beach: { kind: 'column', column: 'Beach' },
      date: { kind: 'column', column: 'Date' },
      time: { kind: 'column', column: 'Time' },
      parameter: { kind: 'constant', value: 'Enterococcus' },
      value: { kind: 'column', column: 'Value' },
      unit: { kind: 'constant', value: 'CFU/100mL' },
      remark: { kind: 'column', column: 'Remark' },
      latitude: { kind: 'column', column: 'Lat' },
      longitude: { kind: 'column', column: 'Lon' },
      station_type: { kind: 'column', column: 'Type' },
      location_type: { kind: 'column', column: 'Water' },
    },
    date: { formats: ['YYYY-MM-DD'] },
    time: { format: 'h:mm AM/PM' },
  });
  const header = bind(['Station', 'Beach', 'Date', 'Time', 'Value', 'Remark', 'Lat', 'Lon', 'Type', 'Water'], mapping);
  const row = (value: string, remark = '', extra: Partial<Record<'time' | 'lat' | 'lon' | 'type' | 'water', string>> = {}) =>
    readRow(
      record(5, 'A1', 'Town Beach', '2024-06-03', extra.time ?? '9:15 AM', value, remark, extra.lat ?? '39.5', extra.lon ?? '-74.2', extra.type ?? 'Primary', extra.water ?? 'Ocean'),
      header,
      mapping,
    );

  it('a plain row', () => {
    expect(row('104').row).toMatchObject({
      value: 104,
      remark: null,
      sampleTimeHh: '09',
      sampleTimeMm: '15',
      latitude: 39.5,
      longitude: -74.2,
      stationType: 'PRIMARY',
      locationType: 'OCEAN',
    });
  });
  it('<10 with K agrees; <10 with L contradicts', () => {
    expect(row('<10', 'K').row).toMatchObject({ value: 10, remark: 'K' });
    expect(row('<10', 'L').errors).toEqual([{ field: 'remark', reason: VALUE_REASONS.conflict, text: 'L' }]);
  });
  it('dashes in the remark column are no remark', () => {
    expect(row('35', '--').row).toMatchObject({ value: 35, remark: null });
  });
  it('text in the value cell is no value for a remark that carries none (NS, FA), an error otherwise', () => {
    expect(row('N/A', 'NS').row).toMatchObject({ value: null, remark: 'NS' });
    expect(row('n/a', 'fa').row).toMatchObject({ value: null, remark: 'FA' });
    expect(row('N/A').errors).toEqual([{ field: 'value', reason: VALUE_REASONS.notNumber, text: 'N/A' }]);
    expect(row('N/A', 'K').errors).toEqual([{ field: 'value', reason: VALUE_REASONS.notNumber, text: 'N/A' }]);
  });
  it('the value-free codes are the caller\'s to give (the database\'s)', () => {
    const read = readRow(record(5, 'A1', 'Town Beach', '2024-06-03', '', 'N/A', 'XX', '', '', '', ''), header, mapping, { valueFreeRemarks: ['XX'] });
    expect(read.row).toMatchObject({ value: null, remark: 'XX' });
  });
  it('an empty value needs a remark', () => {
    expect(row('').errors).toEqual([{ field: 'value', reason: VALUE_REASONS.empty, text: '' }]);
    expect(row('', 'NS').row).toMatchObject({ value: null, remark: 'NS' });
  });
  it('time, coordinates, station and location types are checked', () => {
    expect(row('35', '', { time: '14:00' }).errors).toEqual([{ field: 'time', reason: TIME_REASONS.format('h:mm AM/PM'), text: '14:00' }]);
    expect(row('35', '', { lat: '91' }).errors).toEqual([{ field: 'latitude', reason: ROW_FIELD_REASONS.latitude, text: '91' }]);
    expect(row('35', '', { lon: 'west' }).errors).toEqual([{ field: 'longitude', reason: ROW_FIELD_REASONS.longitude, text: 'west' }]);
    expect(row('35', '', { type: 'Main' }).errors).toEqual([{ field: 'station_type', reason: ROW_FIELD_REASONS.stationType, text: 'Main' }]);
    expect(row('35', '', { water: 'Pond' }).errors).toEqual([{ field: 'location_type', reason: ROW_FIELD_REASONS.locationType, text: 'Pond' }]);
    expect(row('35', '', { type: 'Archived' }).row).toMatchObject({ stationType: null, stationArchived: true });
    expect(row('35', '', { lat: '', lon: '', type: '', water: '' }).row).toMatchObject({ latitude: null, longitude: null, stationType: null, locationType: null });
  });
  it('several problems of one row are all listed', () => {
    const read = readRow(record(8, '', 'Town Beach', '2024-02-30', '', '-3', '', '', '', '', ''), header, mapping);
    expect(read.errors).toEqual([
      { field: 'station', reason: ROW_FIELD_REASONS.empty, text: '' },
      { field: 'date', reason: DATE_REASONS.notADay, text: '2024-02-30' },
      { field: 'value', reason: VALUE_REASONS.negative, text: '-3' },
    ]);
  });
});

describe('titleIfCapitals', () => {
  it.each([
    ['MIDLAND BEACH', 'Midland Beach'],
    ['5TH AVE. BEACH', '5th Ave. Beach'],
    ['SOUTH BEACH-NORTH END', 'South Beach-North End'],
    ['McCall Beach', 'McCall Beach'],
    ['Center', 'Center'],
    ['123', '123'],
  ])('%j -> %j', (name, expected) => {
    expect(titleIfCapitals(name)).toBe(expected);
  });
});
