import { describe, expect, it } from 'vitest';
import { BUILT_IN_MAPPING_ID, fieldColumnLabels, LEGACY_MAPPING, programNameKey, type ImportMappingRef, type MappedRow } from '@beach/domain';
import { BELOW_DETECTION, CITY_MAPPING, cityCsv, mappedRow } from '@beach/domain/import-mapping/test-fixtures';
import type { ImportRow } from '../src/modules/results/service/csv-rows';
import { checkRemarkTargets, routePrograms } from '../src/modules/results/service/import-pipeline/programs';
import { readImportFile, valueFreeRemarks } from '../src/modules/results/service/import-pipeline/read';
import { newStationsByBeach, stationFacts, type PlannedStation } from '../src/modules/results/service/import-pipeline/stations';
import { ImportError, LEGACY_WORDS, MAPPING_WORDS, type ImportProgress } from '../src/modules/results/service/import-pipeline/types';
import { withMappingHints } from '../src/modules/results/service/import-pipeline/write';
import type { ProgramRecord, RemarkRecord } from '../src/modules/results/repository/reference';

/**
 * The import pipeline's stages one at a time (issue 29), without a database: reading through a mapping,
 * routing rows to programs, the mapping's remark targets, station facts, the report's new stations and the
 * hints a refusal carries. The stages that write (stations, results, rules) are tested through the whole
 * import in import-mapped, import-results and import-results-real.
 */

const read = (text: string, mapping = CITY_MAPPING, id: ImportMappingRef = 7) =>
  readImportFile(text, { id, mapping }, { valueFreeRemarks: ['K'] }, undefined, async () => undefined);

const program = (program_id: number, abbv: string, name: string): ProgramRecord => ({
  program_id,
  abbv,
  name,
  color: '#000000',
  censored_rule: 'AT_LIMIT',
  geomean_counted_remarks: [],
});

const row = (line: number, programText: string, program = programText.toUpperCase()): ImportRow => ({
  line,
  names: { station: 'S', beach: 'B', parameter: 'Enterococcus', unit: 'MPN/100mL', remark: '', remarkText: '', program, programText },
  row: null,
  valueText: null,
  valueExplained: true,
  errors: [],
});

