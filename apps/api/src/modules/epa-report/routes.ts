import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EPA_REPORT_CODES, epaReportQuerySchema, epaReportSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { epaReport } from './service';

/** DEP IT: EPA report statistics (SPEC 7 Report): organization admins only (SPEC 6, Website Management). */
export const epaReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/depit/epa/webReport',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags: ['dep it'],
        querystring: epaReportQuerySchema({ timeZone: deps.config.programTimeZone }),
        response: { 200: envelope(epaReportSchema), ...staffErrors },
      },
    },
    async (request) => {
      await requireAdminOrganization(deps.database.db, request);
      return ok(EPA_REPORT_CODES.EPA_REPORT_FOUND, await epaReport(deps, request.query));
    },
  );
};
