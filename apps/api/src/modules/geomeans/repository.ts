import { sql } from 'drizzle-orm';
import type { SavedGeomeanSurvey } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../results/repository/rows';
import { geomeanSurveys } from '../../db/schema';


export interface SampleRecord {
  result_id: number;
  beach_station_id: number;
  sample_date: string;
  value: number | null;
  remark_code: string | null;
}

/** Verified samples of the stations for one parameter in [from, to], oldest first. */
export async function listVerifiedSamples(
  db: DbOrTx,
  query: { stationIds: readonly number[]; parameterId: number; from: string; to: string },
): Promise<SampleRecord[]> {
  if (query.stationIds.length === 0) return [];
  return queryRows<SampleRecord>(
    db,
    sql`select r.result_id, r.beach_station_id, r.sample_date::text as sample_date, r.value, rc.code as remark_code
        from results r left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where r.beach_station_id = any(${intArray(query.stationIds)})
          and r.parameter_id = ${query.parameterId}
          and r.verification_state in ('VERIFIED','SECONDARY_VERIFIED')
          and r.sample_date between ${query.from} and ${query.to}
        order by r.sample_date, r.sample_time_hh, r.sample_time_mm, r.result_id`,
  );
}

const savedSurveySelect = sql`select g.geomean_survey_id, g.beach_station_id, s.station_name, b.name as beach_name,
    pa.code as parameter_code, pa.name as parameter_name, g.end_date::text as end_date, g.window_days, g.sample_count, g.geomean,
    g.threshold, g.pass, g.is_rolling, nullif(trim(u.first_name || ' ' || u.last_name), '') as created_by_name,
    to_char(g.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from geomean_surveys g
  join beach_stations s on s.beach_station_id = g.beach_station_id
  join beaches b on b.beach_id = s.beach_id
  join parameters pa on pa.parameter_id = g.parameter_id
  left join users u on u.user_id = g.created_by`;

/** Stored geomean surveys of a program or of one station, newest first. */
export async function listSavedSurveys(db: DbOrTx, query: { programId?: number; stationId?: number; limit: number }): Promise<SavedGeomeanSurvey[]> {
  return queryRows<SavedGeomeanSurvey>(
    db,
    sql`${savedSurveySelect} where ${query.programId !== undefined ? sql`b.program_id = ${query.programId}` : sql`g.beach_station_id = ${query.stationId!}`}
        order by g.end_date desc, g.geomean_survey_id desc
        limit ${query.limit}`,
  );
}

export interface NewSurvey {
  beachStationId: number;
  parameterId: number;
  endDate: string;
  windowDays: number;
  sampleCount: number;
  geomean: number | null;
  threshold: number;
  pass: boolean | null;
  isRolling: boolean;
  createdBy: number;
}

export async function insertSurvey(tx: DbOrTx, survey: NewSurvey): Promise<number> {
  const [row] = await tx.insert(geomeanSurveys).values(survey).returning({ id: geomeanSurveys.geomeanSurveyId });
  return row!.id;
}

export async function findSavedSurvey(db: DbOrTx, id: number): Promise<SavedGeomeanSurvey | null> {
  const [row] = await queryRows<SavedGeomeanSurvey>(
    db,
    sql`${savedSurveySelect} where g.geomean_survey_id = ${id}`,
  );
  return row ?? null;
}

/** The latest day with a verified sample at one of the program's stations, on or before `today`; null without one. */
export async function findLastSampledDay(db: DbOrTx, programId: number, today: string): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select max(r.sample_date)::text as day
          from results r
          join beach_stations s on s.beach_station_id = r.beach_station_id
          join beaches b on b.beach_id = s.beach_id
         where b.program_id = ${programId}
           and r.verification_state in ('VERIFIED','SECONDARY_VERIFIED')
           and r.sample_date <= ${today}`,
  );
  return row?.day ?? null;
}
