import { z } from 'zod';
import { LOCATION_TYPE_NAMES } from '../csv/columns';
import { RESULT_VALUE_MAX } from '../schemas/results';
import { NOT_SINGLE_LINE, singleLine, TEXT_MESSAGES } from '../schemas/common';
import { normaliseName } from './match-stations';
import { DATE_FORMATS, DEFAULT_TWO_DIGIT_YEAR_PIVOT, TIME_FORMATS, type DateFormat } from './dates';

/**
 * A saved mapping of a mapped results import (issue 29, decision 0060): how one source's files (an
 * agency's download, a lab's export) read as results. Stored as JSON per source and accepted from a file
 * (`--mapping-file`), so it is strict (no unknown keys) and bounded (lengths, counts). Version 1.
 *
 * - `fields`: each field of a result bound to a column, a constant, or a combination of columns and
 *   constants joined by a separator (station = beach + location: `MIDLAND BEACH` + ` ` + `Center`).
 * - `date`, `time`: the formats the date and time cells are written in (dates.ts).
 * - `maps`: value maps from the file's texts to the portal's remark codes, units, parameters and programs,
 *   keys compared case- and spacing-blind (value-maps.ts), with what an unlisted text means.
 * - `value_parser`: what `<10`, `>2419.6`, `TNTC` and an empty below-limit result mean (values.ts).
 * - `station_matching` and `new_station_places`: how file names meet existing stations and where the new
 *   ones would be created (match-stations.ts). Nothing is created without the admin's say.
 */

export const IMPORT_MAPPING_VERSION = 1;

export const MAPPING_LIMITS = {
  name: 100,
  description: 1000,
  columnName: 200,
  constant: 300,
  separator: 10,
  combinationParts: 4,
  mapEntries: 500,
  mapText: 300,
  words: 20,
  perBeachPlaces: 2000,
  placeName: 200,
} as const;

