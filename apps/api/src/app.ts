import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { CODES } from '@beach/domain';
import type { TrustProxy } from './config';
import type { AppDeps } from './deps';
import { REPO_ROOT } from './paths';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openapiTransform, validatorCompiler } from './plugins/openapi';
import { invalidFields } from './lib/http';
import { publicReadCache } from './lib/public-cache';
import { notFoundHandler, registerWeb, type PageRenderer } from './plugins/web';
import { wirePlugin } from './plugins/wire';
import { loggerOptions, requestId } from './lib/logging';
import { observabilityPlugin } from './modules/health/plugin';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { publicSiteRoutes } from './modules/public-site/routes';
import { publicConfigRoutes } from './modules/public-site/config-route';
import { organizationRoutes } from './modules/organizations/routes';
import { programRoutes } from './modules/programs/routes';
import { localHealthAuthorityRoutes } from './modules/local-health-authorities/routes';
import { auditRoutes } from './modules/audit/routes';
import { downloadRoutes } from './modules/downloads/routes';
import { aircraftRoutes } from './modules/aircraft/routes';
import { resultRoutes } from './modules/results/routes';
import { importMappingRoutes } from './modules/import-mappings/routes';
import { verificationRoutes } from './modules/verification/routes';
import { beachStatusRoutes } from './modules/beach-status/routes';
import { geomeanRoutes } from './modules/geomeans/routes';
import { accidentReportRoutes } from './modules/accident-reports/routes';
import { incidentRoutes } from './modules/incidents/routes';
import { beachRoutes } from './modules/beaches/routes';
import { beachProfileRoutes } from './modules/beaches/profile-routes';
import { linkRoutes } from './modules/links/routes';
import { reportRoutes } from './modules/reports/routes';
import { dailyFlightRoutes } from './modules/daily-flights/routes';
import { photoRoutes } from './modules/photos/routes';
import { faqRoutes } from './modules/faqs/routes';
import { newsRoutes } from './modules/news/routes';
import { sanitarySurveyRoutes } from './modules/sanitary-surveys/routes';
import { sourceTrackdownRoutes } from './modules/source-trackdowns/routes';
import { websiteSwitchRoutes } from './modules/website-switches/routes';
import { beachOrderingRoutes } from './modules/beach-ordering/routes';
import { gisServiceRoutes } from './modules/gis-services/routes';
import { epaReportRoutes } from './modules/epa-report/routes';
import { databaseExportRoutes } from './modules/database-export/routes';
import { beachNotificationXmlRoutes } from './modules/beach-notification-xml/routes';
import { wqxExportRoutes } from './modules/wqx-export/routes';
import { nowcastRoutes } from './modules/nowcast/routes';
import { alertRoutes } from './modules/alerts/routes';
import { openDataRoutes } from './modules/open-data/routes';
import { placeRoutes } from './modules/places/routes';
import { seasonRoutes } from './modules/seasons/routes';
import { setupRoutes } from './modules/setup/routes';
import { embedRoutes } from './modules/embed/routes';

const defaultWebDist = path.join(REPO_ROOT, 'apps/web/dist');

