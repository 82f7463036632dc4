/**
 * The attack suite's part (stall), issue 27 item 3 (decision 0057): hostile CSV files uploaded over a socket
 * to every operation that reads one, while a prober in another process asks for /api/health/live every 20 ms.
 * A file of one 19 MB quoted field held the event loop for seconds (health 3.1 s late during one upload,
 * 6.5 s during two) before uploads were capped and read a slice at a time. The operations are found, not
 * named: those that answer 415 without a body and take a small lab file as text/csv. Only a stall of
 * seconds fails (STALL_LIMIT_MS): a loaded 2-core machine makes tens of milliseconds noise; the bench
 * (bench/upload-stall.ts) measures the p95.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { WATER_QUALITY_COLUMNS } from '@beach/domain';
import { internalsIn, type Finding } from './findings';
import type { Operation } from './openapi';
import type { RequestInput } from './values';

/** Health answered later than this while hostile files were uploaded is a stall. */
export const STALL_LIMIT_MS = 2_000;

/** About the 19 MB, under the 20 MB upload limit. */
const HOSTILE_CHARS = 19 * 1024 * 1024;
const PROBE_EVERY_MS = 20;

export interface Upload {
  label: string;
  contentType: string;
  body: Buffer;
}

/** The two files of the issue: one quoted field of the whole file (multipart) and one line of 19 MB (text/csv). */
export function hostileUploads(): Upload[] {
  const header = WATER_QUALITY_COLUMNS.join(',');
  const boundary = '----beachstall7f3a';
  const quoted = `${header}\r\nOcean Beaches,"${'a'.repeat(HOSTILE_CHARS)}"\r\n`;
  return [
    {
      label: 'one 19 MB quoted field (multipart)',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lab.csv"\r\nContent-Type: text/csv\r\n\r\n${quoted}\r\n--${boundary}--\r\n`),
    },
    { label: 'one 19 MB line (text/csv)', contentType: 'text/csv', body: Buffer.from(`${header}\r\n${'a,'.repeat(HOSTILE_CHARS / 2)}\r\n`) },
  ];
}

export interface Answer {
  status: number;
  body: string;
}

export interface StallFigures {
  /** Health answers' times in ms, from the first upload sent to the last answered. */
  latencies: number[];
  /** Health requests that failed or answered other than 200. */
  failures: number;
  /** Each upload's answer, in the order given. */
  answers: Answer[];
}

function send(port: number, path: string, headers: Record<string, string>, upload: Upload): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-type': upload.contentType, 'content-length': upload.body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(upload.body);
  });
}

/** Sends the uploads to `path` side by side and measures /api/health/live from another process until all are answered. */
export async function healthDuringUploads(port: number, path: string, headers: Record<string, string>, uploads: Upload[]): Promise<StallFigures> {
  const prober = fork(fileURLToPath(new URL('./health-prober.ts', import.meta.url)), [`http://127.0.0.1:${port}/api/health/live`, String(PROBE_EVERY_MS)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  try {
    const result = new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
      prober.on('message', (m: { ready?: boolean; latencies?: number[]; failures?: number }) => {
        if (m.latencies) resolve({ latencies: m.latencies, failures: m.failures ?? 0 });
      });
      prober.once('exit', (code) => reject(new Error(`the health prober exited with ${code} before it reported`)));
    });
    await new Promise<void>((resolve, reject) => {
      prober.on('message', (m: { ready?: boolean }) => m.ready && resolve());
      prober.once('exit', (code) => reject(new Error(`the health prober exited with ${code} before its first answer`)));
    });
    const answers = await Promise.all(uploads.map((u) => send(port, path, headers, u)));
    prober.send('stop');
    return { ...(await result), answers };
  } finally {
    if (prober.exitCode === null) prober.kill();
  }
}

/** An answer's envelope code, for the figures. */
const codeOf = (body: string) => /^\{"code":"([A-Z_]+)"/.exec(body)?.[1] ?? '';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? Number.NaN;

/** p50, p95 and max of the health answers, for the suite's output. */
export function describeLatencies(values: number[]): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  return `health p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))} over ${values.length} requests`;
}

export interface StallProbeOptions {
  operations: readonly Operation[];
  port: number;
  /** The admin's token (the admin reaches every upload). */
  token: string;
  /** A valid input for the operation as the admin, and its URL. */
  build(op: Operation): Promise<{ input: RequestInput; url: string }>;
  /** Sends through the suite (counted and checked by its ledger). */
  send(op: Operation, input: RequestInput, label: string): Promise<LightMyRequestResponse>;
  /** Counts requests sent here, over the socket, under the current class. */
  counted(n: number): void;
  add(finding: Finding): void;
}

/** A small lab file: an operation that takes it as text/csv reads CSV files. */
const SMALL_LAB_FILE = `${WATER_QUALITY_COLUMNS.join(',')}\r\nOcean Beaches,Station,Beach,,,,,,Ocean,06/02/2025,09:00,10,,CFU/100mL,Enterococcus,\r\n`;

/** The operations that read CSV files, each given the two hostile files side by side; one line of figures each. */
export async function stallProbes(o: StallProbeOptions): Promise<{ readers: string[]; lines: string[] }> {
  const readers: string[] = [];
  const lines: string[] = [];
  const uploads = hostileUploads();
  for (const op of o.operations.filter((x) => (x.method === 'POST' || x.method === 'PUT') && !x.body)) {
    const bare = await o.build(op);
    if ((await o.send(op, bare.input, 'no body')).statusCode !== 415) continue;
    const small = { ...bare.input, raw: { payload: SMALL_LAB_FILE, contentType: 'text/csv' } };
    if ((await o.send(op, small, 'a small lab file (text/csv)')).statusCode === 415) continue;
    readers.push(op.key);
    const { url } = await o.build(op);
    const figures = await healthDuringUploads(o.port, url, { authorization: `Bearer ${o.token}` }, uploads);
    o.counted(figures.latencies.length + figures.failures + uploads.length);
    const where = { operation: op.key, role: 'admin@example.org' };
    figures.answers.forEach((answer, i) => {
      const input = uploads[i]!.label;
      if (answer.status >= 500) o.add({ kind: '500', ...where, input, status: answer.status, detail: answer.body.slice(0, 200) });
      const leaked = internalsIn(answer.body);
      if (leaked) o.add({ kind: 'internals in body', ...where, input, status: answer.status, detail: leaked });
    });
    const late = Math.max(...figures.latencies);
    const answered = figures.answers.map((a) => `${a.status} ${codeOf(a.body)}`).join(' and ');
    if (late > STALL_LIMIT_MS || figures.failures > 0) {
      const detail = `${describeLatencies(figures.latencies)}, ${figures.failures} failed (uploads answered ${answered})`;
      o.add({ kind: 'stall', ...where, input: uploads.map((u) => u.label).join(' beside '), status: figures.answers[0]!.status, detail });
    }
    lines.push(`${op.key}: ${describeLatencies(figures.latencies)} while two hostile 19 MB files were uploaded (answered ${answered})`);
  }
  return { readers, lines };
}
