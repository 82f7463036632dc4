/**
 * The attack suite's part (ssrf), issue 27 item 4 (decision 0056): every web address a write stores, found in the
 * OpenAPI document (a JSON or multipart body field named url, uri, href, website or homepage, or of format uri),
 * is sent with this machine, its networks and the cloud metadata service in every spelling. Each must be refused
 * (400 naming the field); a 2xx stored an address the server could later be made to fetch (as the GIS proxy did) or
 * that points visitors inside. A public address is sent first, as the control: a field whose public address is not
 * accepted proves nothing and is listed.
 */
import type { Finding } from './findings';
import type { JsonSchema, Operation } from './openapi';
import { effective, fieldsOf, instance, typeOf, withField, type RequestInput } from './values';

/** An origin (scheme, host, port) naming the inside, and what it spells. */
export const INNER_ORIGINS: readonly { label: string; origin: string }[] = [
  { label: 'loopback', origin: 'http://127.0.0.1:9' },
  { label: 'IPv6 loopback', origin: 'http://[::1]:9' },
  { label: 'loopback in hex', origin: 'http://0x7f000001:9' },
  { label: 'loopback in decimal', origin: 'http://2130706433' },
  { label: 'loopback in octal', origin: 'http://017700000001' },
  { label: 'loopback, short form', origin: 'http://127.1' },
  { label: 'loopback with a trailing dot', origin: 'http://127.0.0.1.' },
  { label: 'loopback in full-width digits', origin: 'http://１２７.０.０.１' },
  { label: 'unspecified', origin: 'http://0.0.0.0' },
  { label: 'unspecified, short form', origin: 'http://0' },
  { label: 'IPv6 unspecified', origin: 'http://[::]' },
  { label: 'IPv4-mapped loopback', origin: 'http://[::ffff:127.0.0.1]' },
  { label: 'IPv4-mapped loopback in hex', origin: 'http://[::ffff:7f00:1]' },
  { label: 'localhost', origin: 'http://localhost:9' },
  { label: 'localhost with a trailing dot', origin: 'http://LOCALHOST.' },
  { label: 'a public name before @', origin: 'http://gis.example.org@127.0.0.1' },
  { label: 'metadata service', origin: 'http://169.254.169.254' },
  { label: 'metadata service in hex', origin: 'http://0xa9fea9fe' },
  { label: 'IPv4-mapped metadata service', origin: 'http://[::ffff:169.254.169.254]' },
  { label: 'IPv6 metadata service', origin: 'http://[fd00:ec2::254]' },
  { label: 'metadata service by name', origin: 'http://metadata.google.internal' },
  { label: 'a name without a domain', origin: 'http://metadata' },
  { label: 'metadata service, carrier-grade NAT', origin: 'http://100.100.100.200' },
  { label: 'private 10/8', origin: 'http://10.0.0.1' },
  { label: 'private 172.16/12', origin: 'http://172.16.0.1' },
  { label: 'private 192.168/16', origin: 'http://192.168.0.1' },
  { label: 'carrier-grade NAT', origin: 'http://100.64.0.1' },
  { label: 'IPv6 link-local', origin: 'http://[fe80::1]' },
  { label: 'IPv6 unique local', origin: 'http://[fc00::1]' },
  { label: 'multicast', origin: 'http://224.0.0.1' },
];

/** A public address of the right shape for a field with no valid one of its own. */
const PUBLIC_URL = 'https://example.org/';

const URL_NAME = /(^|_)(url|uri|href|website|homepage)$/i;
const isUrlField = (name: string, schema: JsonSchema) => typeOf(schema) === 'string' && (URL_NAME.test(name) || effective(schema).format === 'uri');

