import type { FastifyBaseLogger } from 'fastify';
import { readCappedText } from '../../lib/capped-body';
import { AIRCRAFT_UNAVAILABLE_MESSAGE, aircraftFeedSchema, type AircraftReading } from './schemas';

/**
 * Adapter for one of the university's latest-data endpoints (chlorophyll or phycocyanin). The public
 * site never calls the university itself: this server asks at most once per `ttlMs` (5 minutes), gives
 * up after `timeoutMs` (5 s), and answers a clear "unavailable" when the endpoint is down, slow, or
 * sends something that is not the documented format (docs/aircraft-data.md). A failure is remembered
 * for a shorter `failureTtlMs`, so a struggling endpoint is not hammered but recovery shows soon.
 */
export interface AircraftSourceOptions {
  url: string;
  timeoutMs?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  /** Largest body accepted, in bytes. */
  maxBytes?: number;
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface AircraftSource {
  latest(): Promise<AircraftReading>;
}

export const AIRCRAFT_DEFAULTS = {
  timeoutMs: 5_000,
  ttlMs: 5 * 60_000,
  failureTtlMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
} as const;

class UpstreamError extends Error {}

export function createAircraftSource(options: AircraftSourceOptions): AircraftSource {
  const { url, log } = options;
  const timeoutMs = options.timeoutMs ?? AIRCRAFT_DEFAULTS.timeoutMs;
  const ttlMs = options.ttlMs ?? AIRCRAFT_DEFAULTS.ttlMs;
  const failureTtlMs = options.failureTtlMs ?? AIRCRAFT_DEFAULTS.failureTtlMs;
  const maxBytes = options.maxBytes ?? AIRCRAFT_DEFAULTS.maxBytes;
  const now = options.now ?? Date.now;
  let cached: { expires: number; reading: Promise<AircraftReading> } | null = null;

  async function fetchReading(): Promise<AircraftReading> {
    const fetchedAt = new Date(now()).toISOString();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel();
        throw new UpstreamError(`answered HTTP ${response.status}`);
      }
      const text = await readCappedText(response, maxBytes, (reason) => new UpstreamError(reason));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new UpstreamError('sent something that is not JSON');
      }
      const parsed = aircraftFeedSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UpstreamError(`sent an unexpected document (${issue?.path.join('.') || 'root'}: ${issue?.message})`);
      }
      const feed = parsed.data;
      return {
        available: true,
        fetched_at: fetchedAt,
        flight_date: feed.flight_date,
        unit: feed.unit,
        points: feed.track.map((p) => ({ lat: p.lat, lon: p.lon, value: p.value, time: p.time })),
      };
    } catch (err) {
      const reason =
        err instanceof UpstreamError
          ? err.message
          : (err as Error).name === 'TimeoutError'
            ? `did not answer within ${timeoutMs} ms`
            : `could not be reached (${(err as Error).message})`;
      log?.warn({ url }, `Aircraft data endpoint ${reason}`);
      return { available: false, fetched_at: fetchedAt, flight_date: null, unit: null, points: [], message: AIRCRAFT_UNAVAILABLE_MESSAGE };
    }
  }

  return {
    latest() {
      const t = now();
      if (cached && cached.expires > t) return cached.reading;
      const entry = { expires: Number.POSITIVE_INFINITY, reading: fetchReading() };
      cached = entry;
      // Concurrent callers share the request in flight; its answer decides how long it is kept.
      void entry.reading.then((reading) => {
        entry.expires = now() + (reading.available ? ttlMs : failureTtlMs);
      });
      return entry.reading;
    },
  };
}
