/**
 * `npx tsx bench/open-data-walk.ts [base URL]`: what a full cursor walk of the open data API's results costs
 * against the plain Download Data CSV of the same rows (decision 0045), on a running server (default
 * http://127.0.0.1:3000; start it with a high OPEN_DATA_RATE_LIMIT so the walk is not refused).
 *
 * In the same run, for each of identity and brotli: the plain water quality download (one streamed file),
 * the walk of /api/public/v1/results.csv and of /api/public/v1/results (JSON) with limit=LIMIT (10000 unless
 * OPEN_DATA_BENCH_LIMIT is set) following the next links. Prints bytes on the wire, wall time, pages and rows,
 * and checks that both walks hold exactly the download's rows.
 */
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const limit = Number(process.env.OPEN_DATA_BENCH_LIMIT ?? 10_000);

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wireBytes: number;
  body: Buffer;
}

/** GET with the raw bytes counted as they arrive, then decoded for the checks. */
function get(path: string, coding: 'identity' | 'br'): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'accept-encoding': coding } }, (res) => {
      const chunks: Buffer[] = [];
      let wireBytes = 0;
      res.on('data', (chunk: Buffer) => {
        wireBytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () => {
        let body = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'br') body = brotliDecompressSync(body);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function walk(first: string, coding: 'identity' | 'br', json: boolean) {
  let url: string | null = first;
  let wire = 0;
  let pages = 0;
  let rows = 0;
  const lines: string[] = [];
  const started = performance.now();
  while (url) {
    const res = await get(url, coding);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    wire += res.wireBytes;
    pages++;
    if (json) {
      const page = JSON.parse(res.body.toString()) as { results: unknown[]; next: string | null };
      rows += page.results.length;
      url = page.next;
    } else {
      const text = res.body.toString();
      const data = text.slice(text.indexOf('\n') + 1);
      lines.push(data);
      rows += data.split('\n').length - 1;
      url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
  }
  return { ms: performance.now() - started, wire, pages, rows, csvData: lines.join('') };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

for (const coding of ['identity', 'br'] as const) {
  const started = performance.now();
  const download = await get('/api/public/data/download/waterQuality', coding);
  const downloadMs = performance.now() - started;
  if (download.status !== 200) throw new Error(`download: ${download.status}`);
  const text = download.body.toString();
  const fileData = text.slice(text.indexOf('\n') + 1);
  const fileRows = fileData.split('\n').length - 1;

  const csv = await walk(`/api/public/v1/results.csv?limit=${limit}`, coding, false);
  const json = await walk(`/api/public/v1/results?limit=${limit}`, coding, true);
  if (csv.csvData !== fileData) throw new Error('the CSV walk differs from the download');
  if (json.rows !== fileRows) throw new Error(`the JSON walk has ${json.rows} rows, the download ${fileRows}`);

  console.log(`\n${coding} (${fileRows} results, limit=${limit}):`);
  console.log(`  plain download      ${kb(download.wireBytes).padStart(11)}  ${downloadMs.toFixed(0).padStart(6)} ms  1 file`);
  console.log(`  cursor walk, CSV    ${kb(csv.wire).padStart(11)}  ${csv.ms.toFixed(0).padStart(6)} ms  ${csv.pages} pages, rows identical`);
  console.log(`  cursor walk, JSON   ${kb(json.wire).padStart(11)}  ${json.ms.toFixed(0).padStart(6)} ms  ${json.pages} pages, ${json.rows} rows`);
}
