import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODES,
  MESSAGES,
  USER_CODES,
  forcePasswordResetSchema,
  newPasswordSchema,
  passwordChangedSchema,
  passwordChangeParamsSchema,
  passwordChangeSchema,
  selfPasswordChangeSchema,
  userActiveChangedSchema,
  userActiveParams,
  userCreateSchema,
  userDetailSchema,
  userFiltersResponseSchema,
  userForcePasswordResetChangedSchema,
  userIdOnlyParams,
  userIdParams,
  userListQuerySchema,
  userListResponseSchema,
  userProfileSchema,
  userUpdateSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { caller, PASSWORD_CHANGE_REQUIRED } from '../../plugins/auth';
import { checkedByHandler, NO_BODY } from '../../plugins/openapi';
import { badRequest, envelope, errorEnvelope, failingWith, forbidden, notFound, ok, staffErrors } from '../../lib/http';
import { changePassword } from '../auth/service';
import { findUserProfile } from './repository';
import { assertCanManageUser } from './access';
import * as usersService from './service';

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/user/current/',
    {
      onRequest: app.authenticateAllowingPasswordChange,
      schema: { tags: ['users'], response: { 200: envelope(userProfileSchema), 401: errorEnvelope, 404: errorEnvelope } },
    },
    async (request) => {
      const profile = await findUserProfile(deps.database.db, caller(request).userId);
      if (!profile) throw notFound('User');
      return ok(CODES.USER_FOUND, profile);
    },
  );

  app.put(
    '/user/password/:userId?',
    {
      onRequest: app.authenticateAllowingPasswordChange,
      schema: {
        tags: ['users'],
        params: passwordChangeParamsSchema,
        // Checked in the handler, after who may change whose password: a failed change answers
        // USER_BAD_VALIDATION with 'Failed to change password' (spec), not VALIDATION_FAILED.
        body: checkedByHandler(passwordChangeSchema),
        response: {
          200: envelope(passwordChangedSchema),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => {
      const me = caller(request);
      const targetUserId = request.params.userId ?? me.userId;
      const self = targetUserId === me.userId;
      // Who first, then what: a user with a forced change pending may only change their own password, and
      // another user's password needs user-management rights over them, all before the body is read.
      if (!self && me.forcePasswordReset) {
        throw forbidden('You must change your password before continuing.', PASSWORD_CHANGE_REQUIRED);
      }
      if (!self) await assertCanManageUser(deps.database.db, me.userId, targetUserId);
      const parsed = (self ? selfPasswordChangeSchema : newPasswordSchema).safeParse(request.body);
      if (!parsed.success) {
        throw badRequest(
          CODES.USER_BAD_VALIDATION,
          MESSAGES.passwordChangeFailed,
          parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
        );
      }
      const currentPassword = 'currentPassword' in parsed.data ? (parsed.data.currentPassword as string) : null;
      const token = await changePassword(deps, me.userId, targetUserId, parsed.data.newPassword, currentPassword);
      return ok(CODES.PASSWORD_CHANGED, { token });
    },
  );

  const { db } = deps.database;
  const tags = ['users'];

  app.get(
    '/user/filters/',
    { onRequest: app.staff(routeRules.userManager, { message: MESSAGES.filterListFailed }), schema: { tags, response: { 200: envelope(userFiltersResponseSchema), ...staffErrors } } },
    async (request) =>
      failingWith(MESSAGES.filterListFailed, async () => {
        const me = await callerProfile(db, request);
        return ok(CODES.RETRIEVED_FILTER_LIST, await usersService.userFilters(deps, me));
      }),
  );

  app.get(
    '/user/list/',
    {
      onRequest: app.staff(routeRules.userManager, { message: MESSAGES.userListFailed }),
      schema: { tags, querystring: userListQuerySchema, response: { 200: envelope(userListResponseSchema), ...staffErrors } },
    },
    async (request) =>
      failingWith(MESSAGES.userListFailed, async () => {
        const me = await callerProfile(db, request);
        return ok(CODES.RETRIEVED_USER_LIST, await usersService.listUsers(deps, me, request.query));
      }),
  );

  app.get(
    '/user/profile/:id',
    { onRequest: app.staff(routeRules.selfOrUserManager), schema: { tags, params: userIdParams, response: { 200: envelope(userDetailSchema), ...staffErrors } } },
    async (request) => {
      const me = await callerProfile(db, request);
      return ok(CODES.USER_FOUND, await usersService.getUserDetail(deps, me, request.params.id));
    },
  );

  app.post(
    '/user/',
    {
      onRequest: app.staff(routeRules.userManager),
      schema: { tags, body: userCreateSchema, response: { 201: envelope(userDetailSchema), ...staffErrors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const me = await callerProfile(db, request);
      const userId = await usersService.createUser(deps, me, request.body);
      reply.status(201);
      return ok(USER_CODES.USER_CREATED, await usersService.getUserDetail(deps, me, userId));
    },
  );

  app.put(
    '/user/:id',
    {
      onRequest: app.staff(routeRules.userManager),
      schema: {
        tags,
        params: userIdParams,
        body: userUpdateSchema,
        response: { 200: envelope(userDetailSchema), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request) => {
      const me = await callerProfile(db, request);
      await usersService.updateUser(deps, me, request.params.id, request.body);
      // The caller may have moved the user out of their reach (an admin moving someone); answer from the saved row.
      return ok(USER_CODES.USER_SAVED, await usersService.getUserDetail(deps, me, request.params.id));
    },
  );

  app.put(
    '/user/active/:userId/:setActiveTo',
    {
      onRequest: app.staff(routeRules.userManager, { message: MESSAGES.userStatusFailed, code: CODES.USER_SAVE_FAILED }),
      schema: {
        tags,
        ...NO_BODY,
        params: userActiveParams,
        response: { 200: envelope(userActiveChangedSchema), ...staffErrors },
      },
    },
    async (request) =>
      // Spec: SAVED_USER_ACTIVE, or USER_SAVE_FAILED 'Failed to update user status.'
      failingWith(
        MESSAGES.userStatusFailed,
        async () => {
          const me = await callerProfile(db, request);
          const { userId, setActiveTo } = request.params;
          await usersService.setUserActive(deps, me, userId, setActiveTo);
          return ok(CODES.SAVED_USER_ACTIVE, { user_id: userId, active: setActiveTo });
        },
        CODES.USER_SAVE_FAILED,
      ),
  );

  app.put(
    '/user/forcePasswordReset/:userId',
    {
      onRequest: app.staff(routeRules.userManager),
      schema: {
        tags,
        params: userIdOnlyParams,
        body: forcePasswordResetSchema,
        response: { 200: envelope(userForcePasswordResetChangedSchema), ...staffErrors },
      },
    },
    async (request) => {
      const me = await callerProfile(db, request);
      await usersService.setForcePasswordReset(deps, me, request.params.userId, request.body.reset);
      return ok(USER_CODES.SAVED_USER_FORCE_PASSWORD_RESET, { user_id: request.params.userId, force_password_reset: request.body.reset });
    },
  );
};
