import { sql, type SQL } from 'drizzle-orm';
import { compareBeachStations, type BEACON_SOURCES, type BeachFilters, type StaffBeachListItem } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';

/** Stations of the given programs, optionally active ones only (the entry grids' filters). */
function stationScope(programIds: number[], activeOnly: boolean): SQL {
  const ids = sql.join(
    programIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`select b.program_id, m.county_id, b.municipality_id, b.local_health_authority_id
    from beach_stations bs join beaches b on b.beach_id = bs.beach_id join municipalities m on m.municipality_id = b.municipality_id
    where b.program_id in (${ids}) ${activeOnly ? sql`and bs.active` : sql``}`;
}

/** The filter snapshot (SPEC 3) of the stations of `programIds`. */
export async function loadStationFilters(db: DbOrTx, programIds: number[], activeOnly: boolean): Promise<BeachFilters> {
  if (programIds.length === 0) return { programs: [], counties: [], municipalities: [], lhas: [] };
  const places = stationScope(programIds, activeOnly);
  const programs = await queryRows<BeachFilters['programs'][number]>(
    db,
    sql`select p.program_id, p.name, p.abbv from programs p where p.program_id in (select program_id from (${places}) x) order by p.name`,
  );
  const counties = await queryRows<BeachFilters['counties'][number]>(
    db,
    sql`select c.county_id, c.name from counties c where c.county_id in (select county_id from (${places}) x) order by c.name`,
  );
  const municipalities = await queryRows<BeachFilters['municipalities'][number]>(
    db,
    sql`select m.municipality_id, m.county_id, m.name from municipalities m
        where m.municipality_id in (select municipality_id from (${places}) x) order by m.name, m.municipality_id`,
  );
  const lhas = await queryRows<BeachFilters['lhas'][number]>(
    db,
    sql`select l.local_health_authority_id, l.name from local_health_authorities l
        where l.local_health_authority_id in (select local_health_authority_id from (${places}) x) order by l.name`,
  );
  return { programs, counties, municipalities, lhas };
}

interface StationRow {
  beach_station_id: number;
  station_name: string;
  beach_id: number;
  beach_name: string;
  program_id: number;
  abbv: string;
  county_id: number;
  county_name: string;
  municipality_id: number;
  municipality_name: string;
  local_health_authority_id: number | null;
  lha_name: string | null;
  station_type: 'PRIMARY' | 'BRACKET';
  category: 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE';
  primary_id: number | null;
  primary_name: string | null;
  beach_status_id: number | null;
  status_code: string | null;
  status_name: string | null;
  status_color: string | null;
  status_since: string | null;
  active: boolean;
  public_visible: boolean;
  needs_resample: boolean;
  requires_sanitary_survey: boolean;
  open_surveys: number;
}

/**
 * Staff station list of `programIds` (or the one station `stationId`). A bracket shows its primary's status
 * (status lives on primaries); `since` is the program-local day the status was set.
 */
export async function listStations(db: DbOrTx, timeZone: string, where: { programIds?: number[]; stationId?: number }): Promise<StaffBeachListItem[]> {
  const conditions: SQL[] = [];
  if (where.programIds) {
    if (where.programIds.length === 0) return [];
    conditions.push(
      sql`b.program_id in (${sql.join(
        where.programIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (where.stationId !== undefined) conditions.push(sql`bs.beach_station_id = ${where.stationId}`);
  const rows = await queryRows<StationRow>(
    db,
    sql`select bs.beach_station_id, bs.station_name, b.beach_id, b.name as beach_name, b.program_id, p.abbv,
               m.county_id, c.name as county_name, b.municipality_id, m.name as municipality_name,
               b.local_health_authority_id, l.name as lha_name, bs.station_type, b.category,
               ps.beach_station_id as primary_id, ps.station_name as primary_name,
               st.beach_status_id, st.code as status_code, st.name as status_name, st.color as status_color,
               to_char(coalesce(ps.status_since, bs.status_since) at time zone ${timeZone}, 'YYYY-MM-DD') as status_since,
               bs.active, bs.public_visible, bs.needs_resample, bs.requires_sanitary_survey,
               (select count(*)::int from sanitary_surveys v where v.beach_station_id = bs.beach_station_id and v.status = 'OPEN') as open_surveys
          from beach_stations bs
          join beaches b on b.beach_id = bs.beach_id
          join programs p on p.program_id = b.program_id
          join municipalities m on m.municipality_id = b.municipality_id
          join counties c on c.county_id = m.county_id
          left join local_health_authorities l on l.local_health_authority_id = b.local_health_authority_id
          left join beach_stations ps on ps.beach_station_id = bs.primary_station_id
          left join beach_statuses st on st.beach_status_id = coalesce(ps.current_status_id, bs.current_status_id)
         where ${sql.join(conditions, sql` and `)}
         order by b.name, bs.station_name, bs.beach_station_id`,
  );
  // Natural order of beach and station names (the query's text order put "10th" before "9th").
  rows.sort((a, b) => compareBeachStations(a, b) || a.beach_station_id - b.beach_station_id);
  return rows.map((r) => ({
    beach_station_id: r.beach_station_id,
    station_name: r.station_name,
    beach_id: r.beach_id,
    beach_name: r.beach_name,
    program: { program_id: r.program_id, abbv: r.abbv },
    municipality: { county_id: r.county_id, municipality_id: r.municipality_id, name: r.municipality_name, county_name: r.county_name },
    local_health_authority: { local_health_authority_id: r.local_health_authority_id, name: r.lha_name },
    type: { code: r.station_type },
    category: { code: r.category },
    primary: r.primary_id === null ? null : { beach_station_id: r.primary_id, station_name: r.primary_name ?? '' },
    status:
      r.beach_status_id === null
        ? null
        : { beach_status_id: r.beach_status_id, code: r.status_code!, name: r.status_name!, color: r.status_color!, since: r.status_since },
    active: r.active,
    public_visible: r.public_visible,
    needs_resample: r.needs_resample,
    requires_sanitary_survey: r.requires_sanitary_survey,
    open_surveys: r.open_surveys,
  }));
}

export async function stationProgram(db: DbOrTx, stationId: number): Promise<{ program_id: number; active: boolean; public_visible: boolean } | undefined> {
  const [row] = await queryRows<{ program_id: number; active: boolean; public_visible: boolean }>(
    db,
    sql`select b.program_id, bs.active, bs.public_visible from beach_stations bs join beaches b on b.beach_id = bs.beach_id
         where bs.beach_station_id = ${stationId} for update of bs`,
  );
  return row;
}

export async function setStationFlag(db: DbOrTx, stationId: number, flag: 'active' | 'public_visible', value: boolean): Promise<void> {
  await db.execute(
    flag === 'active'
      ? sql`update beach_stations set active = ${value} where beach_station_id = ${stationId}`
      : sql`update beach_stations set public_visible = ${value} where beach_station_id = ${stationId}`,
  );
}

/** What the station dashboard adds to the list item (beach_station_id must exist). */
export async function loadDashboardExtras(db: DbOrTx, stationId: number, historyLimit: number) {
  const [place] = await queryRows<{
    latitude: number;
    longitude: number;
    description: string;
    water_body_name: string | null;
    epa_beach_id: string | null;
    epa_station_id: string | null;
    last_sample_date: string | null;
    status_station_id: number;
  }>(
    db,
    sql`select bs.latitude, bs.longitude, b.description, b.water_body_name, b.epa_beach_id, bs.epa_station_id,
               (select to_char(max(r.sample_date), 'YYYY-MM-DD') from results r where r.beach_station_id = bs.beach_station_id) as last_sample_date,
               coalesce(bs.primary_station_id, bs.beach_station_id) as status_station_id
          from beach_stations bs join beaches b on b.beach_id = bs.beach_id
         where bs.beach_station_id = ${stationId}`,
  );
  const history = await queryRows<{
    effective_date: string;
    code: string;
    name: string;
    color: string;
    source: string;
    reason: string;
    reason_code: string | null;
    beacon_source: (typeof BEACON_SOURCES)[number] | null;
  }>(
    db,
    sql`select to_char(h.effective_date, 'YYYY-MM-DD') as effective_date, st.code, st.name, st.color, h.source, h.reason, h.reason_code,
               h.beacon_source
          from beach_status_history h join beach_statuses st on st.beach_status_id = h.to_status_id
         where h.beach_station_id = ${place!.status_station_id}
         order by h.effective_date desc, h.changed_at desc, h.beach_status_history_id desc
         limit ${historyLimit}`,
  );
  return {
    latitude: Number(place!.latitude),
    longitude: Number(place!.longitude),
    description: place!.description,
    water_body_name: place!.water_body_name,
    epa_beach_id: place!.epa_beach_id,
    epa_station_id: place!.epa_station_id,
    last_sample_date: place!.last_sample_date,
    status_history: history.map((h) => ({
      effective_date: h.effective_date,
      status: { code: h.code, name: h.name, color: h.color },
      source: h.source,
      reason: h.reason,
      reason_code: h.reason_code,
      beacon_source: h.beacon_source,
    })),
  };
}
