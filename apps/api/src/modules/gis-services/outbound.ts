import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { addressIssue, webAddressIssue } from '@beach/domain';
import type { GisHostPin } from '../../config';

/**
 * The one way the server fetches a stored web address (issue 27 item 4, decision 0056): a GET that reaches only
 * public internet addresses. Before each request (the first and every redirect) the address passes the save-time
 * rule again (a row may predate it or bypass it); a name is resolved here, every address it resolves to must be
 * public, and the connection goes to an address so checked (the socket's own lookup is this one, so a name
 * cannot resolve to a public address for the check and to 127.0.0.1 for the connection). Redirects are followed
 * by hand, each hop checked, at most MAX_REDIRECTS. GIS_ALLOW_HOSTS pins name this rule's only exceptions.
 *
 * Every failure is an OutboundFailure whose reason is for the server's log, never for the public.
 */
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class OutboundFailure extends Error {
  /** `refused`: the address is not one the server may reach; `failed`: the service did not answer usefully. */
  constructor(
    readonly kind: 'refused' | 'failed',
    reason: string,
  ) {
    super(reason);
    this.name = 'OutboundFailure';
  }
}

const refused = (reason: string) => new OutboundFailure('refused', reason);
const failed = (reason: string) => new OutboundFailure('failed', reason);

export interface OutboundAnswer {
  status: number;
  /** The media type, lower case, without parameters. */
  type: string;
  body: Buffer;
}

export interface OutboundGet {
  (url: string, options: { accept: string; maxBytes: number; timeoutMs: number }): Promise<OutboundAnswer>;
  /** Ends the kept-alive connections (the app's close). */
  close(): void;
}

/** A refusal the lookup hands the socket: kept apart from DNS errors by its class. */
class LookupRefused extends Error {}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.+$/, '');

/** Every address a name has (DNS by default; a test gives its own answers). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * The socket's lookup: the pinned address for a GIS_ALLOW_HOSTS name, else every address the name has, refused
 * when any of them is not public (a name with one private address among public ones could be answered either way).
 */
function guardedLookup(pins: ReadonlyMap<string, string>, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (addresses: LookupAddress[]) =>
      options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
    const pinned = pins.get(bareHost(hostname));
    if (pinned) return answer([{ address: pinned, family: isIP(pinned) }]);
    // RFC 6761: a .invalid name never resolves, and resolvers should say so at once (the attack suite's services).
    if (bareHost(hostname).endsWith('.invalid')) return callback(Object.assign(new Error(`${hostname} is a .invalid name`), { code: 'ENOTFOUND' }), '', 0);
    resolve(hostname).then(
      (addresses) => {
        for (const a of addresses) {
          const issue = addressIssue(a.address);
          if (issue) return callback(new LookupRefused(`${hostname} resolves to an address that is not public (${issue})`), '', 0);
        }
        const wanted = addresses.filter((a) => !options.family || a.family === options.family);
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        answer(wanted);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * The GIS proxy's GET (upstream.ts). `pinList` is read at each call (GIS_ALLOW_HOSTS, config.gisAllowHosts); one per
 * app, its connections kept alive (a kept connection was opened to a checked address).
 */
export function createOutboundGet(pinList: () => readonly GisHostPin[], resolve: Resolver = systemResolver): OutboundGet {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  /**
   * Throws unless `url` may be fetched: the stored-address rule again. It is the whole check for a literal address
   * (the socket looks nothing up for one); a name's addresses are the lookup's to check.
   */
  const check = (url: URL, pins: ReadonlyMap<string, string>) => {
    if (pins.has(bareHost(url.hostname)) && !url.username && !url.password && (url.protocol === 'http:' || url.protocol === 'https:')) return;
    const issue = webAddressIssue(url.href);
    if (issue) throw refused(issue);
  };

  const requestOnce = (url: URL, accept: string, signal: AbortSignal, lookup: LookupFunction) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'GET',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        lookup,
        signal,
        headers: { accept, 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'BeachPortal-GIS' },
      });
      req.on('response', resolve);
      req.on('error', (error) => {
        if (error instanceof LookupRefused) reject(refused(error.message));
        else if (error.name === 'AbortError' || signal.aborted) reject(failed('it did not answer in time'));
        else reject(failed(`it could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`));
      });
      req.end();
    });

  const get: OutboundGet = async (href, { accept, maxBytes, timeoutMs }) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const pins = new Map(pinList().map((p) => [p.name, p.address]));
    const lookup = guardedLookup(pins, resolve);
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw refused('it is not a web address');
    }
    for (let hop = 0; ; hop++) {
      check(url, pins);
      const res = await requestOnce(url, accept, signal, lookup);
      const status = res.statusCode ?? 0;
      // An answer read no further may still break off: that is no error of ours.
      res.on('error', () => undefined);
      if (REDIRECTS.has(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw failed(`it answered HTTP ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw failed(`it redirected more than ${MAX_REDIRECTS} times`);
        try {
          url = new URL(location, url);
        } catch {
          throw refused(`it redirected to ${location.slice(0, 200)}, not a web address`);
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw failed(`it answered HTTP ${status}`);
      }
      const declared = Number(res.headers['content-length'] ?? '0');
      if (declared > maxBytes) {
        res.destroy();
        throw failed('its answer is too large');
      }
      const body = await readBounded(res, maxBytes, signal);
      return { status, type: String(res.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase(), body };
    }
  };
  get.close = () => {
    agents.http.destroy();
    agents.https.destroy();
  };
  return get;
}

/** The body, decoded from its content coding, at most maxBytes once decoded (a small gzip can unpack to gigabytes). */
async function readBounded(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const coding = String(res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
    gzip: () => zlib.createGunzip(),
    'x-gzip': () => zlib.createGunzip(),
    deflate: () => zlib.createInflate(),
    br: () => zlib.createBrotliDecompress(),
  };
  let stream: Readable = res;
  if (coding !== 'identity' && coding !== '') {
    const decoder = decoders[coding];
    if (!decoder) {
      res.destroy();
      throw failed(`its answer is in an unknown coding (${coding.slice(0, 40)})`);
    }
    stream = pipeline(res, decoder(), () => undefined);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).byteLength;
      if (size > maxBytes) {
        stream.destroy();
        res.destroy();
        throw failed('its answer is too large');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof OutboundFailure) throw error;
    throw failed(signal.aborted ? 'it did not answer in time' : 'its answer broke off');
  }
  if (!res.complete) throw failed('its answer broke off');
  return Buffer.concat(chunks);
}
