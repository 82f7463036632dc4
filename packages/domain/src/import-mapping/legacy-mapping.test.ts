import { describe, expect, it } from 'vitest';
import { WATER_QUALITY_COLUMNS } from '../csv/columns';
import { readWaterQualityHeader, readWaterQualityRecord, type CsvRecord } from '../csv/parse';
import { LEGACY_COLUMN_FIELDS, LEGACY_MAPPING, legacyMappingWith } from './legacy-mapping';
import { boundColumns } from './mapping';
import { previewMapping, readMappingHeader, readRow, type MappingHeader } from './read-row';

const bind = (header: readonly string[], mapping = LEGACY_MAPPING): MappingHeader => {
  const bound = readMappingHeader(header, mapping);
  if (!('header' in bound)) throw new Error(JSON.stringify(bound.problems));
  return bound.header;
};

type Row = Partial<Record<(typeof WATER_QUALITY_COLUMNS)[number], string>>;
const BASE: Row = {
  Program_Name: 'Ocean Beaches',
  Station_Name: 'XX1020',
  Beach_Name: 'South Bath',
  Lat_DD: '39.2741',
  Lon_DD: '-74.5712',
  Municipality: 'Avalon Borough',
  County_Name: 'Cape May County',
  Station_Type_Name: 'Primary',
  Location_Type_Name: 'Ocean',
  Result_Date: '06/03/2024',
  Result_Time: '09:05',
  Result_Measure: '35',
  Result_Comments: 'calm',
  Units_Name: 'CFU/100mL',
  Result_Type_Name: 'Enterococcus',
  Remark_Code_Name: '--',
};
const recordOf = (row: Row, line = 2): CsvRecord => ({ line, fields: WATER_QUALITY_COLUMNS.map((c) => row[c] ?? '') });

/** The record as the layout's own reader (csv/parse.ts) reads it. */
function layoutRead(record: CsvRecord): ReturnType<typeof readWaterQualityRecord> {
  const read = readWaterQualityHeader([...WATER_QUALITY_COLUMNS]);
  if ('missing' in read) throw new Error('the layout lacks its own columns');
  return readWaterQualityRecord(read.header, record);
}

