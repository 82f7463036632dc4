import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rainfallFeedSchema, type RainfallFeed } from '@beach/domain';
import { readCappedText } from '../../lib/capped-body';

/**
 * Reads the rainfall feed (RAINFALL_URL; decision 0046): an http(s) URL asked with a timeout and a size cap,
 * or a file: URL (the demo's sample feed shipped in the repository). Anything other than the documented
 * document is refused whole, with a reason staff can read on the board.
 */
export const RAINFALL_FEED_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 } as const; // config.ts rainfallFeedLimits holds the same

export class RainfallFeedError extends Error {}

export interface ReadFeedOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

export async function readRainfallFeed(url: string, options: ReadFeedOptions = {}): Promise<RainfallFeed> {
  const timeoutMs = options.timeoutMs ?? RAINFALL_FEED_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? RAINFALL_FEED_LIMITS.maxBytes;
  let text: string;
  if (url.startsWith('file:')) {
    text = await readFile(url, maxBytes);
  } else if (/^https?:/i.test(url)) {
    text = await readHttp(url, timeoutMs, maxBytes);
  } else {
    throw new RainfallFeedError('The feed URL must be http:, https: or file:');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RainfallFeedError('The feed sent something that is not JSON');
  }
  const parsed = rainfallFeedSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RainfallFeedError(`The feed sent an unexpected document (${issue?.path.join('.') || 'root'}: ${issue?.message})`);
  }
  return parsed.data;
}

async function readFile(url: string, maxBytes: number): Promise<string> {
  let handle;
  try {
    handle = await open(fileURLToPath(url), 'r');
  } catch (err) {
    throw new RainfallFeedError(`The feed file could not be opened (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new RainfallFeedError(`The feed file has ${size} bytes, more than the ${maxBytes} accepted`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function readHttp(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RainfallFeedError(`The feed answered HTTP ${response.status}`);
    }
    return await readCappedText(response, maxBytes, (reason) => new RainfallFeedError(`The feed ${reason}`));
  } catch (err) {
    if (err instanceof RainfallFeedError) throw err;
    if (signal.aborted || (err as Error).name === 'TimeoutError') throw new RainfallFeedError(`The feed did not answer within ${timeoutMs} ms`);
    throw new RainfallFeedError(`The feed could not be reached (${(err as Error).message})`);
  }
}
