/**
 * The probe classes issue 27 added: integer boundaries on every integer, control, bidi and invisible
 * characters in every string, and downloads read to their end over a real socket.
 */
import { request as httpRequest } from 'node:http';
import zlib from 'node:zlib';
import type { JsonSchema, Operation } from './openapi';
import { effective, fieldsOf, looksLikeId, typeOf, withField, type RequestInput } from './values';

/** PostgreSQL's integer: ids are 1..INT4_MAX (issue 27). */
export const INT4_MAX = 2_147_483_647;

/** Every integer gets these: zero, negative, the last int4, the first number past it, and 2^53. */
export const INTEGER_BOUNDARIES: readonly { label: string; value: number }[] = [
  { label: '0', value: 0 },
  { label: '-1', value: -1 },
  { label: '2^31-1', value: INT4_MAX },
  { label: '2^31', value: INT4_MAX + 1 },
  { label: '2^53', value: 2 ** 53 },
];

/** A record id (a GIS layer id is the map service's own number, 0 included: not one of ours). */
const isRecordId = (name: string) => looksLikeId(name) && !/^layer/i.test(name);

/** The boundaries an id may not take: 400 or 404, never 2xx (and never 5xx). */
export const outOfIdRange = (value: number) => value < 1 || value > INT4_MAX;

/**
 * Characters every string gets, inserted after the first character of a valid value. `lineBreak` ones
 * (CR LF, tab) are allowed in a field the document marks multi-line (`x-text: multiline`); none of the
 * others is allowed in any text field.
 */
export const CONTROL_CHARACTERS: readonly { label: string; char: string; lineBreak: boolean }[] = [
  { label: 'CR LF', char: '\r\n', lineBreak: true },
  { label: 'tab', char: '\t', lineBreak: true },
  { label: 'BEL (C0)', char: '\u0007', lineBreak: false },
  { label: 'NEL (C1)', char: '\u0085', lineBreak: false },
  { label: 'RLO (bidi override)', char: '\u202e', lineBreak: false },
  { label: 'FSI (bidi isolate)', char: '\u2068', lineBreak: false },
  { label: 'zero-width space', char: '\u200b', lineBreak: false },
];

/** Fields whose value is compared, never shown or stored as text: a password may hold any character. */
const SECRET = /password/i;

/** How the document says a text field treats line breaks: `x-text` from the domain's text helpers. */
export const textPolicyOf = (schema: JsonSchema): 'line' | 'multiline' | undefined =>
  (effective(schema) as { 'x-text'?: 'line' | 'multiline' })['x-text'];

/** One probe: the label, and the input changed by it. */
export interface Probe {
  label: string;
  apply(valid: RequestInput): RequestInput;
  /** What a 2xx to this probe means, if it is wrong: the finding's detail. */
  wrongIfAccepted?: { kind: 'accepted control characters' | 'accepted out-of-range id'; detail: string };
}

const setParam = (where: 'path' | 'query' | 'header', name: string, value: string) => (valid: RequestInput): RequestInput => ({
  ...valid,
  [where]: { ...valid[where], [name]: value },
});

const isInteger = (schema: JsonSchema) => typeOf(schema) === 'integer';
const isIntegerArray = (schema: JsonSchema) => typeOf(schema) === 'array' && !!effective(schema).items && isInteger(effective(schema).items!);