export interface BuildOptions {
  logger?: boolean | object;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Serve this web build with this server render instead (a test's page template and the web's render from source). */
  web?: { root: string; renderer: PageRenderer | null; renderWaitMs?: number };
  /** Told of every route as it is added, with its schema objects as declared (the contract test reads them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole application as a Fastify instance, without listening: tests drive it with inject(). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // pino with request ids and no secrets in its lines (decision 0037).
    logger: loggerOptions((options.logger ?? false) as boolean | Record<string, unknown>),
    genReqId: requestId,
    // X-Forwarded-For decides request.ip (and so the per-address login limit) only from trusted proxies.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot take (bad UTF-8: 400; a parameter over 100 characters: 414) is answered before
    // any hook runs, so helmet's headers are added here by hand, with the usual envelope.
    frameworkErrors: (error, _request, routerReply) => {
      const reply = routerReply as unknown as FastifyReply;
      void reply
        .status(error.statusCode ?? 400)
        .headers({
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        })
        .send({ code: CODES.VALIDATION_FAILED, message: error.statusCode === 414 ? 'A path parameter is too long.' : 'The address is not valid.', payload: null });
    },
  });
  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) => onRoute(route));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet positions tiles and markers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(deps.config.tileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Beach Portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Request ids, health checks and (METRICS=on) Prometheus metrics (decision 0037).
  await app.register(observabilityPlugin, { config: deps.config, database: deps.database });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  // Staff answers (and anything else under /api that did not choose its own caching, such as a login's
  // token) are never stored by a browser or a proxy. Public reads set their own Cache-Control with ETags.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Compression and lean headers for what is sent (decision 0020).
  await app.register(wirePlugin);

  // PostgreSQL cannot store a NUL character in text: refuse it in any field, before validation runs a query.
  app.addHook('preValidation', async (request) => {
    const field = nulField({ params: request.params, querystring: request.query, body: request.body });
    if (field) throw invalidFields([{ field, message: 'Text must not contain a NUL character.' }]);
  });

  await app.register(authPlugin, { db: deps.database.db, tokens: deps.tokens });
  await app.register(
    async (api) => {
      await api.register(authRoutes, deps);
      await api.register(userRoutes, deps);
      await api.register(publicSiteRoutes, deps);
      await api.register(publicConfigRoutes, deps);
      await api.register(organizationRoutes, deps);
      await api.register(programRoutes, deps);
      await api.register(localHealthAuthorityRoutes, deps);
      await api.register(placeRoutes, deps);
      await api.register(seasonRoutes, deps);
      await api.register(setupRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(downloadRoutes, deps);
      await api.register(aircraftRoutes, deps);
      await api.register(resultRoutes, deps);
      await api.register(importMappingRoutes, deps);
      await api.register(verificationRoutes, deps);
      await api.register(beachStatusRoutes, deps);
      await api.register(geomeanRoutes, deps);
      await api.register(accidentReportRoutes, deps);
      await api.register(incidentRoutes, deps);
      await api.register(beachRoutes, deps);
      await api.register(beachProfileRoutes, deps);
      await api.register(linkRoutes, deps);
      await api.register(reportRoutes, deps);
      await api.register(dailyFlightRoutes, deps);
      await api.register(photoRoutes, deps);
      await api.register(faqRoutes, deps);
      await api.register(newsRoutes, deps);
      await api.register(sanitarySurveyRoutes, deps);
      await api.register(sourceTrackdownRoutes, deps);
      await api.register(websiteSwitchRoutes, deps);
      await api.register(beachOrderingRoutes, deps);
      await api.register(gisServiceRoutes, deps);
      await api.register(epaReportRoutes, deps);
      await api.register(databaseExportRoutes, deps);
      await api.register(beachNotificationXmlRoutes, deps);
      await api.register(wqxExportRoutes, deps);
      await api.register(nowcastRoutes, deps);
      await api.register(alertRoutes, deps);
      // The open data API (decision 0045): its own scope, so its CORS and rate limit stay on /api/public/v1.
      await api.register(async (v1) => v1.register(openDataRoutes, deps), { prefix: '/public/v1' });
    },
    { prefix: '/api' },
  );

  // The embeddable status for town websites (decision 0062): HTML pages outside /api, framed by any site.
  await app.register(embedRoutes, deps);

  const web = options.web
    ? await registerWeb(app, options.web.root, { tileUrl: deps.config.tileUrl, cache: publicReadCache(deps), renderer: options.web.renderer, renderWaitMs: options.web.renderWaitMs })
    : options.serveWeb
      ? await registerWeb(app, deps.config.webDist ?? defaultWebDist, { tileUrl: deps.config.tileUrl, cache: publicReadCache(deps), renderWaitMs: deps.config.pageRenderWaitMs })
      : null;
  app.setNotFoundHandler(notFoundHandler(web));
  return app;
}

/**
 * The path of the first string holding a NUL character (U+0000) in a parsed request part, or null. Walks
 * with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function nulField(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path || '.';
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item as Record<string, unknown>)) stack.push([inner, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/**
 * TRUST_PROXY in the form Fastify takes. Fastify 5 ignores a bare hop count (it trusts nothing then), so
 * a count becomes the function proxy-addr applies for one: trust the nearest `hops` peers, whatever their
 * address (safe only when clients cannot reach the api except through those proxies).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The tile host for the CSP, with a {s} subdomain template turned into a wildcard. */
export function tileOrigin(template: string): string {
  const match = /^(https?):\/\/([^/]+)/.exec(template);
  if (!match) return "'self'";
  return `${match[1]}://${match[2]!.replace(/\{s\}/g, '*')}`;
}