describe('read stage (readImportFile)', () => {
  it("reads a city file through its mapping: one row per record, below-detection rows as K at the mapping's limit, progress reported", async () => {
    const progress: ImportProgress[] = [];
    const text = cityCsv(2);
    const result = await readImportFile(text, { id: 7, mapping: CITY_MAPPING }, { valueFreeRemarks: ['K'] }, (p) => progress.push(p), async () => undefined);
    expect(result.fileErrors).toEqual([]);
    expect(result.rows).toHaveLength(2 * 4 * 3);
    const first = result.rows[0]!;
    expect(first.line).toBe(2);
    expect(first.errors).toEqual([]);
    expect(first.row).toMatchObject({ stationName: 'Midland Beach Left', beachName: 'Midland Beach', sampleDate: '2005-05-23', parameter: 'Enterococcus', unit: 'MPN/100mL' });
    const belows = result.rows.filter((r) => r.names.remarkText === BELOW_DETECTION);
    expect(belows.length).toBeGreaterThan(0);
    for (const r of belows) expect(r.row).toMatchObject({ remark: 'K', value: 10 });
    expect(progress.at(-1)).toEqual({ phase: 'reading', done: 24, total: 24 });
  });

  it("names a row's problem by the mapping's column, with the cell as written", async () => {
    // One wrong date among a day's good rows (a file whose first rows all fail is refused whole, as the preview does).
    const { fileErrors, rows } = await read(`${cityCsv(2)}S1,13/45/2005,SOUTH BEACH,Left,12,MPN/100 ml\r\n`);
    expect(fileErrors).toEqual([]);
    const wrong = rows.filter((r) => r.errors.length > 0);
    expect(wrong.map((r) => r.line)).toEqual([26]);
    expect(wrong[0]!.errors[0]).toMatchObject({ line: 26, column: 'Sample Date' });
    expect(wrong[0]!.errors[0]!.message).toMatch(/^Sample Date '13\/45\/2005' /);
  });

  it('refuses a file whose header lacks a mapped column, at line 1, before any row', async () => {
    const { fileErrors, rows } = await read('Sample ID,Sample Date,Beach Name\nS1,05/23/2005,SOUTH BEACH\n');
    expect(rows).toEqual([]);
    expect(fileErrors).toHaveLength(1);
    expect(fileErrors[0]!.line).toBe(1);
    expect(fileErrors[0]!.message).toMatch(/Sample Location/);
  });

  it('reads the legacy layout with its own reader when the mapping is the built-in one', async () => {
    const header =
      'Program_Name,Station_Name,Beach_Name,Lat_DD,Lon_DD,Municipality,County_Name,Station_Type_Name,Location_Type_Name,Result_Date,Result_Time,Result_Measure,Result_Comments,Units_Name,Result_Type_Name,Remark_Code_Name';
    const line = 'Ocean Beaches,OC1,Ocean Beach,39.9,-74.07,Seaside Park,Ocean County,Primary,Ocean,07/01/2025,09:30,12,,CFU/100mL,Enterococcus,';
    const { fileErrors, rows } = await read([header, line, line.replace('07/01/2025', '2025-07-08')].join('\n'), LEGACY_MAPPING, BUILT_IN_MAPPING_ID);
    expect(fileErrors).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.row).toMatchObject({ stationName: 'OC1', beachName: 'Ocean Beach', sampleDate: '2025-07-01', value: 12 });
    // The layout's own message, which agencies know.
    expect(rows[1]!.errors.map((e) => e.message)).toContain('Result_Date must be MM/DD/YYYY');
  });

  it('valueFreeRemarks: the stored no-value codes (upper case) and the not-evaluated ones, once each', () => {
    const codes = valueFreeRemarks([
      { code: 'k', is_no_value: true },
      { code: 'FA', is_no_value: true },
      { code: 'B', is_no_value: false },
    ]);
    expect(codes).toContain('K');
    expect(codes).toContain('FA');
    expect(codes).not.toContain('B');
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('programs stage', () => {
  const ocean = program(1, 'OB', 'Ocean Beaches');
  const lakes = program(2, 'LR', 'Lakes and Rivers');
  const labels = fieldColumnLabels(CITY_MAPPING);

  it("routePrograms: no program, or --program's own name or abbreviation, goes there; a mapped one to its program; any other is refused with how to map it", () => {
    const targets = new Map([[programNameKey('Lakes Dept'), lakes]]);
    const rows = [row(2, ''), row(3, 'Ocean Beaches'), row(4, 'ob'), row(5, 'Lakes Dept'), row(6, 'Bay Beaches')];
    const { groups, refused } = routePrograms(rows, ocean, targets, labels, MAPPING_WORDS);
    expect(groups.map((g) => [g.program.abbv, g.rows.map((r) => r.line)])).toEqual([
      ['OB', [2, 3, 4]],
      ['LR', [5]],
    ]);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.line).toBe(6);
    expect(refused[0]!.reason).toContain("add 'Bay Beaches' to the mapping's program map");
  });

  it('routePrograms words the legacy layout the command line way', () => {
    const { refused } = routePrograms([row(9, 'Bay Beaches')], ocean, new Map(), labels, LEGACY_WORDS);
    expect(refused[0]!.reason).toContain("--map-program 'Bay Beaches=ABBV'");
  });

  it("checkRemarkTargets refuses a remark map that reads a text as a code the portal does not have, and takes '' (no remark)", () => {
    const remarks = [{ code: 'K', name: 'Below detection' }] as unknown as RemarkRecord[];
    expect(() => checkRemarkTargets(CITY_MAPPING, remarks, MAPPING_WORDS)).not.toThrow();
    const wrong = { ...CITY_MAPPING, maps: { ...CITY_MAPPING.maps, remarks: { ...CITY_MAPPING.maps.remarks, entries: [{ from: BELOW_DETECTION, to: 'Q' }] } } };
    expect(() => checkRemarkTargets(wrong, remarks, MAPPING_WORDS)).toThrow(ImportError);
    expect(() => checkRemarkTargets(wrong, remarks, MAPPING_WORDS)).toThrow(/there is no remark code 'Q' \(known: K\)/);
  });
});

describe('stations stage', () => {
  const mapped = (over: Partial<MappedRow>): MappedRow => mappedRow({ line: 2, stationName: 'Midland Beach Left', beachName: 'Midland Beach', ...over });


  it('stationFacts: a plain name is a primary of its beach; a named primary or a bracket suffix makes a bracket of the base beach', () => {
    expect(stationFacts(mapped({}))).toMatchObject({ type: 'PRIMARY', beachName: 'Midland Beach', primaryNames: [] });
    expect(stationFacts(mapped({ stationName: 'OC1B', primaryStationName: 'OC1' }))).toMatchObject({ type: 'BRACKET', primaryNames: expect.arrayContaining(['OC1']) as unknown });
    expect(stationFacts(mapped({ stationType: 'PRIMARY', stationArchived: true }))).toMatchObject({ type: 'PRIMARY', archived: true });
  });

  it("newStationsByBeach lists the planned stations under their beach (a new beach with its place, an existing one by id), in the file's order", () => {
    const planned = (name: string, beach: string, beachId: number, place: { county: string; municipality: string } | null) =>
      ({
        record: { program_id: 1, beach_name: beach, beach_id: beachId, station_name: name },
        beach: place ? { record: { beach_id: beachId, name: beach }, municipalityId: 1, category: 'OCEAN', localHealthAuthorityId: null, ...place } : null,
      }) as unknown as PlannedStation;
    const place = { county: 'Richmond', municipality: 'Harbor City' };
    expect(
      newStationsByBeach([planned('Midland Beach Left', 'Midland Beach', -1, place), planned('South Beach Left', 'South Beach', 40, null), planned('Midland Beach Right', 'MIDLAND BEACH', -1, place)]),
    ).toEqual([
      { beachName: 'Midland Beach', beachId: null, county: 'Richmond', municipality: 'Harbor City', stations: ['Midland Beach Left', 'Midland Beach Right'] },
      { beachName: 'South Beach', beachId: 40, county: null, municipality: null, stations: ['South Beach Left'] },
    ]);
  });
});

describe('write stage: withMappingHints', () => {
  it("adds to an unknown remark code's refusal what to map, and leaves every other problem as it was", () => {
    const problems = [
      { line: 2, column: 'Units or Notes', message: "Unknown remark code 'Lab error'", reason: 'Unknown remark code' },
      { line: 3, column: 'Sample Date', message: "Sample Date '13/45/2005' is not a date", reason: 'Sample Date is not a date' },
    ];
    const hinted = withMappingHints(problems, 'Units or Notes', MAPPING_WORDS.unknownRemark);
    expect(hinted[0]!.reason).toBe("Unknown remark code 'Lab error': add 'Lab error' to the mapping's remark map");
    expect(hinted[1]).toEqual(problems[1]);
  });
});
