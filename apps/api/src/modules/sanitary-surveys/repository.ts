import { sql } from 'drizzle-orm';
import { compareBeachStations, compareNames, type Survey, type SurveyFilters, type SurveyListQuery, type SurveySummary, type SurveyUpdate } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * Sanitary surveys and their repeating groups (birds and animals, outfalls, BEACON sources). A survey
 * belongs to a station; its program is the station's beach's.
 */

const summaryColumns = sql`
  v.sanitary_survey_id, b.program_id, v.beach_station_id, s.station_name, b.name as beach_name,
  v.incident_id, v.daily_incident_id, to_char(v.survey_date, 'YYYY-MM-DD') as survey_date,
  v.survey_time_hh, v.survey_time_mm, v.surveyor, v.status, v.is_legacy,
  coalesce((select array_agg(x.source_code order by x.source_code) from sanitary_survey_sources x
             where x.sanitary_survey_id = v.sanitary_survey_id), '{}'::text[]) as source_codes,
  s.requires_sanitary_survey,
  nullif(trim(concat(cu.first_name, ' ', cu.last_name)), '') as created_by,
  to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(v.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as completed_at`;

const detailColumns = sql`
  v.sky_condition, v.weather, v.rainfall_24h_in, v.rainfall_48h_in, v.rainfall_72h_in, v.tide,
  v.wind_speed_mph, v.wind_direction, v.wave_height_ft, v.water_temp_f, v.air_temp_f, v.turbidity,
  v.water_conditions, v.bather_load, v.debris_level, v.debris, v.algae_level, v.algae, v.odour,
  v.potential_sources, v.observations,
  nullif(trim(concat(pu.first_name, ' ', pu.last_name)), '') as completed_by,
  to_char(v.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

const from = sql`
  from sanitary_surveys v
  join beach_stations s on s.beach_station_id = v.beach_station_id
  join beaches b on b.beach_id = s.beach_id
  left join users cu on cu.user_id = v.created_by
  left join users pu on pu.user_id = v.completed_by`;

/** A program's surveys, newest first. */
export function listProgramSurveys(db: DbOrTx, programId: number, query: SurveyListQuery): Promise<SurveySummary[]> {
  return queryRows<SurveySummary>(
    db,
    sql`select ${summaryColumns} ${from}
        where b.program_id = ${programId}
        ${query.status === 'open' ? sql`and v.status = 'OPEN'` : query.status === 'completed' ? sql`and v.status = 'COMPLETED'` : sql``}
        ${query.beach_station_id ? sql`and v.beach_station_id = ${query.beach_station_id}` : sql``}
        ${query.source_code ? sql`and exists (select 1 from sanitary_survey_sources x where x.sanitary_survey_id = v.sanitary_survey_id and x.source_code = ${query.source_code})` : sql``}
        ${query.from ? sql`and v.survey_date >= ${query.from}::date` : sql``}
        ${query.to ? sql`and v.survey_date <= ${query.to}::date` : sql``}
        order by v.survey_date desc, v.sanitary_survey_id desc`,
  );
}

/** A station's surveys, newest first. */
export function listStationSurveys(db: DbOrTx, stationId: number): Promise<SurveySummary[]> {
  return queryRows<SurveySummary>(
    db,
    sql`select ${summaryColumns} ${from} where v.beach_station_id = ${stationId} order by v.survey_date desc, v.sanitary_survey_id desc`,
  );
}

export async function findSurvey(db: DbOrTx, id: number): Promise<Survey | null> {
  const [row] = await queryRows<Omit<Survey, 'animals' | 'outfalls' | 'sources' | 'photos'>>(
    db,
    sql`select ${summaryColumns}, ${detailColumns} ${from} where v.sanitary_survey_id = ${id}`,
  );
  if (!row) return null;
  const [animals, outfalls, sources, photos] = await Promise.all([
    queryRows<Survey['animals'][number]>(
      db,
      sql`select sanitary_survey_animal_id, kind, count, description from sanitary_survey_animals
          where sanitary_survey_id = ${id} order by sanitary_survey_animal_id`,
    ),
    queryRows<Survey['outfalls'][number]>(
      db,
      sql`select sanitary_survey_outfall_id, description, is_flowing from sanitary_survey_outfalls
          where sanitary_survey_id = ${id} order by sanitary_survey_outfall_id`,
    ),
    queryRows<Survey['sources'][number]>(
      db,
      sql`select x.source_code, bs.name as source_name, x.description from sanitary_survey_sources x
          join beacon_sources bs on bs.code = x.source_code
          where x.sanitary_survey_id = ${id} order by bs.name`,
    ),
    queryRows<Survey['photos'][number]>(
      db,
      sql`select p.sanitary_survey_photo_id, p.caption, f.original_name, f.width, f.height
          from sanitary_survey_photos p join uploaded_files f on f.file_id = p.file_id
          where p.sanitary_survey_id = ${id} order by p.sanitary_survey_photo_id`,
    ),
  ]);
  return { ...row, animals, outfalls, sources, photos };
}

export interface LockedSurvey {
  program_id: number;
  beach_station_id: number;
  status: 'OPEN' | 'COMPLETED';
  is_legacy: boolean;
}

/** Locks the survey for a change; its program, station and state, or null when there is no such survey. */
export async function lockSurvey(tx: DbOrTx, id: number): Promise<LockedSurvey | null> {
  const [row] = await queryRows<LockedSurvey>(
    tx,
    sql`select b.program_id, v.beach_station_id, v.status, v.is_legacy
        from sanitary_surveys v join beach_stations s on s.beach_station_id = v.beach_station_id join beaches b on b.beach_id = s.beach_id
        where v.sanitary_survey_id = ${id} for update of v`,
  );
  return row ?? null;
}

export interface SurveyIncident {
  incident_id: number;
  program_id: number;
  beach_station_id: number;
  state: string;
  start_date: string;
}

/** The incident a survey starts from, locked so two starts of the same day queue (null when unknown). */
export async function lockIncident(tx: DbOrTx, id: number): Promise<SurveyIncident | null> {
  const [row] = await queryRows<SurveyIncident>(
    tx,
    sql`select i.incident_id, b.program_id, i.beach_station_id, i.state, to_char(i.start_date, 'YYYY-MM-DD') as start_date
        from incidents i join beach_stations s on s.beach_station_id = i.beach_station_id join beaches b on b.beach_id = s.beach_id
        where i.incident_id = ${id} for update of i`,
  );
  return row ?? null;
}

/** A daily entry of an incident: its day (null when the entry is not the incident's). */
export async function dailyEntryDate(db: DbOrTx, incidentId: number, dailyId: number): Promise<string | null> {
  const [row] = await queryRows<{ entry_date: string }>(
    db,
    sql`select to_char(entry_date, 'YYYY-MM-DD') as entry_date from incident_daily_entries where daily_incident_id = ${dailyId} and incident_id = ${incidentId}`,
  );
  return row?.entry_date ?? null;
}

/** The incident's daily entry of a day, when that day is logged. */
export async function dailyEntryOn(db: DbOrTx, incidentId: number, date: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select daily_incident_id as id from incident_daily_entries where incident_id = ${incidentId} and entry_date = ${date}::date`,
  );
  return row?.id ?? null;
}

