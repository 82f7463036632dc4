/**
 * Values from an operation's schema: a valid instance (ids come from the resolvers, see ./targets.ts) and
 * the malformed variants the suite sends: wrong types, missing fields, huge strings, numbers out of range,
 * bad dates, injection strings, wrong content types, invalid JSON and truncated multipart bodies.
 */
import type { JsonSchema, Operation, ParamIn } from './openapi';

/** A valid date in the past for every date field (the demo data has results that day). */
export const VALID_DATE = '2025-06-02';
const HUGE = 'A'.repeat(100 * 1024);

/** Strings aimed at SQL, HTML, template engines, paths, C strings and text handling. */
export const INJECTIONS: readonly string[] = [
  "' OR 1=1--",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'a\u0000b',
  '\u202e\ud83d\ude00 \u00dcn\u00efc\u00f6d\u00e9',
  '\ud800',
];
export const BAD_DATES: readonly string[] = ['0000-01-01', '2024-02-30', '9999-12-31', '2024-13-01'];

/** A field or parameter that looks like a record id: it needs a resolver, never a made-up value. */
export const looksLikeId = (name: string) => /(^id$|_ids?$|[a-z]Ids?$)/.test(name);

const dateLike = (schema: JsonSchema, name: string) =>
  schema.format === 'date' || /(^|_)(date|from|to)$|Date$/.test(name);

/** The schema without null: the first non-null branch of anyOf/oneOf, or the schema itself. */
export function effective(schema: JsonSchema): JsonSchema {
  if (schema.$ref) throw new Error(`$ref ${schema.$ref}: the attack suite reads inline schemas only; resolve refs in attack/values.ts`);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    const first = branches.find((b) => b.type !== 'null') ?? branches[0]!;
    return effective({ ...first, default: schema.default ?? first.default });
  }
  if (schema.allOf?.length === 1) return effective(schema.allOf[0]!);
  return schema;
}

export function typeOf(schema: JsonSchema): string | undefined {
  const s = effective(schema);
  if (s.enum) return 'enum';
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** Examples tried, in order, against a pattern the suite has not seen before. */
const PATTERN_EXAMPLES = [VALID_DATE, '#123456', '09', '05', '14:30', 'ENTEROCOCCUS', 'programs', 'attack', 'A', 'a', '1', '', 'https://gis.attack.invalid/arcgis/rest/services/Attack/MapServer', 'attack-link-token-attack-link-token-attack'];

/**
 * Hour and minute fields (`..._hh`, `..._mm`): a new time of day for each record the suite makes up, so
 * two of its results never share station, day, time and parameter (the stored result's natural key).
 */
let clock = 0;
function timeOfDay(name: string): string[] {
  if (/(^|_)hh$/.test(name)) return [String(10 + (Math.floor(clock / 60) % 12)).padStart(2, '0')];
  if (/(^|_)mm$/.test(name)) return [String(clock++ % 60).padStart(2, '0')];
  return [];
}

let serial = 0;
/** A short unique suffix, so created records do not collide with each other. */
export const nextSerial = () => (serial++).toString(36);

export function stringExample(schema: JsonSchema, name: string): string {
  const s = effective(schema);
  if (s.enum) return String(s.enum[0]);
  const fit = (value: string) => {
    if (s.maxLength !== undefined && value.length > s.maxLength) value = value.slice(0, s.maxLength);
    while (value.length < (s.minLength ?? 0)) value += 'x';
    return value;
  };
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const candidates = dateLike(s, name) ? [VALID_DATE, ...PATTERN_EXAMPLES] : [...timeOfDay(name), ...PATTERN_EXAMPLES];
    const found = candidates.find((c) => re.test(c) && c.length >= (s.minLength ?? 0) && c.length <= (s.maxLength ?? Infinity));
    if (found === undefined) throw new Error(`no example matches /${s.pattern}/ (field ${name}): add one to PATTERN_EXAMPLES in attack/values.ts`);
    return found;
  }
  if (dateLike(s, name)) return VALID_DATE;
  if (/email/i.test(name)) return `attack.${nextSerial()}@example.org`;
  if (/url/i.test(name)) return 'https://example.org/';
  if (/phone/i.test(name)) return '609-555-0100';
  if (/zip/i.test(name)) return '08625';
  if (/password/i.test(name)) return 'attack-pass-1';
  if (/token/i.test(name)) return 'attack-token-0123456789';
  if (name === 'q' || name === 'search') return 'ocean';
  if (name === 'parameter' && (s.maxLength ?? 40) >= 12) return 'ENTEROCOCCUS';
  return fit(`Atk${nextSerial()}`);
}

