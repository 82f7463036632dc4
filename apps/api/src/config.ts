import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * How long a public page waits at most for its server render before it goes without one (the browser then renders
 * it; the render goes on into the cache for the next request): PAGE_RENDER_WAIT_MS, plugins/web.ts.
 */
export const DEFAULT_PAGE_RENDER_WAIT_MS = 1_000;

/** Configuration is read once at start-up from the environment (DESIGN section 9). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_READ_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Beach Portal <no-reply@beach-portal.invalid>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  AIRCRAFT_CHLOROPHYLL_URL: z.url().default('https://aircraft.example.edu/api/chlorophyll/latest'),
  AIRCRAFT_PHYCOCYANIN_URL: z.url().default('https://aircraft.example.edu/api/phycocyanin/latest'),
  /** The rainfall nowcast's feed (decision 0046): http(s) or file:; unset means no feed. */
  RAINFALL_URL: z.url({ protocol: /^(https?|file)$/, error: 'RAINFALL_URL must be an http:, https: or file: URL' }).optional(),
  /** Hosts a GIS service may name although they are not public (decision 0056): `name=address`, comma-separated. */
  GIS_ALLOW_HOSTS: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      const pins = parseGisAllowHosts(value);
      if (pins === null) {
        ctx.addIssue({ code: 'custom', message: 'GIS_ALLOW_HOSTS must be comma-separated name=address pairs, such as gis.agency.example=10.0.0.5' });
        return z.NEVER;
      }
      return pins;
    }),
  TZ_PROGRAM: z
    .string()
    .default('America/New_York')
    .refine(isTimeZone, 'TZ_PROGRAM must be an IANA time zone such as America/New_York'),
  DEMO_DATA: z.enum(['on', 'off', 'auto']).default('auto'),
  JOBS: z.enum(['inline', 'off']).default('inline'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  EXPORT_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  PAGE_RENDER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_PAGE_RENDER_WAIT_MS),
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS: z.enum(['on', 'off']).default('off'),
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  WEB_DIST: z.string().optional(),
  OPEN_DATA_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
  OPEN_DATA_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses or CIDR ranges',
        });
        return z.NEVER;
      }
      return trust;
    }),
});

/**
 * Which proxies may set the client address (X-Forwarded-For), in Fastify's trustProxy forms: false
 * (none: the address is the socket's), true (any: only behind a proxy that overwrites the header), a
 * number of hops, or the proxies' addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databaseReadUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  publicUrl: string;
  tileUrl: string;
  aircraftChlorophyllUrl: string;
  aircraftPhycocyaninUrl: string;
  /** The rainfall feed the nowcast's daily job reads (decision 0046); undefined: no feed, the screens say so. */
  rainfallUrl?: string;
  /** How long the feed may take and how large it may be. */
  rainfallFeedLimits: { timeoutMs: number; maxBytes: number };
  /**
   * GIS_ALLOW_HOSTS (decision 0056): the only way a GIS service reaches an address that is not public. A service
   * whose host is `name` is fetched from `address`, without DNS and without the public-address check. Empty by
   * default; tests pin their stand-ins, an agency its own ArcGIS server inside its network.
   */
  gisAllowHosts: GisHostPin[];
  programTimeZone: string;
  demoData: 'on' | 'off' | 'auto';
  /**
   * Where the job queue and mail delivery run (decision 0038): `inline` in this process (the one-process
   * install; the primary of `--workers N`), `off` when `npm run worker` runs them (api processes still queue).
   */
  jobs: 'inline' | 'off';
  /** How long a signalled process waits for in-flight requests (api) or running jobs (worker) before it exits anyway. */
  shutdownGraceSeconds: number;
  /** An export task with no progress for this long is taken over by the next try: its process died or hung. */
  exportStaleSeconds: number;
  /** How long a public page waits for its server render before it goes without one (the browser renders it). */
  pageRenderWaitMs: number;
  /** Where `npm run worker` answers its health checks and metrics (decision 0037), on HOST. */
  workerPort: number;
  logLevel: string;
  /** Prometheus metrics at /metrics (decision 0037): off by default; on, only for the bearer of metricsToken. */
  metrics: 'on' | 'off';
  metricsToken?: string;
  webDist?: string;
  trustProxy: TrustProxy;
  /** Requests each client address may make to /api/public/v1 per window, shared by every process (decision 0045). */
  openDataRateLimit: { limit: number; windowSeconds: number };
}

/** One GIS_ALLOW_HOSTS entry: a host name (lower case, no trailing dot) and the IP address it is fetched from. */
export interface GisHostPin {
  name: string;
  address: string;
}

export class ConfigError extends Error {}

/**
 * Parses the environment; throws ConfigError with every problem listed. A relative DATA_DIR (the default
 * ./data too) is taken from the directory npm was run in (INIT_CWD: `npm start` at the repository root
 * runs the api inside apps/api), else from the current directory.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(env.INIT_CWD || cwd, e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  if (e.METRICS === 'on' && !e.METRICS_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  METRICS_TOKEN: required when METRICS=on (the bearer token Prometheus sends to /metrics)');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? generatedSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    tileUrl: e.TILE_URL,
    aircraftChlorophyllUrl: e.AIRCRAFT_CHLOROPHYLL_URL,
    aircraftPhycocyaninUrl: e.AIRCRAFT_PHYCOCYANIN_URL,
    rainfallUrl: e.RAINFALL_URL,
    rainfallFeedLimits: { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 },
    gisAllowHosts: e.GIS_ALLOW_HOSTS,
    programTimeZone: e.TZ_PROGRAM,
    demoData: e.DEMO_DATA,
    jobs: e.JOBS,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    exportStaleSeconds: e.EXPORT_STALE_SECONDS,
    pageRenderWaitMs: e.PAGE_RENDER_WAIT_MS,
    workerPort: e.WORKER_PORT,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    openDataRateLimit: { limit: e.OPEN_DATA_RATE_LIMIT, windowSeconds: e.OPEN_DATA_RATE_WINDOW_SECONDS },
  };
}

/** A signing key generated once into DATA_DIR so tokens survive restarts of the one-machine setup. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Fastify takes it, or null when it is none of the accepted forms. */
function parseTrustProxy(value: string): TrustProxy | null {
  const lower = value.toLowerCase();
  if (lower === '' || lower === 'false') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim());
  return entries.every(isProxyEntry) ? entries : null;
}

/** An address, an address/prefix-length range, or one of proxy-addr's names for the private ranges. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // proxy-addr refuses /0: trusting every address is TRUST_PROXY=true.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** GIS_ALLOW_HOSTS as pins, or null when an entry is not `name=address` (a DNS name, an IP address). */
function parseGisAllowHosts(value: string): GisHostPin[] | null {
  if (value === '') return [];
  const pins: GisHostPin[] = [];
  for (const entry of value.split(',').map((s) => s.trim())) {
    const [name = '', address = '', ...rest] = entry.split('=').map((s) => s.trim());
    const host = name.toLowerCase().replace(/\.$/, '');
    if (rest.length || isIP(host) || !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host) || isIP(address) === 0) return null;
    pins.push({ name: host, address });
  }
  return pins;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
