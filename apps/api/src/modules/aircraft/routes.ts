import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { HttpError, errorEnvelope, ok } from '../../lib/http';
import { publicReadCache, replyPublicJson } from '../../lib/public-cache';
import { aircraftReadingSchema, envelope } from '@beach/domain';
import { AIRCRAFT_CODES } from './schemas';
import { createAircraftSource } from './service';
import { isSwitchOn } from '../website-switches/service';

/** Browsers may keep an answer a minute; this server asks the university at most every 5 minutes. */
const CACHE_CONTROL = 'public, max-age=60';

/** The aircraft chlorophyll and phycocyanin data (SPEC 1, 7), read from the university through this server. No login. */
export const aircraftRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const aircraftResponse = envelope(aircraftReadingSchema);
  const sources = {
    chlorophyll: createAircraftSource({ url: deps.config.aircraftChlorophyllUrl, log: app.log }),
    phycocyanin: createAircraftSource({ url: deps.config.aircraftPhycocyaninUrl, log: app.log }),
  };
  for (const [name, source] of Object.entries(sources)) {
    app.get(`/public/aircraft/${name}`, { schema: { tags: ['public'], response: { 200: aircraftResponse, 404: errorEnvelope } } }, (request, reply) => {
      replyPublicJson(
        publicReadCache(deps),
        request,
        reply,
        `aircraft:${name}`,
        aircraftResponse,
        async () => {
          // The AIRCRAFT_DATA switch (All Switches) turns the readings off here as well as on the page.
          if (!(await isSwitchOn(deps, 'AIRCRAFT_DATA'))) throw new HttpError(404, 'AIRCRAFT_DATA_OFF', 'Aircraft data is switched off.');
          const reading = await source.latest();
          return reading.available
            ? ok(AIRCRAFT_CODES.AIRCRAFT_DATA_FOUND, reading)
            : ok(AIRCRAFT_CODES.AIRCRAFT_DATA_UNAVAILABLE, reading, reading.message);
        },
        CACHE_CONTROL,
      );
    });
  }
};