export function numberExample(schema: JsonSchema, name: string, integer: boolean): number {
  const s = effective(schema);
  if (typeof s.default === 'number') return s.default;
  let lo = s.minimum ?? (integer ? 1 : 0);
  if (s.exclusiveMinimum === true || (typeof s.exclusiveMinimum === 'number' && s.exclusiveMinimum >= lo)) lo = (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : lo) + 1;
  const hi = s.maximum ?? Number.MAX_SAFE_INTEGER;
  const wanted = /year/i.test(name) ? 2025 : integer ? Math.max(lo, 1) : Math.max(lo, 10);
  return Math.min(Math.max(wanted, lo), hi);
}

/** Called for every property and parameter before a value is made up: ids must come from here. */
export type Filler = (name: string, schema: JsonSchema, pointer: string) => { value: unknown } | undefined;

/**
 * How much of a body to fill: `ids` (required fields and the optional ids the filler supplies, the
 * default), `scalars` (also optional plain values), `full` (every field, arrays with an item at least: the
 * base the malformed variants mutate, so nested fields are reached) or `required` (required fields only).
 */
export type Fill = 'ids' | 'scalars' | 'full' | 'required';

const isScalar = (schema: JsonSchema) => !['object', 'array'].includes(typeOf(schema) ?? 'object');

/** A valid instance of a schema at the given fill level; ids come from the filler. */
export function instance(schema: JsonSchema, name: string, pointer: string, fill: Filler, level: Fill = 'ids'): unknown {
  const s = effective(schema);
  const filled = fill(name, s, pointer);
  if (filled) return filled.value;
  if (s.const !== undefined) return s.const;
  switch (typeOf(s)) {
    case 'enum':
      return s.enum![0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        const required = s.required?.includes(key) ?? false;
        const include = required || level === 'full' || (level === 'scalars' && isScalar(prop));
        if (include || level !== 'required') {
          const own = fill(key, effective(prop), `${pointer}/${key}`);
          if (own) {
            if (own.value !== undefined) out[key] = own.value;
            continue;
          }
        }
        if (include) out[key] = instance(prop, key, `${pointer}/${key}`, fill, level);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 0, level === 'full' ? 1 : 0);
      return Array.from({ length: n }, (_, i) => instance(s.items ?? {}, name, `${pointer}/${i}`, fill, level));
    }
    case 'integer':
      return numberExample(s, name, true);
    case 'number':
      return numberExample(s, name, false);
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : false;
    case 'string':
      return stringExample(s, name);
    default:
      return {};
  }
}

/** A request as the suite sends it. */
export interface RequestInput {
  path: Record<string, string | undefined>;
  query: Record<string, string | string[] | undefined>;
  header: Record<string, string | undefined>;
  /** JSON body (serialised by the suite) or a raw body with its content type. */
  json?: unknown;
  raw?: { payload: string | Buffer; contentType: string };
}

export interface Variant {
  label: string;
  apply(valid: RequestInput): RequestInput;
}

/** Malformed values for one path or query parameter (always text). */
export function badParamValues(schema: JsonSchema, name: string): string[] {
  const t = typeOf(schema);
  if (t === 'integer' || t === 'number') return ['abc', '-1', '0', '1.5', '1e308', '9007199254740993', "1' OR '1'='1", '\u0000'];
  if (t === 'boolean' || t === 'enum' || effective(schema).anyOf) return ['maybe', '2', '', "' OR 1=1--"];
  if (t === 'string' && dateLike(effective(schema), name)) return [...BAD_DATES, "' OR 1=1--", HUGE];
  return [HUGE, '', ...INJECTIONS];
}

