/**
 * A small HTTP load generator: `connections` keep-alive connections, each sending its next request as
 * soon as the previous answer has been read, for a bounded time, on loopback only. It runs in a child
 * process (see runLoad) so it does not share the server's event loop.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  /** Absolute http://127.0.0.1 URLs; requests take them in turn. */
  urls: string[];
  connections: number;
  durationMs: number;
  /** Requests sent before measuring starts (connections opened, caches and JIT warm). */
  warmupMs: number;
  /** Extra request headers (e.g. If-None-Match). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Requests measured. */
  requests: number;
  /** Requests sent in all, warm-up included (how many of `urls` were taken). */
  sent: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mbPerSecond: number;
}

/** Runs the load in a child process and returns what it measured. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  for (const url of options.urls) {
    if (!url.startsWith('http://127.0.0.1:')) throw new Error(`Load is for loopback only, not ${url}`);
  }
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('message', (message) => {
      resolve(message as LoadResult);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(options);
  });
}

async function generate(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const start = Date.now();
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;

  const once = (url: string, recording: boolean) =>
    new Promise<void>((resolve) => {
      const t0 = process.hrtime.bigint();
      const req = http.get(url, { agent, headers: options.headers }, (res) => {
        res.on('data', (chunk: Buffer) => {
          if (recording) bytes += chunk.length;
        });
        res.on('end', () => {
          if (recording) {
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (res.statusCode !== 200 && res.statusCode !== 304) errors++;
          }
          resolve();
        });
      });
      req.on('error', () => {
        if (recording) errors++;
        resolve();
      });
    });

  const user = async () => {
    while (Date.now() < end) {
      const url = options.urls[next++ % options.urls.length]!;
      await once(url, Date.now() >= measureFrom);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, user));
  const seconds = (Date.now() - measureFrom) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    sent: next,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    mbPerSecond: bytes / seconds / 1e6,
  };
}

if (process.argv.includes('--child')) {
  process.once('message', (options) => {
    void generate(options as LoadOptions).then((result) => {
      process.send?.(result, () => process.exit(0));
    });
  });
}