/** `value` with its scheme, host and port replaced by `origin` (the path, which a field's pattern may need, kept). */
export function withOrigin(value: string, origin: string): string {
  return value.replace(/^https?:\/\/[^/?#]*/i, origin);
}

const MULTIPART = 'multipart/form-data';

interface OpenApiBodies {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** The multipart form an operation declares, if any (the suite's operations keep only JSON bodies). */
function multipartSchemaOf(document: unknown, op: Operation): JsonSchema | null {
  return (document as OpenApiBodies).paths[op.path]?.[op.method.toLowerCase()]?.requestBody?.content?.[MULTIPART]?.schema ?? null;
}

/** A multipart/form-data body of text fields. */
function multipart(fields: Record<string, string>): { payload: Buffer; contentType: string } {
  const boundary = `----attackUrls${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `${MULTIPART}; boundary=${boundary}` };
}

/** One stored web address field of one operation, and how to set it in a request. */
interface UrlField {
  key: string;
  pointer: string;
  /** The request with the field set to `value`, made from a fresh base. */
  set(base: RequestInput, value: string): RequestInput;
  /** The public value the control sends. */
  control(base: RequestInput): string;
}

function urlFieldsOf(document: unknown, op: Operation, sample: RequestInput): UrlField[] {
  const found: UrlField[] = [];
  if (op.body && sample.json !== undefined) {
    for (const field of fieldsOf(op.body, sample.json)) {
      if (!isUrlField(field.name, field.schema)) continue;
      const current = (base: RequestInput) => field.keys.reduce<unknown>((node, k) => (node as Record<string | number, unknown> | undefined)?.[k], base.json);
      found.push({
        key: `${op.key} ${field.pointer}`,
        pointer: field.pointer,
        set: (base, value) => ({ ...base, json: withField(base.json, field.keys, value, false) }),
        control: (base) => {
          const value = current(base);
          return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : PUBLIC_URL;
        },
      });
    }
  }
  const form = multipartSchemaOf(document, op);
  if (form && typeOf(form) === 'object') {
    const s = effective(form);
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      if (!isUrlField(name, schema)) continue;
      found.push({
        key: `${op.key} ${name} (form)`,
        pointer: name,
        set: (base, value) => {
          // The form's required text fields made up from its schema (a file is optional beside a web address); a
          // form POST to a record is its update and says so (`_method=PUT`, SPEC 7).
          const fields: Record<string, string> = op.method === 'POST' && op.path.includes('{') ? { _method: 'PUT' } : {};
          for (const required of s.required ?? []) {
            const prop = s.properties![required]!;
            if (effective(prop).format === 'binary') continue;
            fields[required] = String(instance(prop, required, required, () => undefined, 'required'));
          }
          fields[name] = value;
          return { ...base, json: undefined, raw: multipart(fields) };
        },
        control: () => PUBLIC_URL,
      });
    }
  }
  return found;
}

/** What the part needs of the suite: a fresh accepted base as the admin, sending, and the ledger. */
export interface StoredUrlSuite {
  operations: Operation[];
  document: unknown;
  base(op: Operation): Promise<RequestInput>;
  send(op: Operation, input: RequestInput, label: string): Promise<{ statusCode: number; body: string }>;
  add(finding: Finding): void;
  describeInput(label: string, input: RequestInput): string;
}

const refusedFor = (body: string, pointer: string) => {
  try {
    const payload = (JSON.parse(body) as { payload?: unknown }).payload;
    return Array.isArray(payload) && payload.some((issue) => (issue as { field?: string }).field === pointer);
  } catch {
    return false;
  }
};

/** Runs the part: the fields found, and those whose public control was refused (the part proves nothing for them). */
export async function storedUrlProbes(suite: StoredUrlSuite): Promise<{ fields: string[]; unproven: string[] }> {
  const fields: string[] = [];
  const unproven: string[] = [];
  for (const op of suite.operations.filter((o) => o.method !== 'GET' && o.method !== 'DELETE')) {
    for (const field of urlFieldsOf(suite.document, op, await suite.base(op))) {
      fields.push(field.key);
      const base = await suite.base(op);
      const control = field.control(base);
      const accepted = await suite.send(op, field.set(base, control), `${field.pointer} = ${control} (public: the control)`);
      if (accepted.statusCode < 200 || accepted.statusCode >= 300) {
        unproven.push(`${field.key}: ${control} answered ${accepted.statusCode} ${accepted.body.slice(0, 160)}`);
        continue;
      }
      for (const { label, origin } of INNER_ORIGINS) {
        const value = withOrigin(control, origin);
        const input = field.set(await suite.base(op), value);
        const res = await suite.send(op, input, `${field.pointer} = ${value} (${label})`);
        if (res.statusCode === 400 && refusedFor(res.body, field.pointer)) continue;
        if (res.statusCode >= 500) continue; // the ledger has it as a 500
        suite.add({
          kind: 'accepted inner address',
          operation: op.key,
          role: op.isPublic ? 'anonymous' : 'admin@example.org',
          input: suite.describeInput(`${field.pointer} = ${value} (${label})`, input),
          status: res.statusCode,
          detail: res.statusCode < 300 ? `${field.pointer} stored ${label}` : `not refused for ${field.pointer}: ${res.body.slice(0, 160)}`,
        });
      }
    }
  }
  return { fields, unproven };
}
