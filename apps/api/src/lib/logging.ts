import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * Structured logs without secrets (issue 15, decision 0037): Fastify's pino logger, one JSON line per entry,
 * every request's lines carrying its request id (`reqId`), and nothing a log reader could sign in with.
 *
 * - Request ids: an incoming `X-Request-Id` (a proxy's or a client's) is kept when it is a short token of safe
 *   characters, else a fresh UUID is made; the answer echoes it in `X-Request-Id`.
 * - URLs: a path segment whose route parameter names a secret (the reset link's `/login/recover/{token}`) and
 *   the value of a query parameter with a secret's name (`?token=`) are written as `[redacted]`.
 * - Objects: pino's `redact` censors authorization and cookie headers and password and token fields, so a
 *   line that logs headers or a body later cannot leak them either.
 */

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const REDACTED = '[redacted]';

/** Names of parameters, fields and headers whose values are secrets. */
export const SECRET_NAME = /pass(word|wd|phrase)?|token|secret|authori[sz]ation|cookie|jwt|api[-_]?key|credential|signature|session/i;

/** The request id: the incoming X-Request-Id when it is safe to write to a log and send back, else a new UUID. */
export function requestId(request: { headers: IncomingHttpHeaders }): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'newPasswordRetype',
  'currentPassword',
  'new_password',
  'current_password',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'jwt',
  'secret',
];
const SECRET_HEADERS = ['authorization', 'cookie', '"set-cookie"', '"x-api-key"', '"proxy-authorization"'];

/** pino `redact` paths: secret fields at the top of a log object and up to two levels down, and secret headers. */
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers.${header}`, `req.headers.${header}`, `res.headers.${header}`, `request.headers.${header}`]),
];

/** The path and query of a request with secrets censored: route parameters and query values named like a secret. */
export function redactedUrl(url: string, routePattern?: string): string {
  const mark = url.indexOf('?');
  const pathPart = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? null : url.slice(mark + 1);
  let safePath = pathPart;
  if (routePattern && /:[^/]*/.test(routePattern)) {
    const pattern = routePattern.split('/');
    const segments = pathPart.split('/');
    if (pattern.length === segments.length || pattern.length === segments.length - 1 || pattern.length === segments.length + 1) {
      safePath = segments.map((segment, i) => (pattern[i]?.startsWith(':') && SECRET_NAME.test(pattern[i]!.slice(1)) ? REDACTED : segment)).join('/');
    }
  }
  if (query === null) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is judged as it is.
      }
      return eq !== -1 && SECRET_NAME.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's request serializer, with the URL censored and the route pattern named. */
function serializeRequest(request: FastifyRequest) {
  // Something else logged under `req`: only what pino's redaction leaves of it.
  if (typeof request?.url !== 'string') return request;
  const route = request.routeOptions?.url;
  return {
    method: request.method,
    url: redactedUrl(request.url, route),
    route,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/**
 * The pino options Fastify builds its logger from: the caller's (level, a test's stream) over ours, with our
 * request serializer and redaction kept.
 */
export function loggerOptions(options: boolean | Record<string, unknown>): Record<string, unknown> | false {
  if (options === false) return false;
  const given = options === true ? {} : options;
  return {
    level: 'info',
    ...given,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { ...((given.serializers as object | undefined) ?? {}), req: serializeRequest },
  };
}
