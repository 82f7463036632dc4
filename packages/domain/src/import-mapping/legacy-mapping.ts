import { WATER_QUALITY_COLUMNS, type WaterQualityColumn } from '../csv/columns';
import { parseMappings } from '../csv/legacy';
import { importMappingSchema, type ImportMapping, type ImportMappingInput, type MappingField } from './mapping';

/**
 * The state's own layout (the water-quality download's columns, DESIGN 4 "Downloads", which the legacy
 * import reads back) as one built-in mapping, so the command line and the portal run one import: every
 * column by its name; Result_Date as MM/DD/YYYY with one-digit months and days accepted (as spreadsheets
 * save it), Result_Time as HH:MM; remark codes as written (`--` is none), units, parameters and programs
 * matched by the import to the portal's names and codes; new stations placed by County_Name and
 * Municipality; the optional Primary_Station_Name naming a bracket's primary.
 */

export const LEGACY_MAPPING_NAME = 'State legacy layout';

const column = (name: WaterQualityColumn | 'Primary_Station_Name', optional = false) => ({ kind: 'column' as const, column: name, optional });

/** Which field each column of the layout binds. */
export const LEGACY_COLUMN_FIELDS: Record<WaterQualityColumn, MappingField> = {
  Program_Name: 'program',
  Station_Name: 'station',
  Beach_Name: 'beach',
  Lat_DD: 'latitude',
  Lon_DD: 'longitude',
  Municipality: 'municipality',
  County_Name: 'county',
  Station_Type_Name: 'station_type',
  Location_Type_Name: 'location_type',
  Result_Date: 'date',
  Result_Time: 'time',
  Result_Measure: 'value',
  Result_Comments: 'comments',
  Units_Name: 'unit',
  Result_Type_Name: 'parameter',
  Remark_Code_Name: 'remark',
};

const fields = Object.fromEntries([
  ...WATER_QUALITY_COLUMNS.map((c) => [LEGACY_COLUMN_FIELDS[c], column(c)]),
  ['primary_station', column('Primary_Station_Name', true)],
]) as ImportMappingInput['fields'];

export const LEGACY_MAPPING_INPUT: ImportMappingInput = {
  version: 1,
  name: LEGACY_MAPPING_NAME,
  description: "The state's own water-quality layout: the columns of the portal's download, as agencies' systems write them",
  fields,
  date: { formats: ['M/D/YYYY'] },
  time: { format: 'HH:MM' },
  maps: {
    remarks: { entries: [], otherwise: 'keep' },
    units: { entries: [], otherwise: 'keep' },
    parameters: { entries: [], otherwise: 'keep' },
    programs: { entries: [], otherwise: 'keep' },
  },
  value_parser: { less_than_remark: 'K', greater_than_remark: 'L', words: [], below_limit_value: null, thousands_separator: true },
  station_matching: { station_name_alone: true, name_case: 'as_written' },
  new_station_places: { from: 'columns' },
};

/** The built-in legacy mapping, parsed (so defaults and checks are the schema's). */
export const LEGACY_MAPPING: ImportMapping = importMappingSchema.parse(LEGACY_MAPPING_INPUT);

/**
 * The legacy mapping with the command line's `--map-remark 'XX=K'` and `--map-program 'Agency Program=ABBV'`
 * pairs as its remark and program maps (`XX=` or `XX=--` is no remark). Throws a RangeError naming a
 * malformed pair (parseMappings) and a ZodError for a pair the schema refuses (a repeated name).
 */
export function legacyMappingWith(options: { remarkPairs?: readonly string[]; programPairs?: readonly string[] } = {}): ImportMapping {
  const remarks = parseMappings(options.remarkPairs ?? [], '--map-remark').map(({ from, to }) => ({ from, to: /^-*$/.test(to) ? '' : to }));
  const programs = parseMappings(options.programPairs ?? [], '--map-program');
  return importMappingSchema.parse({
    ...LEGACY_MAPPING_INPUT,
    maps: {
      ...LEGACY_MAPPING_INPUT.maps,
      remarks: { entries: remarks, otherwise: 'keep' },
      programs: { entries: programs, otherwise: 'keep' },
    },
  });
}