/** Malformed values for one JSON body field. */
export function badFieldValues(schema: JsonSchema, name: string, validItem: () => unknown): { label: string; value: unknown }[] {
  const s = effective(schema);
  const t = typeOf(s);
  const v = (label: string, value: unknown) => ({ label, value });
  switch (t) {
    case 'integer':
    case 'number':
      return [v('string', '12'), v('-1', -1), v('0', 0), v('1.5', 1.5), v('1e308', 1e308), v('2^53+2', 2 ** 53 + 2), v('null', null), v('object', {})];
    case 'boolean':
      return [v('string', 'yes'), v('number', 1), v('null', null)];
    case 'enum':
      return [v('not in enum', 'NOT_IN_ENUM'), v('number', 7), v('null', null)];
    case 'array': {
      const over = (s.maxItems ?? 2000) + 1;
      return [v('string', 'x'), v('object', {}), v('[null]', [null]), v(`${over} items`, Array.from({ length: over }, validItem))];
    }
    case 'object':
      return [v('string', 'x'), v('array', []), v('null', null)];
    case 'string': {
      const dates = dateLike(s, name) ? BAD_DATES.map((d) => v(d, d)) : [];
      return [v('number', 123), v('null', null), v('array', []), v('100 KB', HUGE), ...dates, ...INJECTIONS.map((i) => v(JSON.stringify(i), i))];
    }
    default:
      return [v('100 KB', HUGE), v('nested', { a: [{ b: "' OR 1=1--" }] })];
  }
}

const boundary = '----attack-suite-boundary';
const multipartValid = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nProgram_Name,Station_Name\r\nX,Y\r\n` +
    `--${boundary}--\r\n`,
);
/** Cut off inside the file part: no closing boundary. */
const multipartTruncated = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nProgram_Name,Station_Na`,
);
/** Headers of a part cut off. */
const multipartCutHeaders = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; na`);
const multipart = `multipart/form-data; boundary=${boundary}`;

/** Whole-body attacks every write operation gets, whatever its documented body. */
export function bodyVariants(op: Operation, validJson: unknown): { label: string; raw: { payload: string | Buffer; contentType: string } }[] {
  const valid = JSON.stringify(validJson ?? {});
  const raw = (label: string, payload: string | Buffer, contentType: string) => ({ label, raw: { payload, contentType } });
  const list = [
    raw('invalid JSON', '{"a": ', 'application/json'),
    raw('empty JSON body', '', 'application/json'),
    raw('JSON null', 'null', 'application/json'),
    raw('JSON array', '[]', 'application/json'),
    raw('JSON string', '"x"', 'application/json'),
    raw('__proto__ pollution', `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}`, 'application/json'),
    raw('deeply nested JSON', `${'['.repeat(20000)}${']'.repeat(20000)}`, 'application/json'),
    raw('JSON over the body limit', Buffer.alloc(6 * 1024 * 1024, 0x20), 'application/json'),
    raw('charset utf-16', valid, 'application/json; charset=utf-16'),
    raw('text/plain', valid, 'text/plain'),
    raw('application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', 'application/xml'),
    raw('form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('multipart', multipartValid, multipart),
    raw('truncated multipart', multipartTruncated, multipart),
    raw('multipart cut in part headers', multipartCutHeaders, multipart),
    raw('multipart without boundary', multipartValid, 'multipart/form-data'),
    raw('text/csv garbage', `Program_Name,Station_Name\n${INJECTIONS.join(',')}\n=cmd|' /C calc'!A0,"unterminated\n`, 'text/csv'),
    raw('text/csv invalid UTF-8', Buffer.from([0xff, 0xfe, 0xfd, 0x0a, 0xc3, 0x28]), 'text/csv'),
    raw('text/csv 100 KB line', HUGE, 'text/csv'),
  ];
  // Multipart routes: many files at once.
  if (op.body === null) {
    const many = Array.from(
      { length: 60 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"; filename="f${i}.csv"\r\nContent-Type: text/csv\r\n\r\na,b\r\n`,
    ).join('');
    list.push(raw('multipart with 60 files', `${many}--${boundary}--\r\n`, multipart));
  }
  return list;
}