describe('the legacy layout as a built-in mapping', () => {
  it('binds every column of the download layout, each to its field', () => {
    const columns = boundColumns(LEGACY_MAPPING);
    for (const c of WATER_QUALITY_COLUMNS) expect(columns).toContainEqual({ column: c, optional: false, fields: [LEGACY_COLUMN_FIELDS[c]] });
    expect(columns).toContainEqual({ column: 'Primary_Station_Name', optional: true, fields: ['primary_station'] });
    expect(LEGACY_MAPPING.date.formats).toEqual(['M/D/YYYY']);
    expect(LEGACY_MAPPING.time.format).toBe('HH:MM');
    expect(LEGACY_MAPPING.new_station_places).toEqual({ from: 'columns' });
  });

  // The same rows read by the layout's own reader (csv/parse.ts) and by the mapping give the same values.
  it.each<[string, Row]>([
    ['a plain row', {}],
    ['one-digit month, day and hour', { Result_Date: '6/3/2024', Result_Time: '9:05' }],
    ['no time', { Result_Time: '' }],
    ['a remark code', { Remark_Code_Name: 'K', Result_Measure: '10' }],
    ['an archived bracket', { Station_Name: 'XX1020N1', Beach_Name: 'South Bath N1', Station_Type_Name: 'Archived' }],
    ['no station type, no place columns', { Station_Type_Name: '', Location_Type_Name: '', Lat_DD: '', Lon_DD: '', County_Name: '', Municipality: '' }],
    ['a lake, E. coli in MPN', { Location_Type_Name: 'Lake', Result_Type_Name: 'E. coli', Units_Name: 'MPN/100mL', Result_Measure: '2419.6' }],
  ])('%s reads as the layout reader reads it', (_, change) => {
    const record = recordOf({ ...BASE, ...change });
    const layout = layoutRead(record);
    if (!('row' in layout)) throw new Error(JSON.stringify(layout.errors));
    const expected = layout.row;
    const mapped = readRow(record, bind(WATER_QUALITY_COLUMNS), LEGACY_MAPPING);
    expect(mapped.errors).toEqual([]);
    expect(mapped.row).toEqual({
      line: expected.line,
      stationName: expected.stationName,
      beachName: expected.beachName,
      primaryStationName: null,
      sampleDate: expected.sampleDate,
      sampleTimeHh: expected.sampleTimeHh,
      sampleTimeMm: expected.sampleTimeMm,
      parameter: expected.parameterName,
      value: expected.value,
      remark: expected.remarkCodeName,
      unit: expected.unitsName,
      comments: expected.comments,
      program: expected.programName || null,
      county: expected.countyName || null,
      municipality: expected.municipality || null,
      latitude: expected.latitude,
      longitude: expected.longitude,
      stationType: expected.stationType,
      stationArchived: expected.stationArchived,
      locationType: expected.locationType,
    });
  });

  it.each<[string, Row, string]>([
    ['a date that is no day', { Result_Date: '02/30/2024' }, 'date'],
    ['an ISO date', { Result_Date: '2024-06-03' }, 'date'],
    ['a time past midnight', { Result_Time: '25:00' }, 'time'],
    ['an unknown station type', { Station_Type_Name: 'Main' }, 'station_type'],
    ['an unknown location type', { Location_Type_Name: 'Pond' }, 'location_type'],
    ['a latitude off the globe', { Lat_DD: '95' }, 'latitude'],
  ])('%s is refused by both readers', (_, change, field) => {
    const record = recordOf({ ...BASE, ...change });
    expect('errors' in layoutRead(record)).toBe(true);
    expect(readRow(record, bind(WATER_QUALITY_COLUMNS), LEGACY_MAPPING).errors.map((e) => e.field)).toEqual([field]);
  });

  it('reads Primary_Station_Name when the file has it, and needs it not', () => {
    const header = [...WATER_QUALITY_COLUMNS, 'Primary_Station_Name'];
    const record = { line: 3, fields: [...recordOf({ ...BASE, Station_Name: 'Bay Side East' }).fields, 'Bay Side'] };
    expect(readRow(record, bind(header), LEGACY_MAPPING).row).toMatchObject({ stationName: 'Bay Side East', primaryStationName: 'Bay Side' });
    expect(previewMapping([recordOf(BASE)], [...WATER_QUALITY_COLUMNS], LEGACY_MAPPING).refusals).toEqual([]);
  });

  it('refuses a file without the layout\'s columns at preview', () => {
    const header = WATER_QUALITY_COLUMNS.filter((c) => c !== 'Result_Date');
    expect(previewMapping([], header, LEGACY_MAPPING).refusals.map((r) => r.message)).toEqual(["The date column 'Result_Date' is not in the file's header (line 1)"]);
  });
});

describe('legacyMappingWith: the command line\'s --map-remark and --map-program pairs', () => {
  const mapping = legacyMappingWith({ remarkPairs: ['XX=K', 'yy=--', 'ZZ='], programPairs: ['Agency Ocean Program=OB', 'A=B=LK'] });
  const header = bind(WATER_QUALITY_COLUMNS, mapping);
  const read = (row: Row) => readRow(recordOf({ ...BASE, ...row }), header, mapping).row;

  it('maps remark codes (any case), and to none with -- or nothing', () => {
    expect(read({ Remark_Code_Name: 'xx' })).toMatchObject({ remark: 'K' });
    expect(read({ Remark_Code_Name: 'YY' })).toMatchObject({ remark: null });
    expect(read({ Remark_Code_Name: 'ZZ' })).toMatchObject({ remark: null });
    expect(read({ Remark_Code_Name: 'L' })).toMatchObject({ remark: 'L' });
  });
  it('maps program names, split at the last =', () => {
    expect(read({ Program_Name: 'agency  ocean program' })).toMatchObject({ program: 'OB' });
    expect(read({ Program_Name: 'A=B' })).toMatchObject({ program: 'LK' });
    expect(read({ Program_Name: 'Lakes' })).toMatchObject({ program: 'Lakes' });
  });
  it('refuses a malformed pair as the command line does', () => {
    expect(() => legacyMappingWith({ remarkPairs: ['K'] })).toThrow(RangeError);
    expect(() => legacyMappingWith({ remarkPairs: ['XX=not a code'] })).toThrow();
  });
  it('leaves the built-in mapping as it was', () => {
    expect(LEGACY_MAPPING.maps.remarks.entries).toEqual([]);
  });
});
