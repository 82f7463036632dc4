import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODES } from '@beach/domain';
import { callerProfile, type RouteRule } from '../lib/access';
import { HttpError, forbidden, unauthenticated } from '../lib/http';
import type { TokenService } from '../lib/tokens';
import type { Db, DbOrTx } from '../db/client';
import { findSessionState } from '../modules/users/repository';

export { caller } from '../lib/access';

export type { AuthUser } from '../lib/auth-user';
import type { AuthUser } from '../lib/auth-user';

/** The code a user with a pending forced password change gets from every call but the few they may make. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Where a call's login check reads: the app's database, unless the route passes its own reader (the
 * portal import's progress calls, which on the embedded database read between pieces of a running import).
 */
export type AuthReader = <T>(read: (db: DbOrTx) => Promise<T>) => Promise<T>;

/** The failure message (and code) the spec fixes for a call, which a refusal by its route rule carries too (see failingWith). */
export interface SpecFailure {
  message: string;
  code?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook for staff calls: a valid, unrevoked token of an active user who has no forced password
     * change pending. It runs before the body is read, so an anonymous caller gets 401 whatever it sends.
     */
    authenticate: Hook;
    /** Like authenticate, but lets a user with a pending forced password change through (profile, password, refresh, logout). */
    authenticateAllowingPasswordChange: Hook;
    /**
     * onRequest hook: authenticate, then the caller's coarse right to the route (`rule`), both before the
     * body is parsed or validated: 401, then 403, then 400. The program-specific check (which needs the
     * validated ids) still runs in the service. `reader` runs the check's reads (default: the app's database).
     */
    staff: (rule?: RouteRule, spec?: SpecFailure, reader?: AuthReader) => Hook;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

const expired = () => unauthenticated(CODES.VERIFICATION_FAILED_EXPIRED, 'Your session has expired. Please log in again.');

/** Resolves the caller from the Bearer token; expired, revoked or superseded tokens give VERIFICATION_FAILED_EXPIRED. */
export async function resolveAuthUser(db: DbOrTx, tokens: TokenService, token: string): Promise<AuthUser> {
  const claims = await tokens.verify(token);
  if (!claims) throw expired();
  const state = await findSessionState(db, claims.userId, claims.jti);
  if (!state || !state.active || state.revoked || claims.ver !== state.tokenVersion) throw expired();
  return { userId: claims.userId, jti: claims.jti, exp: claims.exp, ver: claims.ver, auth: claims.auth, forcePasswordReset: state.forcePasswordReset };
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('authUser', null);

  const direct: AuthReader = (read) => read(opts.db);

  async function authenticate(request: FastifyRequest, allowPendingPasswordChange: boolean, reader: AuthReader = direct) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const user = await reader((db) => resolveAuthUser(db, opts.tokens, token));
    if (user.forcePasswordReset && !allowPendingPasswordChange) {
      throw forbidden('You must change your password before continuing.', PASSWORD_CHANGE_REQUIRED);
    }
    request.authUser = user;
  }

  app.decorate('authenticate', (request: FastifyRequest) => authenticate(request, false));
  app.decorate('authenticateAllowingPasswordChange', (request: FastifyRequest) => authenticate(request, true));
  app.decorate('staff', (rule?: RouteRule, spec?: SpecFailure, reader: AuthReader = direct) => async (request: FastifyRequest) => {
    await authenticate(request, false, reader);
    if (!rule) return;
    const profile = await reader((db) => callerProfile(db, request));
    if (rule.allows(profile, request)) return;
    if (!spec) throw forbidden(rule.message, rule.code);
    throw new HttpError(403, spec.code ?? rule.code, spec.message, { reason: rule.message, code: rule.code });
  });
});
