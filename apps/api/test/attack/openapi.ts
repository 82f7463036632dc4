/**
 * The attack suite's view of the API: every operation of GET /api/openapi.json with its parameters and
 * request body, and the rule that says which operations are public. Nothing here knows a route by name
 * except the short list of public routes outside /api/public/.
 */

/** The subset of JSON Schema that fastify-type-provider-zod emits for request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

export type ParamIn = 'path' | 'query' | 'header';

export interface Param {
  name: string;
  in: ParamIn;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as the document names it, e.g. `/api/user/password/{userId}?`. */
  path: string;
  /** `METHOD path`. */
  key: string;
  params: Param[];
  /** The JSON body the document declares, if any. */
  body: JsonSchema | null;
  /** Content types the document declares for the body. */
  bodyTypes: string[];
  /** Public by its path (under /api/public/) or by the explicit list below. */
  isPublic: boolean;
}

/**
 * Operations anyone may call without a token that live outside /api/public/. Everything else outside
 * /api/public/ is a staff operation by default, so a new route can only become public by being added here
 * (and the suite checks that each listed one really answers without a token, and every other one does not).
 */
export const PUBLIC_OUTSIDE_PUBLIC_PREFIX: ReadonlySet<string> = new Set([
  'POST /api/login',
  'POST /api/login/recover/',
  'GET /api/login/recover/{token}',
  'PUT /api/login/recover/{token}',
  'GET /api/layers/beachStatus/',
  'GET /api/files/{id}',
  'GET /api/general/geography',
  'GET /api/health/live',
  'GET /api/health/ready',
]);

/**
 * Pages the API serves outside the document (hidden: they are HTML for an <iframe>, not API calls), attacked like
 * its public operations: the embeddable status (decision 0062). Their inputs as the domain's schemas take them
 * (`publicIdParamsSchema`, `embedListQuerySchema`, `embedQuerySchema`).
 */
const EMBED_ID: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const EMBED_LANG: Param = { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['en', 'es'] } };
export const PAGES_OUTSIDE_THE_DOCUMENT: readonly Operation[] = [
  {
    method: 'GET',
    path: '/embed/beach/{id}',
    key: 'GET /embed/beach/{id}',
    params: [{ name: 'id', in: 'path', required: true, schema: EMBED_ID }, EMBED_LANG],
    body: null,
    bodyTypes: [],
    isPublic: true,
  },
  {
    method: 'GET',
    path: '/embed/beaches',
    key: 'GET /embed/beaches',
    params: [{ name: 'ids', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9]+(,[0-9]+)*$', maxLength: 110 } }, EMBED_LANG],
    body: null,
    bodyTypes: [],
    isPublic: true,
  },
];

export const isPublicOperation = (method: string, path: string) =>
  path.startsWith('/api/public/') || PUBLIC_OUTSIDE_PUBLIC_PREFIX.has(`${method} ${path}`);

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** Every operation of the document, in document order. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const lower of METHODS) {
      const op = item[lower];
      if (!op) continue;
      const method = lower.toUpperCase() as Operation['method'];
      const params: Param[] = (op.parameters ?? []).map((p) => {
        if (p.in !== 'path' && p.in !== 'query' && p.in !== 'header') {
          throw new Error(`${method} ${path}: parameter ${p.name} in ${p.in} is not supported by the attack suite`);
        }
        return { name: p.name, in: p.in, required: p.required ?? false, schema: p.schema ?? {} };
      });
      // A path parameter the route marks optional (`{userId}?`) is still listed as required by the document.
      for (const p of params) if (p.in === 'path' && path.includes(`{${p.name}}?`)) p.required = false;
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        params,
        body: json ?? null,
        bodyTypes: Object.keys(content),
        isPublic: isPublicOperation(method, path),
      });
    }
  }
  return operations;
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes it would be in CESU-8 (invalid UTF-8). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

/** The URL of an operation with its path and query values; an absent optional path parameter drops its segment. */
export function urlOf(op: Operation, path: Record<string, string | undefined>, query: Record<string, string | string[] | undefined>): string {
  let url = op.path.replace(/\/\{(\w+)\}(\?)?/g, (_m, name: string) => {
    const value = path[name];
    return value === undefined ? '' : `/${encodeSegment(value)}`;
  });
  if (url === '') url = '/';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, v);
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}
