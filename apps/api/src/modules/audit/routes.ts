import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_CODES, auditQuerySchema, auditListResponse } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { readAuditLog } from './service';

/** The audit log: who changed what, when, before and after; for READ_AUDIT_LOG holders. */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/audit/',
    {
      onRequest: app.staff(routeRules.auditReader),
      schema: { tags: ['audit'], querystring: auditQuerySchema, response: { 200: envelope(auditListResponse), ...staffErrors } },
    },
    async (request) => {
      const caller = await callerProfile(deps.database.db, request);
      return ok(AUDIT_CODES.AUDIT_LOG_FOUND, await readAuditLog(deps, caller, request.query));
    },
  );
};