/** The incident's surveys of a day, oldest first. */
export async function surveysOfIncidentDay(db: DbOrTx, incidentId: number, date: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select sanitary_survey_id as id from sanitary_surveys where incident_id = ${incidentId} and survey_date = ${date}::date order by sanitary_survey_id`,
  );
  return rows.map((r) => r.id);
}

/** The station's program, or null when there is no such station. */
export async function stationProgram(db: DbOrTx, stationId: number): Promise<number | null> {
  const [row] = await queryRows<{ program_id: number }>(
    db,
    sql`select b.program_id from beach_stations s join beaches b on b.beach_id = s.beach_id where s.beach_station_id = ${stationId}`,
  );
  return row?.program_id ?? null;
}

export async function userName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string | null }>(db, sql`select nullif(trim(concat(first_name, ' ', last_name)), '') as name from users where user_id = ${userId}`);
  return row?.name ?? null;
}

/** A blank OPEN survey of an incident day (started from the incident); its id. */
export async function insertStartedSurvey(
  tx: DbOrTx,
  input: { stationId: number; incidentId: number; dailyIncidentId: number | null; date: string; surveyor: string; createdBy: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sanitary_surveys (beach_station_id, incident_id, daily_incident_id, survey_date, surveyor, status, created_by)
        values (${input.stationId}, ${input.incidentId}, ${input.dailyIncidentId}, ${input.date}::date, ${input.surveyor}, 'OPEN', ${input.createdBy})
        returning sanitary_survey_id as id`,
  );
  return row!.id;
}

