import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import type { TestContext } from './helpers';

/** Known facts of the 'test' scale demo data, read from the database so tests do not hard-code ids. */
export interface DemoFacts {
  program: Record<'OB' | 'BB' | 'LK' | 'RV', number>;
  status: Record<'OPEN' | 'ADVISORY' | 'CLOSED' | 'NOT_MONITORED', number>;
  parameter: Record<'ENTEROCOCCUS' | 'E_COLI', number>;
  unit: Record<'CFU_100ML' | 'MPN_100ML', number>;
  remark: Record<string, number>;
  org: Record<string, number>;
  user: Record<string, number>;
}

export async function demoFacts(ctx: TestContext): Promise<DemoFacts> {
  const rows = async (query: ReturnType<typeof sql>) => Object.fromEntries((await queryRows<{ k: string; v: number }>(ctx.database.db, query)).map((r) => [r.k, r.v]));
  return {
    program: (await rows(sql`select abbv as k, program_id as v from programs`)) as DemoFacts['program'],
    status: (await rows(sql`select code as k, beach_status_id as v from beach_statuses`)) as DemoFacts['status'],
    parameter: (await rows(sql`select code as k, parameter_id as v from parameters`)) as DemoFacts['parameter'],
    unit: (await rows(sql`select code as k, result_unit_id as v from result_units`)) as DemoFacts['unit'],
    remark: await rows(sql`select code as k, remark_code_id as v from remark_codes`),
    org: await rows(sql`select abbv as k, organization_id as v from organizations`),
    user: await rows(sql`select email as k, user_id as v from users`),
  };
}

export interface StationRow {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  station_type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  current_status_id: number | null;
  needs_resample: boolean;
  requires_sanitary_survey: boolean;
}

/** Stations of a program (by abbreviation), primaries first, in id order. */
export async function stationsOf(ctx: TestContext, abbv: string): Promise<StationRow[]> {
  return queryRows<StationRow>(
    ctx.database.db,
    sql`select s.beach_station_id, s.station_name, b.name as beach_name, s.station_type, s.primary_station_id, s.current_status_id,
               s.needs_resample, s.requires_sanitary_survey
        from beach_stations s join beaches b on b.beach_id = s.beach_id join programs p on p.program_id = b.program_id
        where p.abbv = ${abbv} order by s.station_type desc, s.beach_station_id`,
  );
}

export async function station(ctx: TestContext, id: number): Promise<StationRow> {
  const [row] = await queryRows<StationRow>(
    ctx.database.db,
    sql`select s.beach_station_id, s.station_name, b.name as beach_name, s.station_type, s.primary_station_id, s.current_status_id,
               s.needs_resample, s.requires_sanitary_survey
        from beach_stations s join beaches b on b.beach_id = s.beach_id where s.beach_station_id = ${id}`,
  );
  return row!;
}

/** Rows in each table: "nothing was written" is these numbers staying the same. */
export const WRITTEN_TABLES = [
  'results',
  'beach_status_history',
  'beach_stations',
  'mail_outbox',
  'audit_log',
  'geomean_surveys',
  'result_daily_counts',
  'beaches',
  'municipalities',
  'counties',
] as const;

export async function tableCounts(ctx: TestContext): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of WRITTEN_TABLES) {
    const [row] = await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = row!.n;
  }
  return out;
}

/** A digest of the rows that verification and status changes touch, to prove a failed call changed nothing. */
export async function stateDigest(ctx: TestContext): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    ctx.database.db,
    sql`select md5(
          coalesce((select string_agg(result_id || ':' || verification_state || ':' || coalesce(value::text, '') || ':' || beach_station_id, ',' order by result_id) from results), '') ||
          coalesce((select string_agg(beach_station_id || ':' || coalesce(current_status_id, 0) || ':' || needs_resample || ':' || requires_sanitary_survey, ',' order by beach_station_id) from beach_stations), '')
        ) as d`,
  );
  return row!.d;
}

/** Logs in once per account and remembers the token. */
export function tokenCache(ctx: () => TestContext) {
  const tokens = new Map<string, Promise<string>>();
  return (email: string) => {
    let token = tokens.get(email);
    if (!token) {
      token = ctx().login(email);
      tokens.set(email, token);
    }
    return token;
  };
}

