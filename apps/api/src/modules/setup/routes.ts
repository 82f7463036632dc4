import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETUP_CODES, setupChecklistResponse } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { checklist } from './service';

/** GET setup/checklist: the organization admin's first-run checklist (issue 25). */
export const setupRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/setup/checklist',
    { onRequest: app.staff(routeRules.adminOrganization), schema: { tags: ['setup'], response: { 200: envelope(setupChecklistResponse), ...staffErrors } } },
    async () => ok(SETUP_CODES.SETUP_CHECKLIST, await checklist(deps)),
  );
};
