import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SWITCH_CODES, switchIdParamsSchema, switchSetToParamsSchema, switchValueSchema, websiteSwitchListSchema, websiteSwitchSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as switches from './service';

/** All Switches (SPEC 7 Map and content): organization admins only (SPEC 6, Website Management). */
export const websiteSwitchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);

  app.get('/switch/', { onRequest, schema: { tags, response: { 200: envelope(websiteSwitchListSchema), ...staffErrors } } }, async () =>
    ok(SWITCH_CODES.SWITCHES_FOUND, await switches.listSwitches(deps)),
  );

  app.put(
    '/switch/:id/setTo/:action',
    { onRequest, schema: { tags, params: switchSetToParamsSchema, ...NO_BODY, response: { 200: envelope(websiteSwitchSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(SWITCH_CODES.SWITCH_SAVED, await switches.setSwitch(deps, caller.user_id, request.params.id, request.params.action));
    },
  );

  app.put(
    '/switch/:id/',
    { onRequest, schema: { tags, params: switchIdParamsSchema, body: switchValueSchema, response: { 200: envelope(websiteSwitchSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(SWITCH_CODES.SWITCH_SAVED, await switches.setSwitch(deps, caller.user_id, request.params.id, request.body.value));
    },
  );
};