/** Every integer parameter and body field (integer arrays included) at each boundary. */
export function integerProbes(op: Operation, sample: RequestInput): Probe[] {
  const probes: Probe[] = [];
  for (const p of op.params) {
    if (!isInteger(p.schema) || p.in === 'header') continue;
    const id = p.in === 'path' || isRecordId(p.name);
    for (const b of INTEGER_BOUNDARIES) {
      probes.push({
        label: `${p.in} ${p.name}=${b.label}`,
        apply: setParam(p.in, p.name, String(b.value)),
        wrongIfAccepted: id && outOfIdRange(b.value) ? { kind: 'accepted out-of-range id', detail: `${p.name}=${b.value} is no id` } : undefined,
      });
    }
  }
  if (op.body && sample.json !== undefined) {
    for (const field of fieldsOf(op.body, sample.json)) {
      const array = isIntegerArray(field.schema);
      if (!array && !isInteger(field.schema)) continue;
      const id = isRecordId(field.name);
      for (const b of INTEGER_BOUNDARIES) {
        const value = array ? [b.value] : b.value;
        probes.push({
          label: `body ${field.pointer} = ${array ? `[${b.label}]` : b.label}`,
          apply: (valid) => ({ ...valid, json: withField(valid.json, field.keys, value, false) }),
          wrongIfAccepted: id && outOfIdRange(b.value) ? { kind: 'accepted out-of-range id', detail: `${field.pointer} = ${b.value} is no id` } : undefined,
        });
      }
    }
  }
  return probes;
}

const insert = (valid: unknown, char: string) => {
  const text = typeof valid === 'string' && valid.length > 0 ? valid : 'Atk';
  return `${text.slice(0, 1)}${char}${text.slice(1)}`;
};

function valueAt(json: unknown, keys: (string | number)[]): unknown {
  let node = json;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/**
 * Every string parameter and body field with each control character. A write that answers 2xx to one of
 * them in a body field stored it: a finding, unless it is a line break in a field marked multi-line.
 */
export function controlProbes(op: Operation, sample: RequestInput): Probe[] {
  const probes: Probe[] = [];
  for (const p of op.params) {
    if (typeOf(p.schema) !== 'string' || p.in === 'header') continue;
    for (const c of CONTROL_CHARACTERS) {
      probes.push({ label: `${p.in} ${p.name} with ${c.label}`, apply: (valid) => setParam(p.in, p.name, insert(valid[p.in][p.name], c.char))(valid) });
    }
  }
  if (op.body && sample.json !== undefined) {
    for (const field of fieldsOf(op.body, sample.json)) {
      if (typeOf(field.schema) !== 'string') continue;
      const multiline = textPolicyOf(field.schema) === 'multiline';
      for (const c of CONTROL_CHARACTERS) {
        const allowed = SECRET.test(field.name) || (c.lineBreak && multiline);
        probes.push({
          label: `body ${field.pointer} with ${c.label}`,
          apply: (valid) => ({ ...valid, json: withField(valid.json, field.keys, insert(valueAt(valid.json, field.keys), c.char), false) }),
          wrongIfAccepted:
            op.method !== 'GET' && !allowed
              ? { kind: 'accepted control characters', detail: `${field.pointer} (${textPolicyOf(field.schema) ?? 'no text policy'}) took ${c.label}` }
              : undefined,
        });
      }
    }
  }
  return probes;
}

/** A whole answer read over a socket, and how it ended. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body, decoded from its content-encoding. */
  body: Buffer;
  /** Why the answer cannot be trusted to be whole: the connection broke, or the coding did not decode. */
  broken: string | null;
}

/** GET over HTTP/1.1 to the listening app, read to the end; a reset after the header counts as broken, not thrown. */
export function readWhole(port: number, path: string, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false });
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (err) => (answered ? undefined : reject(err)));
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let broken: string | null = null;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => (broken ??= 'the connection broke off after the header'));
      res.on('error', (err) => (broken ??= `the connection broke off after the header (${err.message})`));
      res.on('close', () => {
        if (!res.complete) broken ??= 'the body ended before its end (no terminating chunk)';
        let body = Buffer.concat(chunks);
        const coding = String(res.headers['content-encoding'] ?? '');
        if (!broken && (coding === 'br' || coding === 'gzip')) {
          try {
            body = coding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
          } catch (err) {
            broken = `the ${coding} body does not decode (${(err as Error).message})`;
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, broken });
      });
    });
    req.end();
  });
}
