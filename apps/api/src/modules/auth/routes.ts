import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODES,
  loginResultSchema,
  loginSchema,
  newPasswordSchema,
  recoverSchema,
  refreshedTokenSchema,
  resetTokenParamsSchema,
  tokenExpirySchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { bearerToken, caller, resolveAuthUser } from '../../plugins/auth';
import { emptyEnvelope, envelope, errorEnvelope, ok, unauthenticated } from '../../lib/http';
import * as auth from './service';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: envelope(loginResultSchema), 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const outcome = await auth.login(deps, request.body.email, request.body.password, request.ip);
      return ok(outcome.code, { token: outcome.token, user: outcome.user });
    },
  );

  app.get(
    '/login/verify/',
    { schema: { tags: ['auth'], response: { 200: envelope(tokenExpirySchema), 401: errorEnvelope } } },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated(CODES.VERIFICATION_FAILED_EXPIRED);
      const user = await resolveAuthUser(deps.database.db, deps.tokens, token);
      return ok(CODES.VERIFICATION_SUCCESS, { exp: user.exp });
    },
  );

  app.get(
    '/login/verify/refresh/',
    {
      onRequest: app.authenticateAllowingPasswordChange,
      schema: { tags: ['auth'], response: { 200: envelope(refreshedTokenSchema), 401: errorEnvelope } },
    },
    async (request) => {
      const user = caller(request);
      return ok(CODES.TOKEN_REFRESHED, { token: await auth.refresh(deps, user) });
    },
  );

  app.post(
    '/login/recover/',
    { schema: { tags: ['auth'], body: recoverSchema, response: { 200: emptyEnvelope, 400: errorEnvelope, 429: errorEnvelope } } },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body.email, request.ip);
      return ok(CODES.TOKEN_CREATED, null, 'If an account exists for that address, we sent a link to reset the password.');
    },
  );

  app.get(
    '/login/recover/:token',
    { schema: { tags: ['auth'], params: resetTokenParamsSchema, response: { 200: emptyEnvelope, 400: errorEnvelope, 404: errorEnvelope } } },
    async (request) => {
      await auth.checkResetToken(deps, request.params.token);
      return ok(CODES.TOKEN_VALID, null);
    },
  );

  app.put(
    '/login/recover/:token',
    {
      schema: {
        tags: ['auth'],
        params: resetTokenParamsSchema,
        body: newPasswordSchema,
        response: { 200: emptyEnvelope, 400: errorEnvelope, 404: errorEnvelope },
      },
      attachValidation: false,
    },
    async (request) => {
      await auth.resetPassword(deps, request.params.token, request.body.newPassword);
      return ok(CODES.PASSWORD_CHANGED, null);
    },
  );

  app.get(
    '/logout',
    { onRequest: app.authenticateAllowingPasswordChange, schema: { tags: ['auth'], response: { 200: emptyEnvelope, 401: errorEnvelope } } },
    async (request) => {
      const user = caller(request);
      await auth.logout(deps, user.jti, user.exp);
      return ok(CODES.LOGGED_OUT, null);
    },
  );
};
