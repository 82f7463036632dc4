/**
 * The stress test's clients: public visitors (map, beach pages, counts on new filters, small downloads) and
 * staff who enter a day's results and verify them, each with think time, as people use the site. Every answer
 * is recorded per route (latency, status); staff writes carry an Idempotency-Key and are retried with the same
 * key after a network error or a 5xx, so a result is saved once however many tries it takes (the ledger then
 * says what must be in the database).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

export interface Sample {
  route: string;
  ms: number;
  status: number; // 0: no answer (connection refused or reset, timeout)
  at: number;
}

export class Recorder {
  readonly samples: Sample[] = [];
  record(route: string, began: number, status: number) {
    const now = performance.now();
    this.samples.push({ route, ms: now - began, status, at: Date.now() });
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });

export interface Answer {
  status: number;
  body: string;
}

/** One request on loopback; status 0 when no answer came (within 30 s). */
export function call(base: string, method: string, path: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: { 'accept-encoding': 'identity', ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const think = (minMs: number, maxMs: number) => sleep(minMs + Math.random() * (maxMs - minMs));

export interface PublicWorld {
  beachIds: number[];
  programIds: number[];
  countyIds: number[];
}

/** A visitor: the map, then now and then a beach page, the download panel's counts, or a small download. */
export async function publicVisitor(base: string, world: PublicWorld, recorder: Recorder, until: () => boolean) {
  const get = async (route: string, path: string) => {
    const began = performance.now();
    const answer = await call(base, 'GET', path);
    recorder.record(route, began, answer.status);
    return answer;
  };
  while (!until()) {
    await get('GET public/map/statuses', '/api/public/map/statuses');
    await think(500, 2_000);
    const roll = Math.random();
    if (roll < 0.5) {
      const id = pick(world.beachIds);
      await get('GET public/beaches/:id', `/api/public/beaches/${id}`);
      await get('GET public/beaches/:id/results', `/api/public/beaches/${id}/results`);
      await get('GET public/beaches/:id/geomeans', `/api/public/beaches/${id}/geomeans`);
    } else if (roll < 0.85) {
      // A filter nobody asked for yet: a random window of days (no memo can answer it).
      const start = new Date(Date.UTC(2022, 0, 1) + Math.floor(Math.random() * 1_300) * 86_400_000);
      const end = new Date(start.getTime() + Math.floor(1 + Math.random() * 120) * 86_400_000);
      const filter = Math.random() < 0.5 ? `program=${pick(world.programIds)}` : `county=${pick(world.countyIds)}`;
      await get('GET public/data/counts', `/api/public/data/counts?${filter}&startDate=${day(start)}&endDate=${day(end)}`);
    } else {
      const id = pick(world.beachIds);
      await get('GET public/data/download/waterQuality', `/api/public/data/download/waterQuality?downloadType=water-quality&beachId=${id}&startDate=2025-01-01`);
    }
    await think(1_000, 3_000);
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export interface StaffWorld {
  samplerToken: string;
  verifierToken: string;
  programId: number;
  organizationId: number;
  stationIds: number[];
  parameterId: number;
  unitId: number;
  /** Days the staff may enter (past days, so no date rule refuses them). */
  days: string[];
}

/** What a staff member saved and verified: the database must hold exactly this afterwards. */
export interface LedgerEntry {
  resultId: number;
  stationId: number;
  sampleDate: string;
  time: string;
  value: number;
  verified: boolean;
}

/**
 * A write with an Idempotency-Key, retried with the same key (up to 8 tries, growing pauses) after no answer
 * or a 5xx; any other answer ends it. Each try is recorded.
 */
async function idempotentWrite(base: string, route: string, method: string, path: string, token: string, body: unknown, recorder: Recorder): Promise<Answer & { tries: number }> {
  const key = randomUUID();
  let answer: Answer = { status: 0, body: '' };
  for (let tries = 1; tries <= 8; tries++) {
    const began = performance.now();
    answer = await call(base, method, path, { headers: { authorization: `Bearer ${token}`, 'idempotency-key': key }, body });
    recorder.record(route, began, answer.status);
    if (answer.status !== 0 && answer.status < 500) return { ...answer, tries };
    // 0.25, 0.5, 1, 2, 4, 8, 8 s: about half a minute, as a person would press Save again after a restart.
    await sleep(250 * 2 ** Math.min(tries - 1, 5));
  }
  return { ...answer, tries: 8 };
}

export interface StaffOutcome {
  ledger: LedgerEntry[];
  /** Writes that ended without success after every retry (each is a lost write unless the database shows it whole). */
  failedWrites: { route: string; status: number; body: string }[];
  /** Saves whose answer never came: the database must hold each whole (all its rows) or not at all. */
  unansweredSaves: { tag: string; rows: number }[];
  retriedWrites: number;
}

/** Saves taken so far by every staff member: each gets a day and an afternoon time no other save has. */
let saves = 0;
const AFTERNOON = 11 * 60; // 13:00-23:59: the demo agency samples in the morning, so no save meets a seeded result

/** A staff member: enters two to four stations' results for a day, then verifies them, then pauses. */
export async function staffMember(base: string, world: StaffWorld, index: number, recorder: Recorder, until: () => boolean, outcome: StaffOutcome) {
  let serial = 0;
  while (!until()) {
    serial++;
    const slot = saves++;
    const minutes = 13 * 60 + (slot % AFTERNOON);
    const time = { hh: String(Math.floor(minutes / 60)).padStart(2, '0'), mm: String(minutes % 60).padStart(2, '0') };
    const sampleDate = world.days[Math.floor(slot / AFTERNOON) % world.days.length]!;
    const stations = [...new Set(Array.from({ length: 2 + Math.floor(Math.random() * 3) }, () => pick(world.stationIds)))];
    const rows = stations.map((id) => ({
      beach_station_id: id,
      sample_time_hh: time.hh,
      sample_time_mm: time.mm,
      parameter_id: world.parameterId,
      value: 1 + Math.floor(Math.random() * 400),
      result_unit_id: world.unitId,
      comments: `stress ${index}-${serial}`,
    }));
    const save = await idempotentWrite(
      base,
      'POST results/bulk',
      'POST',
      '/api/results/bulk',
      world.samplerToken,
      { program_id: world.programId, organization_id: world.organizationId, sample_date: sampleDate, results: rows },
      recorder,
    );
    if (save.tries > 1) outcome.retriedWrites++;
    if (save.status !== 200) {
      outcome.failedWrites.push({ route: 'POST results/bulk', status: save.status, body: save.body.slice(0, 300) });
      if (save.status === 0 || save.status >= 500) outcome.unansweredSaves.push({ tag: `stress ${index}-${serial}`, rows: rows.length });
      await think(1_000, 3_000);
      continue;
    }
    const saved = (JSON.parse(save.body) as { payload: { results: { result_id: number }[] } }).payload.results;
    const entries = rows.map((row, i) => ({
      resultId: saved[i]!.result_id,
      stationId: row.beach_station_id,
      sampleDate,
      time: `${time.hh}:${time.mm}`,
      value: row.value,
      verified: false,
    }));
    outcome.ledger.push(...entries);
    await think(500, 1_500);
    const verify = await idempotentWrite(base, 'PUT verify/', 'PUT', '/api/verify/', world.verifierToken, { result_ids: entries.map((e) => e.resultId) }, recorder);
    if (verify.tries > 1) outcome.retriedWrites++;
    if (verify.status === 200) for (const entry of entries) entry.verified = true;
    else outcome.failedWrites.push({ route: 'PUT verify/', status: verify.status, body: verify.body.slice(0, 300) });
    await think(1_000, 3_000);
  }
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { payload: { token: string } }).payload.token;
}

/** p50, p95, p99 and max of a list of milliseconds. */
export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? 0 };
}
