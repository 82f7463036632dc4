import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RANK_CODES, rankMovedSchema, rankMoveParamsSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import type { RankedList } from './repository';
import { moveRanked } from './service';

/**
 * `PUT {base}/{id}/rank/up|down` for a ranked list of the public site, organization admins only (SPEC 6
 * Website Management): every ranked screen registers the same call through here.
 */
export function rankRoute(
  app: Parameters<FastifyPluginAsyncZod<AppDeps>>[0],
  deps: AppDeps,
  options: { base: string; list: RankedList; what: string; onRequest: onRequestHookHandler; tags: string[] },
): void {
  app.put(
    `${options.base}/:id/rank/:direction`,
    { onRequest: options.onRequest, schema: { tags: options.tags, ...NO_BODY, params: rankMoveParamsSchema, response: { 200: envelope(rankMovedSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(deps.database.db, request);
      return ok(RANK_CODES.RANK_MOVED, await moveRanked(deps, caller.user_id, options.list, request.params.id, request.params.direction, options.what));
    },
  );
}