/** Every malformed variant of an operation, built on its valid input. */
/**
 * Every malformed variant of an operation. Each applies its one change to a valid input it is given, so
 * the caller can give each variant a fresh one (a result edited by one variant is not stale for the next).
 * `sample` is a valid input of the same shape, from which the fields to change are read.
 */
export function malformedVariants(op: Operation, sample: RequestInput, validField: (pointer: string, schema: JsonSchema, name: string) => unknown): Variant[] {
  const variants: Variant[] = [];
  for (const p of op.params) {
    const set = (value: string | string[] | undefined) => (valid: RequestInput): RequestInput => ({ ...valid, [p.in]: { ...valid[p.in], [p.name]: value } });
    if (p.required && p.in !== 'path') variants.push({ label: `${p.in} ${p.name} missing`, apply: set(undefined) });
    // A header cannot carry control characters at all (the client refuses them before sending).
    const bads = badParamValues(p.schema, p.name).filter((v) => p.in !== 'header' || [...v].every((ch) => ch >= ' ' && ch <= '~'));
    for (const bad of bads) {
      variants.push({ label: `${p.in} ${p.name}=${describe(bad)}`, apply: set(bad) });
    }
    if (p.in === 'query') variants.push({ label: `query ${p.name} twice`, apply: set(['1', '2']) });
  }
  if (op.body && sample.json !== undefined) {
    for (const field of fieldsOf(op.body, sample.json)) {
      if (field.required) {
        variants.push({ label: `body ${field.pointer} missing`, apply: (valid) => ({ ...valid, json: withField(valid.json, field.keys, undefined, true) }) });
      }
      for (const bad of badFieldValues(field.schema, field.name, () => validField(field.pointer, field.schema.items ?? {}, field.name))) {
        variants.push({ label: `body ${field.pointer} = ${bad.label}`, apply: (valid) => ({ ...valid, json: withField(valid.json, field.keys, bad.value, false) }) });
      }
    }
  }
  if (op.method !== 'GET') {
    for (const b of bodyVariants(op, sample.json)) variants.push({ label: `body: ${b.label}`, apply: (valid) => ({ ...valid, json: undefined, raw: b.raw }) });
  }
  return variants;
}

const describe = (value: string) => (value.length > 40 ? `<${value.length} chars>` : JSON.stringify(value));

export interface Field {
  pointer: string;
  keys: (string | number)[];
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** The body's fields down to three levels, following the first item of arrays present in the valid body. */
export function fieldsOf(schema: JsonSchema, value: unknown, keys: (string | number)[] = [], depth = 0): Field[] {
  const s = effective(schema);
  if (depth > 3 || typeOf(s) !== 'object' || !s.properties) return [];
  const fields: Field[] = [];
  for (const [name, prop] of Object.entries(s.properties)) {
    const here = [...keys, name];
    fields.push({ pointer: here.join('.'), keys: here, name, schema: effective(prop), required: s.required?.includes(name) ?? false });
    const child = (value as Record<string, unknown> | undefined)?.[name];
    const ps = effective(prop);
    if (typeOf(ps) === 'object') fields.push(...fieldsOf(ps, child, here, depth + 1));
    if (typeOf(ps) === 'array' && Array.isArray(child) && child.length > 0 && ps.items && typeOf(ps.items) === 'object') {
      fields.push(...fieldsOf(ps.items, child[0], [...here, 0], depth + 1));
    }
  }
  return fields;
}

/** A deep copy of `body` with one field set (or removed); missing parents are created. */
export function withField(body: unknown, keys: (string | number)[], value: unknown, remove: boolean): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

export type { ParamIn };
