import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODES } from '@beach/domain';
import { forbidden, unauthenticated } from '../lib/http';
import type { TokenService } from '../lib/tokens';
import type { Db } from '../db/client';
import { findSessionState } from '../modules/users/repository';

export interface AuthUser {
  userId: number;
  jti: string;
  exp: number;
  forcePasswordReset: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler for staff calls: a valid, unrevoked token of an active user who has no forced password change pending. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Like authenticate, but lets a user with a pending forced password change through (profile, password, logout). */
    authenticateAllowingPasswordChange: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** Resolves the caller from the Bearer token; expired, revoked or superseded tokens give VERIFICATION_FAILED_EXPIRED. */
export async function resolveAuthUser(db: Db, tokens: TokenService, token: string): Promise<AuthUser> {
  const claims = await tokens.verify(token);
  if (!claims) throw unauthenticated(CODES.VERIFICATION_FAILED_EXPIRED, 'Your session has expired. Please log in again.');
  const state = await findSessionState(db, claims.userId, claims.jti);
  const superseded = state?.tokensValidAfter && claims.iat < Math.floor(state.tokensValidAfter.getTime() / 1000);
  if (!state || !state.active || state.revoked || superseded) {
    throw unauthenticated(CODES.VERIFICATION_FAILED_EXPIRED, 'Your session has expired. Please log in again.');
  }
  return { userId: claims.userId, jti: claims.jti, exp: claims.exp, forcePasswordReset: state.forcePasswordReset };
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('authUser', null);

  async function authenticate(request: FastifyRequest, allowPendingPasswordChange: boolean) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const user = await resolveAuthUser(opts.db, opts.tokens, token);
    if (user.forcePasswordReset && !allowPendingPasswordChange) {
      throw forbidden('You must change your password before continuing.', 'PASSWORD_CHANGE_REQUIRED');
    }
    request.authUser = user;
  }

  app.decorate('authenticate', (request: FastifyRequest) => authenticate(request, false));
  app.decorate('authenticateAllowingPasswordChange', (request: FastifyRequest) => authenticate(request, true));
});

/** The authenticated caller; only call after an authenticate preHandler. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
