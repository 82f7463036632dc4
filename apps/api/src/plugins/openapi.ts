import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelope, fileBodySchema, redirectSchema } from '@beach/domain';
import type { UploadPolicy } from '../lib/uploads/prepare';
import { mimeTypeOfKind } from '../lib/uploads/sniff';

/**
 * How a route's contract reaches the OpenAPI document and Fastify's validation (decision 0059).
 *
 * - A multipart form is declared as `body: formBody(schema)`: Fastify's per-media-type body
 *   (`{ content: { 'multipart/form-data': { schema } } }`), published as that media type with its fields
 *   (files as `format: binary`, their size as `maxLength`). Fastify never checks it: @fastify/multipart
 *   leaves the body empty, and the handler reads the parts itself after the caller's rights are checked.
 * - A file sent as text/csv or as a multipart form is declared as `body: csvOrFormBody(csv, form)`: both media
 *   types published, neither checked by Fastify (the handler reads the file).
 * - A JSON body the handler checks itself (its refusal has its own code and comes after the rights check)
 *   is declared as `body: checkedByHandler(schema)`: published, not checked by Fastify.
 * - A write that takes no body says so with `...NO_BODY` (`x-request-body: none` in the document).
 * - A redirect is declared `{ 303: redirectSchema }` (the domain's): published with no body and its Location header.
 */

declare module 'fastify' {
  interface FastifySchema {
    /** `none`: the call takes no request body (a POST or PUT whose input is all in its path). */
    'x-request-body'?: 'none';
  }
}

export const MULTIPART = 'multipart/form-data';
export const CSV = 'text/csv';

/** The route schema part of a call that takes no body. */
export const NO_BODY = { 'x-request-body': 'none' } as const;

/** A multipart form's body: its fields and files as the domain describes them. */
export const formBody = <T extends z.ZodType>(schema: T) => ({ content: { [MULTIPART]: { schema } } });

/**
 * A file sent either as the whole body (text/csv) or as a multipart form: both published, neither checked by
 * Fastify (the handler reads the file after the caller's rights, and answers 415 for any other media type).
 */
export const csvOrFormBody = <C extends z.ZodType, F extends z.ZodType>(csv: C, form: F) => ({
  content: { [CSV]: { schema: csv }, [MULTIPART]: { schema: form } },
});

const byHandler = new WeakSet<object>();
/** A JSON body the route publishes and its handler checks (after the rights check, with its own answer). */
export function checkedByHandler<T extends z.ZodType>(schema: T): T {
  byHandler.add(schema);
  return schema;
}

/** fastify-type-provider-zod's validation, except for the bodies above that the handler reads itself. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (route.httpPart === 'body' && (route.contentType === MULTIPART || route.contentType === CSV || byHandler.has(route.schema))) return () => true;
  return zodValidatorCompiler(route);
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * fastify-type-provider-zod's transform, taught Fastify's per-media-type body: a `{ content: { type: { schema } } }`
 * body is published as that media type (one per route here: a multipart form).
 */
export function openapiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as FastifySchema | undefined;
  const content = (schema?.body as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
  if (!schema || !content || typeof (schema.body as { _zod?: unknown })._zod === 'object') return withRedirects(schema, jsonSchemaTransform(input));
  const types = Object.keys(content);
  if (types.length === 1) {
    const [type] = types as [string];
    return withRedirects(schema, jsonSchemaTransform({ ...input, schema: { ...schema, body: content[type]!.schema, consumes: [type] } } as TransformInput));
  }
  // Several media types (a file as text/csv or as a form): each body converted on its own, published per media type.
  const bodyOf = (type: string) =>
    (jsonSchemaTransform({ ...input, schema: { body: content[type]!.schema } } as TransformInput).schema as { body: unknown }).body;
  const transformed = jsonSchemaTransform({ ...input, schema: { ...schema, body: undefined } } as TransformInput);
  (transformed.schema as { body?: unknown }).body = { content: Object.fromEntries(types.map((type) => [type, { schema: bodyOf(type) }])) };
  return withRedirects(schema, transformed);
}

/** The Location header of a redirect: @fastify/swagger publishes a response's `headers` as its response headers. */
const LOCATION_HEADER = { Location: { type: 'string', format: 'uri-reference', description: 'Where the client is sent.' } };

/** A response declared with the domain's redirectSchema is published with its Location header. */
function withRedirects(schema: FastifySchema | undefined, transformed: ReturnType<typeof jsonSchemaTransform>): ReturnType<typeof jsonSchemaTransform> {
  const declared = (schema?.response ?? {}) as Record<string, unknown>;
  const published = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (!published) return transformed;
  for (const [status, response] of Object.entries(declared)) {
    if (response === redirectSchema && published[status]) published[status] = { ...published[status], headers: LOCATION_HEADER };
  }
  return transformed;
}

/** A download's success response: the file, published with its media type(s) (the bytes are streamed, not serialised). */
export const download = (...mediaTypes: [string, ...string[]]) => ({
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBodySchema }])),
});

/** What any call may answer when the server fails or the database is unavailable (plugins/errors.ts). */
export const serverErrors = { 500: errorEnvelope, 503: errorEnvelope } as const;

/** A stored upload's download: published with the media types its upload policy lets in. */
export const storedFile = (policy: UploadPolicy) => {
  const [first, ...rest] = policy.kinds.map(mimeTypeOfKind);
  return download(first!, ...rest);
};
