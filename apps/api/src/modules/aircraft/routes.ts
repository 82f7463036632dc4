import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { ok } from '../../lib/http';
import { AIRCRAFT_CODES, aircraftResponse } from './schemas';
import { createAircraftSource } from './service';

/** Browsers may keep an answer a minute; this server asks the university at most every 5 minutes. */
const CACHE_CONTROL = 'public, max-age=60';

/** The aircraft chlorophyll and phycocyanin data (SPEC 1, 7), read from the university through this server. No login. */
export const aircraftRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const sources = {
    chlorophyll: createAircraftSource({ url: deps.config.aircraftChlorophyllUrl, log: app.log }),
    phycocyanin: createAircraftSource({ url: deps.config.aircraftPhycocyaninUrl, log: app.log }),
  };
  for (const [name, source] of Object.entries(sources)) {
    app.get(`/public/aircraft/${name}`, { schema: { tags: ['public'], response: { 200: aircraftResponse } } }, async (_request, reply) => {
      const reading = await source.latest();
      reply.header('cache-control', CACHE_CONTROL);
      return reading.available
        ? ok(AIRCRAFT_CODES.AIRCRAFT_DATA_FOUND, reading)
        : ok(AIRCRAFT_CODES.AIRCRAFT_DATA_UNAVAILABLE, reading, reading.message);
    });
  }
};
