import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config';
import type { AppDeps } from './deps';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { notFoundHandler, registerWeb } from './plugins/web';
import { wirePlugin } from './plugins/wire';
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
import { verificationRoutes } from './modules/verification/routes';
import { beachStatusRoutes } from './modules/beach-status/routes';
import { geomeanRoutes } from './modules/geomeans/routes';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  logger?: boolean | object;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

/** The whole application as a Fastify instance, without listening: tests drive it with inject(). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // X-Forwarded-For decides request.ip (and so the per-address login limit) only from trusted proxies.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  // Staff answers (and anything else under /api that did not choose its own caching, such as a login's
  // token) are never stored by a browser or a proxy. Public reads set their own Cache-Control with ETags.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Compression and lean headers for what is sent (decision 0020).
  await app.register(wirePlugin);

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
      await api.register(auditRoutes, deps);
      await api.register(downloadRoutes, deps);
      await api.register(aircraftRoutes, deps);
      await api.register(resultRoutes, deps);
      await api.register(verificationRoutes, deps);
      await api.register(beachStatusRoutes, deps);
      await api.register(geomeanRoutes, deps);
    },
    { prefix: '/api' },
  );

  const web = options.serveWeb ? await registerWeb(app, deps.config.webDist ?? defaultWebDist, { tileUrl: deps.config.tileUrl }) : null;
  app.setNotFoundHandler(notFoundHandler(web));
  return app;
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