/** A survey with its observations, OPEN; its id (the observations and lists are written by saveObservations). */
export async function insertSurvey(
  tx: DbOrTx,
  input: { stationId: number; incidentId: number | null; dailyIncidentId: number | null; date: string; createdBy: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sanitary_surveys (beach_station_id, incident_id, daily_incident_id, survey_date, status, created_by)
        values (${input.stationId}, ${input.incidentId}, ${input.dailyIncidentId}, ${input.date}::date, 'OPEN', ${input.createdBy})
        returning sanitary_survey_id as id`,
  );
  return row!.id;
}

/** Writes every observation of the survey; the lists sent replace those kept. */
export async function saveObservations(tx: DbOrTx, id: number, input: SurveyUpdate): Promise<void> {
  await tx.execute(
    sql`update sanitary_surveys set
          survey_date = ${input.survey_date}::date, survey_time_hh = ${input.survey_time_hh}, survey_time_mm = ${input.survey_time_mm},
          surveyor = ${input.surveyor}, sky_condition = ${input.sky_condition}, weather = ${input.weather},
          rainfall_24h_in = ${input.rainfall_24h_in}, rainfall_48h_in = ${input.rainfall_48h_in}, rainfall_72h_in = ${input.rainfall_72h_in},
          tide = ${input.tide}, wind_speed_mph = ${input.wind_speed_mph}, wind_direction = ${input.wind_direction},
          wave_height_ft = ${input.wave_height_ft}, water_temp_f = ${input.water_temp_f}, air_temp_f = ${input.air_temp_f},
          turbidity = ${input.turbidity}, water_conditions = ${input.water_conditions}, bather_load = ${input.bather_load},
          debris_level = ${input.debris_level}, debris = ${input.debris}, algae_level = ${input.algae_level}, algae = ${input.algae},
          odour = ${input.odour}, potential_sources = ${input.potential_sources}, observations = ${input.observations}, updated_at = now()
        where sanitary_survey_id = ${id}`,
  );
  await tx.execute(sql`delete from sanitary_survey_animals where sanitary_survey_id = ${id}`);
  await tx.execute(sql`delete from sanitary_survey_outfalls where sanitary_survey_id = ${id}`);
  await tx.execute(sql`delete from sanitary_survey_sources where sanitary_survey_id = ${id}`);
  for (const a of input.animals) {
    await tx.execute(
      sql`insert into sanitary_survey_animals (sanitary_survey_id, kind, count, description) values (${id}, ${a.kind}, ${a.count}, ${a.description})`,
    );
  }
  for (const o of input.outfalls) {
    await tx.execute(sql`insert into sanitary_survey_outfalls (sanitary_survey_id, description, is_flowing) values (${id}, ${o.description}, ${o.is_flowing})`);
  }
  for (const x of input.sources) {
    await tx.execute(
      sql`insert into sanitary_survey_sources (sanitary_survey_id, source_code, description) values (${id}, ${x.source_code}, ${x.description})`,
    );
  }
}

/**
 * Completes the survey and clears the requires-survey flag of its station and of the station's primary
 * (the flag lives on primaries; a survey at a bracket covers its beach).
 */
export async function completeSurvey(tx: DbOrTx, id: number, stationId: number, userId: number): Promise<void> {
  await tx.execute(sql`update sanitary_surveys set status = 'COMPLETED', completed_at = now(), completed_by = ${userId} where sanitary_survey_id = ${id}`);
  await tx.execute(
    sql`update beach_stations set requires_sanitary_survey = false
        where requires_sanitary_survey
          and beach_station_id in (select ${stationId}::int union select primary_station_id from beach_stations where beach_station_id = ${stationId} and primary_station_id is not null)`,
  );
}

export async function deleteSurvey(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`delete from sanitary_surveys where sanitary_survey_id = ${id}`);
}

export async function insertPhoto(tx: DbOrTx, id: number, fileId: number, caption: string): Promise<void> {
  await tx.execute(sql`insert into sanitary_survey_photos (sanitary_survey_id, file_id, caption) values (${id}, ${fileId}, ${caption})`);
  await tx.execute(sql`update sanitary_surveys set updated_at = now() where sanitary_survey_id = ${id}`);
}

export async function photoCount(db: DbOrTx, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sanitary_survey_photos where sanitary_survey_id = ${id}`);
  return row!.n;
}

/** Removes one photo of the survey; its file id, or null when the survey has no such photo. */
export async function deletePhoto(tx: DbOrTx, id: number, photoId: number): Promise<number | null> {
  const [row] = await queryRows<{ file_id: number }>(
    tx,
    sql`delete from sanitary_survey_photos where sanitary_survey_photo_id = ${photoId} and sanitary_survey_id = ${id} returning file_id`,
  );
  if (row) await tx.execute(sql`update sanitary_surveys set updated_at = now() where sanitary_survey_id = ${id}`);
  return row?.file_id ?? null;
}

