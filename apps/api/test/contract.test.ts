/**
 * One contract per call (issue 30, decision 0059). Walks every operation of the served GET /api/openapi.json
 * and every route as it was declared, and fails on:
 *
 * - an operation without a success response that says what it answers: a 2xx with a schema for each media
 *   type it declares (JSON, or a download's text/csv, application/zip...), or a declared 204; or a redirect
 *   (3xx) that publishes its Location header;
 * - an operation without its error responses (no 4xx or 5xx declared: a parameterless public read answers only
 *   the server's 500 and 503, `serverErrors`);
 * - a POST, PUT or PATCH that publishes no request body, unless it says it takes none (`x-request-body: none`),
 *   or a multipart form published without its file parts (`format: binary`);
 * - a route whose params, querystring, headers, body or response schemas are not objects the domain package
 *   exports: compared by identity with every zod schema `@beach/domain` exports, a response also being the
 *   domain's `envelope()` of one of them (envelope() answers one object per payload schema).
 *
 * It prints its counts (operations, offenders of each kind) so a run shows where the API stands. Operations
 * not yet brought to the contract are listed in contract-pending.ts; that list may only shrink.
 */

import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '@beach/domain';
import { PENDING } from './contract-pending';
import { createTestContext, type TestContext } from './helpers';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const WRITES = new Set(['post', 'put', 'patch']);

interface MediaType {
  schema?: Record<string, unknown>;
}
interface OpenApiOperation {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType>; headers?: Record<string, unknown> }>;
  'x-request-body'?: string;
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>>;
}

/** Every zod schema the domain package exports, by identity. */
const domainSchemas = new Set<unknown>(Object.values(domain).filter((value) => value instanceof z.ZodType));

/** Is `schema` a domain export, one a domain factory made (isDomainMadeSchema), or the domain's envelope of one? */
function fromDomain(schema: unknown): boolean {
  if (domainSchemas.has(schema) || domain.isDomainMadeSchema(schema)) return true;
  const shape = (schema as { shape?: { payload?: unknown } } | null)?.shape;
  const payload = shape?.payload;
  return payload instanceof z.ZodType && (domainSchemas.has(payload) || domain.isDomainMadeSchema(payload)) && domain.envelope(payload) === schema;
}

/** `METHOD /api/path/{param}` as the document names an operation (a route's `:param` becomes `{param}`). */
const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

/** Where a route's declared schema is not one the domain exports: `body`, `response 200 text/csv`... */
function foreignSchemas(route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const foreign: string[] = [];
  for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
    const declared = schema[part];
    if (declared === undefined) continue;
    const content = (declared as { content?: Record<string, { schema: unknown }> }).content;
    if (!(declared instanceof z.ZodType) && content) {
      for (const [mediaType, { schema: inner }] of Object.entries(content)) if (!fromDomain(inner)) foreign.push(`${part} ${mediaType}`);
    } else if (!fromDomain(declared)) foreign.push(part);
  }
  for (const [status, declared] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const content = (declared as { content?: Record<string, { schema: unknown }> }).content;
    if (!(declared instanceof z.ZodType) && content) {
      for (const [mediaType, { schema: inner }] of Object.entries(content)) if (!fromDomain(inner)) foreign.push(`response ${status} ${mediaType}`);
    } else if (!fromDomain(declared)) foreign.push(`response ${status}`);
  }
  return foreign;
}

const hasSchema = (media: MediaType | undefined) => !!media?.schema && Object.keys(media.schema).length > 0;

let ctx: TestContext;
const routes: RouteOptions[] = [];
let document: OpenApiDocument;

beforeAll(async () => {
  ctx = await createTestContext({ onRoute: (route) => routes.push(route) });
  document = (await ctx.call({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
}, 120_000);
afterAll(async () => ctx?.close());

describe('one contract per call (issue 30)', () => {
  it('every operation of /api/openapi.json declares its success and error responses and its body, with the domain schemas', () => {
    const operations: string[] = [];
    const noSuccess: string[] = [];
    const noErrors: string[] = [];
    const noBody: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const key = `${method.toUpperCase()} ${path}`;
        operations.push(key);
        const responses = op.responses ?? {};
        const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
        // A 2xx says what it answers: a schema for each media type it names, or a 204 that answers nothing.
        const described = success.some(([status, response]) =>
          response.content ? Object.values(response.content).length > 0 && Object.values(response.content).every(hasSchema) : status === '204',
        );
        // Or a redirect (3xx) that publishes where it sends the client (its Location header).
        const redirects = Object.entries(responses).some(
          ([status, response]) => /^3\d\d$/.test(status) && Object.keys(response.headers ?? {}).some((h) => h.toLowerCase() === 'location'),
        );
        if (!described && !redirects) noSuccess.push(key);
        if (!Object.keys(responses).some((status) => /^[45]\d\d$/.test(status))) noErrors.push(key);
        if (WRITES.has(method)) {
          const content = op.requestBody?.content ?? {};
          // A multipart form names its file parts (format: binary), not only its text fields.
          const form = content['multipart/form-data'];
          const formDescribed = !form || Object.values((form.schema?.properties ?? {}) as Record<string, { format?: string }>).some((p) => p.format === 'binary');
          const bodyDescribed = Object.keys(content).length > 0 && Object.values(content).every(hasSchema) && formDescribed;
          if (!bodyDescribed && op['x-request-body'] !== 'none') noBody.push(key);
        }
      }
    }

    // The routes behind those operations, as declared (hidden ones, such as the document itself, are not calls).
    const documented = new Set(operations);
    const foreign: string[] = [];
    const declared = new Set<string>();
    for (const route of routes) {
      if ((route.schema as { hide?: boolean } | undefined)?.hide) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = keyOf(method, route.url);
        declared.add(key);
        const parts = foreignSchemas(route);
        if (parts.length) foreign.push(`${key}: ${parts.join(', ')}`);
      }
    }
    const undocumented = [...declared].filter((key) => !documented.has(key));

    console.log(
      [
        `contract: ${operations.length} operations, ${declared.size} routes`,
        `  without a declared success response schema: ${noSuccess.length}`,
        `  without declared error responses: ${noErrors.length}`,
        `  write without a request body (and not marked x-request-body: none): ${noBody.length}`,
        `  with schemas that are not the domain's exports: ${foreign.length}`,
        `  routes not in the document: ${undocumented.length}`,
      ].join('\n'),
    );
    // An operation is pending as a whole: which of its schemas still offend is in the output, not the list.
    const found = { noSuccess, noErrors, noBody, foreign: foreign.map((entry) => entry.slice(0, entry.indexOf(': '))) };
    if (foreign.length) console.log(`  schemas not yet the domain's:\n    ${foreign.join('\n    ')}`);
    const kinds = Object.keys(found) as (keyof typeof found)[];
    const newOffenders = Object.fromEntries(kinds.map((kind) => [kind, found[kind].filter((key) => !PENDING[kind].includes(key))]));
    const noLongerOffending = Object.fromEntries(kinds.map((kind) => [kind, PENDING[kind].filter((key) => !found[kind].includes(key))]));
    console.log(`  still pending (contract-pending.ts): ${kinds.map((kind) => `${kind} ${PENDING[kind].length}`).join(', ')}`);
    expect({ newOffenders, noLongerOffending, undocumented }).toEqual({
      newOffenders: { noSuccess: [], noErrors: [], noBody: [], foreign: [] },
      noLongerOffending: { noSuccess: [], noErrors: [], noBody: [], foreign: [] },
      undocumented: [],
    });
  });
});
