import { describe, expect, it } from 'vitest';
import { boundColumns, describeBinding, importMappingSchema, MAPPING_LIMITS, type ImportMappingInput } from './mapping';
import { CITY_MAPPING, LAB_MAPPING } from './test-fixtures';

const minimal = (): ImportMappingInput => ({
  version: 1,
  name: 'Minimal',
  fields: {
    station: { kind: 'column', column: 'Station' },
    beach: { kind: 'column', column: 'Beach' },
    date: { kind: 'column', column: 'Date' },
    parameter: { kind: 'constant', value: 'Enterococcus' },
    value: { kind: 'column', column: 'Value' },
    unit: { kind: 'constant', value: 'CFU/100mL' },
  },
  date: { formats: ['YYYY-MM-DD'] },
});

const issues = (input: unknown) => {
  const parsed = importMappingSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the mapping schema', () => {
  it('fills the defaults of a minimal mapping: HH:MM, maps that keep, K/L/TNTC, no new stations', () => {
    const mapping = importMappingSchema.parse(minimal());
    expect(mapping.time).toEqual({ format: 'HH:MM' });
    expect(mapping.date.two_digit_year_pivot).toBe(69);
    expect(mapping.maps.remarks).toEqual({ entries: [], otherwise: 'keep' });
    expect(mapping.value_parser).toEqual({
      less_than_remark: 'K',
      greater_than_remark: 'L',
      words: [{ text: 'TNTC', remark: 'TNTC', value: null }],
      below_limit_value: null,
      thousands_separator: true,
    });
    expect(mapping.station_matching).toEqual({ station_name_alone: true, name_case: 'as_written' });
    expect(mapping.new_station_places).toEqual({ from: 'none' });
    expect(mapping.description).toBe('');
  });

  it('survives storage as JSON unchanged (saved, then read back or given as --mapping-file)', () => {
    for (const mapping of [CITY_MAPPING, LAB_MAPPING]) {
      expect(importMappingSchema.parse(JSON.parse(JSON.stringify(mapping)))).toEqual(mapping);
    }
  });

  it('is strict: unknown keys are refused at every level', () => {
    expect(issues({ ...minimal(), extra: 1 })).toEqual([expect.stringContaining('Unrecognized key')]);
    expect(issues({ ...minimal(), fields: { ...minimal().fields, depth: { kind: 'constant', value: '1' } } })).toEqual([
      expect.stringMatching(/^fields: Unrecognized key/),
    ]);
    expect(issues({ ...minimal(), fields: { ...minimal().fields, station: { kind: 'column', column: 'Station', trim: true } } })).toHaveLength(1);
    expect(issues({ ...minimal(), value_parser: { tntc: 1 } })).toHaveLength(1);
  });

  it('is version 1', () => {
    expect(issues({ ...minimal(), version: 2 })).toHaveLength(1);
    expect(issues({ ...minimal(), version: undefined })).toHaveLength(1);
  });

  it('needs station, beach, date, parameter, value and unit bound', () => {
    const { value: _value, unit: _unit, ...fields } = minimal().fields;
    expect(issues({ ...minimal(), fields })).toEqual(['fields.value: Invalid input: expected object, received undefined', 'fields.unit: Invalid input: expected object, received undefined']);
  });

  it('is bounded: names, texts, combinations, map entries', () => {
    expect(issues({ ...minimal(), name: '' })).toEqual(['name: Required']);
    expect(issues({ ...minimal(), name: 'x'.repeat(MAPPING_LIMITS.name + 1) })).toEqual([`name: At most ${MAPPING_LIMITS.name} characters`]);
    expect(issues({ ...minimal(), name: 'two\nlines' })).toHaveLength(1);
    const combination = (n: number) => ({ kind: 'combination', parts: Array.from({ length: n }, (_, i) => ({ kind: 'column', column: `C${i}` })) });
    expect(issues({ ...minimal(), fields: { ...minimal().fields, station: combination(1) } })).toEqual(['fields.station.parts: A combination joins at least two parts']);
    expect(issues({ ...minimal(), fields: { ...minimal().fields, station: combination(5) } })).toEqual([`fields.station.parts: At most ${MAPPING_LIMITS.combinationParts} parts`]);
    expect(issues({ ...minimal(), fields: { ...minimal().fields, station: combination(4) } })).toEqual([]);
    const entries = Array.from({ length: MAPPING_LIMITS.mapEntries + 1 }, (_, i) => ({ from: `U${i}`, to: 'MPN/100mL' }));
    expect(issues({ ...minimal(), maps: { units: { entries } } })).toEqual([`maps.units.entries: At most ${MAPPING_LIMITS.mapEntries} entries`]);
    expect(issues({ ...minimal(), value_parser: { below_limit_value: -1 } })).toHaveLength(1);
  });

  it('refuses date formats that read one cell as two days, and a format listed twice', () => {
    expect(issues({ ...minimal(), date: { formats: ['MM/DD/YYYY', 'DD/MM/YYYY'] } })).toEqual([
      'date.formats: MM/DD/YYYY and DD/MM/YYYY read 03/04/2024 as different days: choose one',
    ]);
    expect(issues({ ...minimal(), date: { formats: ['M/D/YYYY', 'DD/MM/YYYY'] } })).toHaveLength(1);
    expect(issues({ ...minimal(), date: { formats: ['YYYY-MM-DD', 'YYYY-MM-DD'] } })).toEqual(['date.formats: A format is listed twice']);
    expect(issues({ ...minimal(), date: { formats: [] } })).toHaveLength(1);
    expect(issues({ ...minimal(), date: { formats: ['MM/DD/YYYY', 'YYYY-MM-DD', 'ISO_DATETIME'] } })).toEqual([]);
    expect(issues({ ...minimal(), date: { formats: ['DD.MM.YYYY'] } })).toHaveLength(1);
  });

  it('refuses a map key listed twice, blind to case and spacing', () => {
    const entries = [
      { from: 'MPN/100 ml', to: 'MPN/100mL' },
      { from: 'mpn/100ML', to: 'CFU/100mL' },
    ];
    expect(issues({ ...minimal(), maps: { units: { entries } } })).toEqual(["maps.units.entries.1.from: 'mpn/100ML' is already mapped (entry 1)"]);
  });

  it('maps remarks to a remark code (upper case) or to none', () => {
    const parsed = importMappingSchema.parse({ ...minimal(), maps: { remarks: { entries: [{ from: 'below detection', to: 'k' }, { from: 'ok', to: '' }] } } });
    expect(parsed.maps.remarks.entries).toEqual([
      { from: 'below detection', to: 'K' },
      { from: 'ok', to: '' },
    ]);
    expect(issues({ ...minimal(), maps: { remarks: { entries: [{ from: 'x', to: 'not a code' }] } } })).not.toEqual([]);
  });

  it('refuses a TNTC-like word listed twice', () => {
    const words = [
      { text: 'TNTC', remark: 'TNTC', value: null },
      { text: 'tntc', remark: 'L', value: 2420 },
    ];
    expect(issues({ ...minimal(), value_parser: { words } })).toEqual(["value_parser.words.1.text: 'tntc' is listed twice"]);
  });

  it('places new stations by columns only when county and municipality are bound', () => {
    expect(issues({ ...minimal(), new_station_places: { from: 'columns' } })).toEqual([
      'new_station_places: New stations take their place from the county and municipality columns: bind both, or set a place for the file or per beach',
    ]);
    const bound = { ...minimal().fields, county: { kind: 'column', column: 'County' }, municipality: { kind: 'column', column: 'Town' } };
    expect(issues({ ...minimal(), fields: bound, new_station_places: { from: 'columns' } })).toEqual([]);
  });

  it('places per beach once per beach name', () => {
    const beaches = [
      { beach: 'St. Mary’s Beach', county: 'Cape May', municipality: 'Avalon' },
      { beach: 'ST MARYS BEACH', county: 'Ocean', municipality: 'Lavallette' },
    ];
    expect(issues({ ...minimal(), new_station_places: { from: 'per_beach', beaches } })).toEqual(["new_station_places.beaches.1.beach: Beach 'ST MARYS BEACH' is listed twice"]);
    expect(issues({ ...minimal(), new_station_places: { from: 'constant', county: 'Cape May', municipality: '' } })).toHaveLength(1);
  });
});

describe('describeBinding and boundColumns', () => {
  it('names a binding as messages do', () => {
    expect(describeBinding(CITY_MAPPING.fields.date)).toBe("column 'Sample Date'");
    expect(describeBinding(CITY_MAPPING.fields.unit)).toBe("constant 'MPN/100mL'");
    expect(describeBinding(CITY_MAPPING.fields.station)).toBe("combination 'Beach Name' + 'Sample Location'");
  });
  it('lists each column once with the fields that read it', () => {
    expect(boundColumns(LAB_MAPPING)).toEqual([
      { column: 'Site Code', optional: false, fields: ['station'] },
      { column: 'Beach', optional: false, fields: ['beach'] },
      { column: 'Collected', optional: false, fields: ['date', 'time'] },
      { column: 'Parameter', optional: false, fields: ['parameter'] },
      { column: 'Result', optional: false, fields: ['value'] },
      { column: 'Units', optional: false, fields: ['unit'] },
      { column: 'Lab Notes', optional: false, fields: ['comments'] },
    ]);
    expect(boundColumns(CITY_MAPPING).find((c) => c.column === 'Beach Name')).toEqual({ column: 'Beach Name', optional: false, fields: ['station', 'beach'] });
  });
});