/** The file id of one photo of the survey, or null. */
export async function photoFileId(db: DbOrTx, id: number, photoId: number): Promise<number | null> {
  const [row] = await queryRows<{ file_id: number }>(
    db,
    sql`select file_id from sanitary_survey_photos where sanitary_survey_photo_id = ${photoId} and sanitary_survey_id = ${id}`,
  );
  return row?.file_id ?? null;
}

/** The file ids of a survey's photos (removed with it). */
export async function photoFileIds(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select file_id as id from sanitary_survey_photos where sanitary_survey_id = ${id}`);
  return rows.map((r) => r.id);
}

export async function listSources(db: DbOrTx): Promise<SurveyFilters['sources']> {
  return queryRows<SurveyFilters['sources'][number]>(db, sql`select code, name from beacon_sources order by name`);
}

/** The program's active stations with their flag and open surveys. */
export async function listProgramStations(db: DbOrTx, programId: number): Promise<SurveyFilters['stations']> {
  const rows = await queryRows<SurveyFilters['stations'][number]>(
    db,
    sql`select s.beach_station_id, s.station_name, b.name as beach_name, s.station_type, s.requires_sanitary_survey,
               (select count(*)::int from sanitary_surveys v where v.beach_station_id = s.beach_station_id and v.status = 'OPEN') as open_surveys
        from beach_stations s join beaches b on b.beach_id = s.beach_id
        where b.program_id = ${programId} and s.active
        order by b.name, s.station_type desc, s.station_name`,
  );
  // Natural order of names; each beach's primary before its brackets.
  const primaryFirst = (r: SurveyFilters['stations'][number]) => (r.station_type === 'PRIMARY' ? 0 : 1);
  return rows.sort((a, b) => compareNames(a.beach_name, b.beach_name) || primaryFirst(a) - primaryFirst(b) || compareNames(a.station_name, b.station_name));
}

/** The program's open incidents and their logged days, with each day's surveys. */
export async function listOpenIncidents(db: DbOrTx, programId: number): Promise<SurveyFilters['incidents']> {
  const incidents = await queryRows<Omit<SurveyFilters['incidents'][number], 'days'>>(
    db,
    sql`select i.incident_id, i.beach_station_id, s.station_name, b.name as beach_name, to_char(i.start_date, 'YYYY-MM-DD') as start_date,
               cs.name as current_status_name
        from incidents i
        join beach_stations s on s.beach_station_id = i.beach_station_id
        join beaches b on b.beach_id = s.beach_id
        left join beach_stations ps on ps.beach_station_id = coalesce(s.primary_station_id, s.beach_station_id)
        left join beach_statuses cs on cs.beach_status_id = ps.current_status_id
        where b.program_id = ${programId} and i.state = 'OPEN'
        order by b.name, s.station_name, i.start_date desc, i.incident_id desc`,
  );
  if (!incidents.length) return [];
  // Natural order of names; a station's newest incident first (the query's order among equal names).
  incidents.sort(compareBeachStations);
  const days = await queryRows<SurveyFilters['incidents'][number]['days'][number] & { incident_id: number }>(
    db,
    sql`select d.incident_id, d.daily_incident_id, to_char(d.entry_date, 'YYYY-MM-DD') as entry_date, st.name as beach_status_name,
               coalesce((select array_agg(v.sanitary_survey_id order by v.sanitary_survey_id) from sanitary_surveys v
                          where v.incident_id = d.incident_id and v.survey_date = d.entry_date), '{}'::int[]) as survey_ids
        from incident_daily_entries d
        join incidents i on i.incident_id = d.incident_id
        join beach_stations s on s.beach_station_id = i.beach_station_id
        join beaches b on b.beach_id = s.beach_id
        left join beach_statuses st on st.beach_status_id = d.beach_status_id
        where b.program_id = ${programId} and i.state = 'OPEN'
        order by d.entry_date desc`,
  );
  const byIncident = new Map<number, SurveyFilters['incidents'][number]['days']>();
  for (const { incident_id, ...day } of days) {
    if (!byIncident.has(incident_id)) byIncident.set(incident_id, []);
    byIncident.get(incident_id)!.push(day);
  }
  return incidents.map((i) => ({ ...i, days: byIncident.get(i.incident_id) ?? [] }));
}