export interface EntryRow {
  beach_station_id: number;
  value: number | null;
  sample_time_hh?: string;
  sample_time_mm?: string;
  remark_code_id?: number | null;
  result_id?: number | null;
  is_resample?: boolean;
  comments?: string;
}

/** Enters results through POST results/bulk (Enterococcus, CFU) and returns their ids. */
export async function enter(
  ctx: TestContext,
  token: string,
  facts: DemoFacts,
  body: { program: number; org: number; date: string; rows: EntryRow[]; unit?: number; parameter?: number },
): Promise<number[]> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/results/bulk',
    token,
    payload: {
      program_id: body.program,
      organization_id: body.org,
      sample_date: body.date,
      results: body.rows.map((r) => ({
        sample_time_hh: '09',
        sample_time_mm: '00',
        parameter_id: body.parameter ?? facts.parameter.ENTEROCOCCUS,
        result_unit_id: body.unit ?? facts.unit.CFU_100ML,
        ...r,
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.results.map((r: { result_id: number }) => r.result_id);
}

export async function verify(ctx: TestContext, token: string, ids: number[]) {
  const res = await ctx.call({ method: 'PUT', url: '/api/verify/', token, payload: { result_ids: ids } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as {
    verified: number;
    status_changes: {
      beach_station_id: number;
      from_status: { code: string } | null;
      to_status: { code: string };
      result_id: number;
      rule: { program_beach_logic_id: number; title: string } | null;
      emailed_to: string[];
      effective_date: string;
    }[];
    station_flags: { beach_station_id: number; needs_resample: boolean | null; requires_sanitary_survey: boolean | null }[];
  };
}

/** A lab file in the legacy download layout. */
export const LAYOUT_HEADER =
  'Program_Name,Station_Name,Beach_Name,Lat_DD,Lon_DD,Municipality,County_Name,Station_Type_Name,Location_Type_Name,Result_Date,Result_Time,Result_Measure,Result_Comments,Units_Name,Result_Type_Name,Remark_Code_Name';

export interface CsvLine {
  program?: string;
  station: string;
  beach: string;
  lat?: string;
  lon?: string;
  municipality?: string;
  county?: string;
  type?: string;
  location?: string;
  date: string;
  time?: string;
  measure: string;
  comments?: string;
  units?: string;
  parameter?: string;
  remark?: string;
}

const q = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export function layoutCsv(lines: CsvLine[], extraHeader = '', extra: (l: CsvLine) => string = () => ''): string {
  return [
    LAYOUT_HEADER + extraHeader,
    ...lines.map(
      (l) =>
        [
          l.program ?? 'Ocean Beaches',
          l.station,
          l.beach,
          l.lat ?? '40.1',
          l.lon ?? '-74.0',
          l.municipality ?? '',
          l.county ?? '',
          l.type ?? '',
          l.location ?? 'Ocean',
          l.date,
          l.time ?? '09:00',
          l.measure,
          l.comments ?? '',
          l.units ?? 'CFU/100mL',
          l.parameter ?? 'Enterococcus',
          l.remark ?? '',
        ]
          .map(q)
          .join(',') + extra(l),
    ),
  ].join('\n');
}

/** A multipart/form-data body with file parts (and plain fields), for inject(). */
export function multipart(files: { field?: string; name: string; content: string }[], fields: Record<string, string> = {}) {
  const boundary = `----beach${Math.random().toString(16).slice(2)}`;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const f of files) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: text/csv\r\n\r\n${f.content}\r\n`,
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Closes one station by hand, as a program's officer does (PUT beach/bulkStatus, no e-mail). */
export async function closeStation(ctx: TestContext, token: string, facts: DemoFacts, id: number, reason: string) {
  const res = await ctx.call({
    method: 'PUT',
    url: '/api/beach/bulkStatus',
    token,
    payload: { beach_station_ids: [id], beach_status_id: facts.status.CLOSED, reason, reason_code: 'SEWAGE', send_email: false },
  });
  expect(res.statusCode, res.body).toBe(200);
}
