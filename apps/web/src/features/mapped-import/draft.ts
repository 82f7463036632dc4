import {
  columnKey,
  importMappingSchema,
  IMPORT_MAPPING_VERSION,
  MAPPING_FIELD_LABELS,
  REQUIRED_MAPPING_FIELDS,
  type FieldBinding,
  type ImportMapping,
  type MappingField,
} from '@beach/domain';
import { parseCsv } from '@beach/domain/csv/parse';

/**
 * The mapping editor's draft is the domain's ImportMapping itself (every default filled in): a saved
 * mapping loads as it is, a new one starts from the file's header, and the draft is checked with the
 * domain's schema before it is previewed, saved or run.
 */
export type Draft = ImportMapping;

/** The header fields of a CSV file (its first record), read from the file's first 64 KB. */
export async function readHeader(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  try {
    return (parseCsv(firstLine)[0]?.fields ?? []).map((f) => f.trim()).filter(Boolean);
  } catch {
    return [];
  }
}

/** Words a header of each field often has (case-blind), in the order they are tried. */
const GUESSES: Partial<Record<MappingField, RegExp[]>> = {
  station: [/^station/, /station/, /site/],
  beach: [/beach/],
  date: [/date/, /collected/],
  time: [/time/],
  parameter: [/parameter/, /analyte/, /indicator/, /result_type/],
  value: [/result(s)?$/, /measure/, /value/, /result/],
  unit: [/^units?$/, /unit/],
  remark: [/remark/, /qualifier/],
  comments: [/comment/, /note/],
  program: [/program/],
  county: [/county/],
  municipality: [/municipal/, /town/, /city/],
  latitude: [/^lat/],
  longitude: [/^lon/],
};

/** A new mapping for a file: each field bound to the header's column whose name suggests it, the others left for the admin. */
export function draftFromHeader(header: string[], name: string): Draft {
  const keys = header.map(columnKey);
  const used = new Set<number>();
  const fields: Partial<Record<MappingField, FieldBinding>> = {};
  for (const [field, patterns] of Object.entries(GUESSES) as [MappingField, RegExp[]][]) {
    for (const pattern of patterns) {
      const i = keys.findIndex((k, index) => !used.has(index) && pattern.test(k));
      if (i >= 0) {
        used.add(i);
        fields[field] = { kind: 'column', column: header[i]!, optional: false };
        break;
      }
    }
  }
  for (const field of REQUIRED_MAPPING_FIELDS) fields[field] ??= { kind: 'constant', value: '' };
  return importMappingSchema.parse({ version: IMPORT_MAPPING_VERSION, name, fields, date: { formats: ['MM/DD/YYYY'] } });
}

/** The draft's problems as sentences ("Station: Required"), or none when the domain's schema takes it. */
export function draftProblems(draft: Draft): string[] {
  const parsed = importMappingSchema.safeParse(draft);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${pathLabel(issue.path)}: ${issue.message}`);
  }
  // A constant left empty for a field every row needs reads as nothing: say so before the server does.
  for (const field of REQUIRED_MAPPING_FIELDS) {
    const b = draft.fields[field];
    if (b.kind === 'constant' && b.value.trim() === '') problems.push(`${capital(MAPPING_FIELD_LABELS[field])}: bind it to a column, a constant or a combination`);
  }
  return problems;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const SECTIONS: Record<string, string> = {
  name: 'Mapping name',
  description: 'Description',
  date: 'Date formats',
  time: 'Time format',
  maps: 'Value maps',
  value_parser: 'Value parser',
  station_matching: 'Station matching',
  new_station_places: 'New stations',
};

function pathLabel(path: PropertyKey[]): string {
  const [first, second, ...rest] = path.map(String);
  if (first === 'fields' && second) return [capital(MAPPING_FIELD_LABELS[second as MappingField] ?? second), ...rest].join(' ');
  return [SECTIONS[first ?? ''] ?? first, second, ...rest].filter((p) => p !== undefined).join(' ');
}

/** Whether two mappings are the same (the draft is unchanged since it was loaded or saved). */
export const sameMapping = (a: Draft | null, b: Draft | null) => JSON.stringify(a) === JSON.stringify(b);