/** The fields of a result row a mapping binds. */
export const MAPPING_FIELDS = [
  'station',
  'beach',
  'date',
  'time',
  'parameter',
  'value',
  'unit',
  'remark',
  'comments',
  'program',
  'county',
  'municipality',
  'latitude',
  'longitude',
  'station_type',
  'location_type',
  'primary_station',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/** Fields every mapping binds; the others may be left out (empty on every row). */
export const REQUIRED_MAPPING_FIELDS = ['station', 'beach', 'date', 'parameter', 'value', 'unit'] as const satisfies readonly MappingField[];

/** A field as people read it in messages ("The date column 'Sample Date' ..."). */
export const MAPPING_FIELD_LABELS: Record<MappingField, string> = {
  station: 'station',
  beach: 'beach',
  date: 'date',
  time: 'time',
  parameter: 'parameter',
  value: 'value',
  unit: 'unit',
  remark: 'remark',
  comments: 'comments',
  program: 'program',
  county: 'county',
  municipality: 'municipality',
  latitude: 'latitude',
  longitude: 'longitude',
  station_type: 'station type',
  location_type: 'location type',
  primary_station: 'primary station',
};

const text = (max: number) => singleLine(z.string().trim().max(max, `At most ${max} characters`));
const name = (max: number) => singleLine(z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`));

const columnPart = z.strictObject({
  kind: z.literal('column'),
  /** The header text of the column (compared case- and spacing-blind). */
  column: name(MAPPING_LIMITS.columnName),
});
const constantPart = z.strictObject({ kind: z.literal('constant'), value: text(MAPPING_LIMITS.constant) });

export const fieldBindingSchema = z.discriminatedUnion('kind', [
  columnPart.extend({
    /** The column may be missing from a file (e.g. the legacy layout's Primary_Station_Name): then empty. */
    optional: z.boolean().default(false),
  }),
  constantPart,
  z.strictObject({
    kind: z.literal('combination'),
    parts: z
      .array(z.discriminatedUnion('kind', [columnPart, constantPart]))
      .min(2, 'A combination joins at least two parts')
      .max(MAPPING_LIMITS.combinationParts, `At most ${MAPPING_LIMITS.combinationParts} parts`),
    /** Put between the parts (a space by default). */
    separator: z
      .string()
      .max(MAPPING_LIMITS.separator)
      .refine((v) => !NOT_SINGLE_LINE.test(v), TEXT_MESSAGES.singleLine)
      .default(' '),
  }),
]);
export type FieldBinding = z.output<typeof fieldBindingSchema>;

const binding = fieldBindingSchema;
const optionalBinding = fieldBindingSchema.optional();

export const mappingFieldsSchema = z.strictObject({
  station: binding,
  beach: binding,
  date: binding,
  time: optionalBinding,
  parameter: binding,
  value: binding,
  unit: binding,
  remark: optionalBinding,
  comments: optionalBinding,
  program: optionalBinding,
  county: optionalBinding,
  municipality: optionalBinding,
  latitude: optionalBinding,
  longitude: optionalBinding,
  station_type: optionalBinding,
  location_type: optionalBinding,
  primary_station: optionalBinding,
});

/** Keys of value maps and words: case-blind, and blind to every space (`MPN / 100 mL` is `mpn/100ml`). */
export function mapKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/**
 * A remark code as a mapping names it (the portal's codes: K, <, L, >, TNTC, NS, LF, LA, FA, CG); the
 * import checks it against the remark codes stored, so an agency's own code works too.
 */
export const mappingRemarkCodeSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(10, 'At most 10 characters')
  .regex(/^[A-Za-z0-9<>]+$/, 'A remark code is letters, digits, < or >')
  // An overwrite, not a transform: the API answers saved mappings through this schema too (a response is encoded).
  .toUpperCase();

/**
 * What a text the map does not list means: `keep` passes it on as written (the import then matches it to
 * the portal's codes and names, as the legacy layout's files write them), `empty` reads it as nothing (no
 * remark), `refuse` makes it a row error.
 */
export const UNMAPPED_RULES = ['keep', 'empty', 'refuse'] as const;
export type UnmappedRule = (typeof UNMAPPED_RULES)[number];

const valueMapSchema = <T extends z.ZodType<string>>(to: T) =>
  z
    .strictObject({
      entries: z
        .array(z.strictObject({ from: name(MAPPING_LIMITS.mapText), to }))
        .max(MAPPING_LIMITS.mapEntries, `At most ${MAPPING_LIMITS.mapEntries} entries`)
        .default([]),
      otherwise: z.enum(UNMAPPED_RULES).default('keep'),
    })
    .superRefine((map, ctx) => {
      const seen = new Map<string, number>();
      map.entries.forEach((entry, i) => {
        const key = mapKey(entry.from);
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['entries', i, 'from'], message: `'${entry.from}' is already mapped (entry ${first + 1})` });
        } else seen.set(key, i);
      });
    });

/** A remark map's target: a remark code, or '' for "no remark". */
const remarkTarget = z.union([z.literal(''), mappingRemarkCodeSchema]);

export const valueMapsSchema = z.strictObject({
  remarks: valueMapSchema(remarkTarget).prefault({}),
  units: valueMapSchema(text(MAPPING_LIMITS.mapText)).prefault({}),
  parameters: valueMapSchema(text(MAPPING_LIMITS.mapText)).prefault({}),
  programs: valueMapSchema(text(MAPPING_LIMITS.mapText)).prefault({}),
});
export type ValueMap = z.output<typeof valueMapsSchema>['units'];
export type ValueMaps = z.output<typeof valueMapsSchema>;

const resultValue = z.number().finite().min(0).max(RESULT_VALUE_MAX);

/**
 * How value cells read (values.ts). `<10` is the less-than remark with 10, `>2419.6` the greater-than
 * remark with 2419.6; a word (TNTC) is its remark with its value (null: none). `below_limit_value` is the
 * value a less-than result takes when its value cell is empty (the remark text said "below detection
 * limit"): the reporting limit of the source's method, or null to store no value.
 */
export const valueParserSchema = z.strictObject({
  less_than_remark: mappingRemarkCodeSchema.default('K'),
  greater_than_remark: mappingRemarkCodeSchema.default('L'),
  words: z
    .array(z.strictObject({ text: name(50), remark: mappingRemarkCodeSchema, value: resultValue.nullable() }))
    .max(MAPPING_LIMITS.words)
    .default([{ text: 'TNTC', remark: 'TNTC', value: null }]),
  below_limit_value: resultValue.nullable().default(null),
  /** `1,000` reads as 1000 (commas only between groups of three digits). */
  thousands_separator: z.boolean().default(true),
});
export type ValueParserOptions = z.output<typeof valueParserSchema>;

export const stationMatchingSchema = z.strictObject({
  /**
   * A file station whose beach and station names match no station may still match by its station name
   * alone, when exactly one station has that name (as the legacy import does).
   */
  station_name_alone: z.boolean().default(true),
  /** Names written all in capitals (`MIDLAND BEACH`) read in title case (`Midland Beach`); others stay as written. */
  name_case: z.enum(['as_written', 'title_if_capitals']).default('as_written'),
});

const placeText = name(MAPPING_LIMITS.placeName);
const locationType = z.enum(Object.keys(LOCATION_TYPE_NAMES) as [keyof typeof LOCATION_TYPE_NAMES, ...(keyof typeof LOCATION_TYPE_NAMES)[]]);

/**
 * Where stations of beaches the portal lacks would be created: nowhere (`none`, the default: the rows of
 * stations the portal lacks are refused), the rows' county and municipality columns, one county and
 * municipality for the whole file, or per beach as the admin set them. The location type (ocean, bay,
 * river, lake) of a new beach comes from the rows or `location_type`. A new station at a beach the portal
 * has goes to that beach.
 */
export const newStationPlacesSchema = z.discriminatedUnion('from', [
  z.strictObject({ from: z.literal('none') }),
  z.strictObject({ from: z.literal('columns'), location_type: locationType.optional() }),
  z.strictObject({ from: z.literal('constant'), county: placeText, municipality: placeText, location_type: locationType.optional() }),
  z
    .strictObject({
      from: z.literal('per_beach'),
      beaches: z
        .array(z.strictObject({ beach: placeText, county: placeText, municipality: placeText, location_type: locationType.optional() }))
        .max(MAPPING_LIMITS.perBeachPlaces),
      location_type: locationType.optional(),
    })
    .superRefine((rule, ctx) => {
      const seen = new Set<string>();
      rule.beaches.forEach((b, i) => {
        const key = normaliseName(b.beach);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['beaches', i, 'beach'], message: `Beach '${b.beach}' is listed twice` });
        seen.add(key);
      });
    }),
]);
export type NewStationPlaces = z.output<typeof newStationPlacesSchema>;

/** Formats that read the same cell as two different days (03/04/2024): a mapping may not list both. */
const AMBIGUOUS_TOGETHER: readonly [DateFormat, DateFormat][] = [
  ['MM/DD/YYYY', 'DD/MM/YYYY'],
  ['M/D/YYYY', 'DD/MM/YYYY'],
];

export const importMappingSchema = z
  .strictObject({
    version: z.literal(IMPORT_MAPPING_VERSION),
    name: name(MAPPING_LIMITS.name),
    /** The source in a sentence (which agency, which download). */
    description: singleLine(z.string().trim().max(MAPPING_LIMITS.description)).default(''),
    fields: mappingFieldsSchema,
    date: z
      .strictObject({
        /** Tried in order: the first that reads a cell wins. */
        formats: z.array(z.enum(DATE_FORMATS)).min(1).max(DATE_FORMATS.length),
        two_digit_year_pivot: z.number().int().min(0).max(99).default(DEFAULT_TWO_DIGIT_YEAR_PIVOT),
      })
      .superRefine((date, ctx) => {
        if (new Set(date.formats).size !== date.formats.length) ctx.addIssue({ code: 'custom', path: ['formats'], message: 'A format is listed twice' });
        for (const [a, b] of AMBIGUOUS_TOGETHER) {
          if (date.formats.includes(a) && date.formats.includes(b)) {
            ctx.addIssue({ code: 'custom', path: ['formats'], message: `${a} and ${b} read 03/04/2024 as different days: choose one` });
          }
        }
      }),
    time: z.strictObject({ format: z.enum(TIME_FORMATS).default('HH:MM') }).prefault({}),
    maps: valueMapsSchema.prefault({}),
    value_parser: valueParserSchema.prefault({}),
    station_matching: stationMatchingSchema.prefault({}),
    new_station_places: newStationPlacesSchema.prefault({ from: 'none' }),
  })
  .superRefine((mapping, ctx) => {
    const words = new Set<string>();
    mapping.value_parser.words.forEach((w, i) => {
      const key = mapKey(w.text);
      if (words.has(key)) ctx.addIssue({ code: 'custom', path: ['value_parser', 'words', i, 'text'], message: `'${w.text}' is listed twice` });
      words.add(key);
    });
    if (mapping.new_station_places.from === 'columns' && (!mapping.fields.county || !mapping.fields.municipality)) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_station_places'],
        message: 'New stations take their place from the county and municipality columns: bind both, or set a place for the file or per beach',
      });
    }
  });
export type ImportMapping = z.output<typeof importMappingSchema>;
export type ImportMappingInput = z.input<typeof importMappingSchema>;

/** A binding as messages name it: column 'Sample Date', constant 'MPN/100mL', 'Beach Name' + 'Sample Location'. */
export function describeBinding(b: FieldBinding): string {
  if (b.kind === 'column') return `column '${b.column}'`;
  if (b.kind === 'constant') return `constant '${b.value}'`;
  return `combination ${b.parts.map((p) => (p.kind === 'column' ? `'${p.column}'` : `"${p.value}"`)).join(' + ')}`;
}

/** The columns a mapping reads, each once, with whether a file may lack it. */
export function boundColumns(mapping: ImportMapping): { column: string; optional: boolean; fields: MappingField[] }[] {
  const columns = new Map<string, { column: string; optional: boolean; fields: MappingField[] }>();
  const note = (column: string, optional: boolean, field: MappingField) => {
    const key = columnKey(column);
    const seen = columns.get(key);
    if (seen) {
      seen.optional &&= optional;
      if (!seen.fields.includes(field)) seen.fields.push(field);
    } else columns.set(key, { column, optional, fields: [field] });
  };
  for (const field of MAPPING_FIELDS) {
    const b = mapping.fields[field];
    if (!b) continue;
    if (b.kind === 'column') note(b.column, b.optional, field);
    if (b.kind === 'combination') for (const p of b.parts) if (p.kind === 'column') note(p.column, false, field);
  }
  return [...columns.values()];
}

/** A header text as columns are compared: case-blind, spaces collapsed. */
export function columnKey(header: string): string {
  return header.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
