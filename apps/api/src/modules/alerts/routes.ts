import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_MESSAGES,
  alertConfirmResponse,
  alertConfirmSchema,
  alertExportParams,
  alertManageUpdateSchema,
  alertPlacesResponse,
  alertSubscribeSchema,
  alertSubscriberCountsResponse,
  alertSubscriptionResponse,
  alertTokenParams,
  accessiblePrograms,
  alertStationParams,
  redirectSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, requireProgramAccess, routeRules, type RouteRule } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, forbidden, notFound, ok, staffErrors } from '../../lib/http';
import { download, NO_BODY, serverErrors } from '../../plugins/openapi';
import * as ref from '../results/repository/reference';
import {
  TooManySignups,
  confirmSubscription,
  exportProgramSubscribers,
  followablePlaces,
  getManagedSubscription,
  subscribe,
  subscriberCountsOfBeach,
  unsubscribe,
  updateManagedSubscription,
} from './service';

export const ALERT_CODES = {
  PLACES_FOUND: 'ALERT_PLACES_FOUND',
  SUBSCRIBE_ACCEPTED: 'ALERT_SUBSCRIBE_ACCEPTED',
  CONFIRMED: 'ALERT_CONFIRMED',
  SUBSCRIPTION_FOUND: 'ALERT_SUBSCRIPTION_FOUND',
  SUBSCRIPTION_SAVED: 'ALERT_SUBSCRIPTION_SAVED',
  UNSUBSCRIBED: 'ALERT_UNSUBSCRIBED',
  COUNTS_FOUND: 'ALERT_SUBSCRIBER_COUNTS_FOUND',
} as const;

/** Staff who can reach at least one program (the station's program is checked once the id is read). */
const anyProgramAccess: RouteRule = {
  allows: (p) => accessiblePrograms(p).length > 0,
  message: 'You do not have access to any program.',
  code: 'PROGRAM_ACCESS_REQUIRED',
};

/**
 * Public beach alerts (issue 16, decision 0044) and their two staff reads. Public calls need no account: the
 * manage and unsubscribe calls are authorised by the secret token of the link. No response ever says whether
 * an address is subscribed.
 */
export const alertRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const tags = ['public alerts'];
  const { db } = deps.database;
  const publicErrors = { 400: errorEnvelope, 404: errorEnvelope };

  // RFC 8058: a mail client's one-click POST is a form (List-Unsubscribe=One-Click); its content is not needed.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
    done(null, null),
  );

  app.get(
    '/public/alerts/places',
    { schema: { tags, response: { 200: envelope(alertPlacesResponse), ...serverErrors } } },
    async () => ok(ALERT_CODES.PLACES_FOUND, await followablePlaces(deps)),
  );

  app.post(
    '/public/alerts/subscribe',
    { schema: { tags, body: alertSubscribeSchema, response: { 202: emptyEnvelope, 400: errorEnvelope, 429: errorEnvelope } } },
    async (request, reply) => {
      try {
        await subscribe(deps, request.body, request.ip);
      } catch (error) {
        if (error instanceof TooManySignups) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      return reply.status(202).send({ code: ALERT_CODES.SUBSCRIBE_ACCEPTED, message: ALERT_MESSAGES.subscribeAccepted, payload: null });
    },
  );

  app.post(
    '/public/alerts/confirm',
    { schema: { tags, body: alertConfirmSchema, response: { 200: envelope(alertConfirmResponse), ...publicErrors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(ALERT_CODES.CONFIRMED, await confirmSubscription(deps, request.body.token));
    },
  );

  app.get(
    '/public/alerts/manage/:token',
    { schema: { tags, params: alertTokenParams, response: { 200: envelope(alertSubscriptionResponse), ...publicErrors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(ALERT_CODES.SUBSCRIPTION_FOUND, await getManagedSubscription(deps, request.params.token));
    },
  );

  app.put(
    '/public/alerts/manage/:token',
    { schema: { tags, params: alertTokenParams, body: alertManageUpdateSchema, response: { 200: envelope(alertSubscriptionResponse), ...publicErrors } } },
    async (request) => ok(ALERT_CODES.SUBSCRIPTION_SAVED, await updateManagedSubscription(deps, request.params.token, request.body)),
  );

  app.delete(
    '/public/alerts/manage/:token',
    { schema: { tags, params: alertTokenParams, response: { 200: emptyEnvelope, ...publicErrors } } },
    async (request) => {
      if (!(await unsubscribe(deps, request.params.token))) throw notFound('Alert subscription', 'ALERT_LINK_INVALID');
      return ok(ALERT_CODES.UNSUBSCRIBED, null);
    },
  );

  // The List-Unsubscribe address. POST (a mail client's one click, RFC 8058, or the page's button) unsubscribes
  // at once and answers the same for a link already used; a GET (a person opening the link) shows the page with
  // one button, in the web app.
  app.post(
    '/public/alerts/unsubscribe/:token',
    { schema: { tags, params: alertTokenParams, ...NO_BODY, response: { 200: emptyEnvelope, 400: errorEnvelope } } },
    async (request) => {
      await unsubscribe(deps, request.params.token);
      return ok(ALERT_CODES.UNSUBSCRIBED, null);
    },
  );

  app.get(
    '/public/alerts/unsubscribe/:token',
    { schema: { tags, params: alertTokenParams, response: { 303: redirectSchema, 400: errorEnvelope } } },
    async (request, reply) => reply.redirect(`/alerts/unsubscribe/${request.params.token}`, 303),
  );

  // ---- Staff -------------------------------------------------------------------------------------------------

  app.get(
    '/beach/:id/alertSubscribers',
    {
      onRequest: app.staff(anyProgramAccess),
      schema: { tags: ['beach status'], params: alertStationParams, response: { 200: envelope(alertSubscriberCountsResponse), ...staffErrors } },
    },
    async (request) => {
      const [station] = await ref.listStationsById(db, [request.params.id]);
      // An id that does not exist answers like a station of a program the caller cannot reach.
      if (!station) throw forbidden('You do not have access to this program.', 'PROGRAM_ACCESS_REQUIRED');
      await requireProgramAccess(db, request, station.program_id);
      return ok(ALERT_CODES.COUNTS_FOUND, await subscriberCountsOfBeach(deps, station.beach_id));
    },
  );

  app.get(
    '/program/:id/alertSubscribers/export',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: { tags: ['programs'], params: alertExportParams, response: { 200: download('text/csv'), ...staffErrors } },
    },
    async (request, reply) => {
      const profile = await requireAdminOrganization(db, request);
      const csv = await exportProgramSubscribers(deps, profile.user_id, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="alert-subscribers-program-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
