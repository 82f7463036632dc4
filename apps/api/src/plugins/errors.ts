import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CODES } from '@beach/domain';
import { isDatabaseUnavailable, isRetryableConflict } from '../lib/db-errors';
import { HttpError } from '../lib/http';

/** Headers a handler sets for what it meant to send, dropped before an error envelope is sent instead. */
const ANSWER_HEADERS_OF_A_FAILED_SEND = ['content-type', 'content-length', 'content-encoding', 'content-disposition', 'etag', 'last-modified'];

/** An internal error name in a message: Fastify's codes and Node's. */
const INTERNAL_NAME = /\bFST_ERR_|\bERR_[A-Z][A-Z_]{3,}\b/;

/**
 * Turns every failure into the response envelope. Validation failures list field and message;
 * a 500 never leaks a stack trace or SQL.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A handler that failed after it chose what to send (a download's text/csv, attachment and coding) must
    // not dress the error envelope in those: the answer is plain JSON (issue 27).
    for (const name of ANSWER_HEADERS_OF_A_FAILED_SEND) reply.removeHeader(name);
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message, payload: error.payload });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const payload = error.validation.map((v) => ({
        field: (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ code: CODES.VALIDATION_FAILED, message: payload[0]?.message, payload });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: CODES.SERVER_ERROR, message: 'Something went wrong on our side.', payload: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ code: CODES.PAYLOAD_TOO_LARGE, message: 'The upload is too large.', payload: null });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ code: CODES.UNSUPPORTED_MEDIA_TYPE, message: 'Unsupported content type.', payload: null });
    }
    if (status === 429) {
      return reply.status(429).send({ code: CODES.TOO_MANY_ATTEMPTS, message: 'Too many requests.', payload: null });
    }
    if (status >= 400 && status < 500) {
      // Fastify's and Node's own error names (FST_ERR_..., ERR_...) stay in the log, never in an answer.
      const message = INTERNAL_NAME.test(error.message) ? 'The request could not be read.' : error.message;
      return reply.status(status).send({ code: CODES.VALIDATION_FAILED, message, payload: null });
    }
    // The database went away (restart, failover) or the write lost a race after its retries: nothing half-done
    // was kept (the transaction rolled back), so the client is told to try again shortly.
    if (isDatabaseUnavailable(error) || isRetryableConflict(error)) {
      request.log.warn({ err: error }, 'database unavailable or busy: 503');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ code: CODES.SERVER_ERROR, message: 'The service is busy or restarting. Try again in a moment.', payload: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: CODES.SERVER_ERROR, message: 'Something went wrong on our side.', payload: null });
  });
});
