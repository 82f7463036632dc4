import { eq, sql, type SQL } from 'drizzle-orm';
import type { ReportRecord } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { reportsAndPublications } from '../../db/schema';
import { closeRankGap, nextRankSql } from '../ranking/repository';

/** A report's row with the names of what it is linked to; `upload_file` is added by the service. */
export type ReportRow = Omit<ReportRecord, 'upload_file'>;

const reportSelect = sql`select r.report_and_publication_id, r.title, r.description, r.date::text as date, r.url, r.is_publication,
       r.county_id, c.name as county, r.municipality_id, m.name as municipality, r.beach_station_id, st.station_name,
       r.program_id, p.abbv as program, r.file_id, r.type, r.name, r.rank
  from reports_and_publications r
  left join counties c on c.county_id = r.county_id
  left join municipalities m on m.municipality_id = r.municipality_id
  left join beach_stations st on st.beach_station_id = r.beach_station_id
  left join programs p on p.program_id = r.program_id`;

/** Every report in public order (rank, then newest). */
export function listReports(db: DbOrTx): Promise<ReportRow[]> {
  return queryRows<ReportRow>(db, sql`${reportSelect} order by r.rank, r.date desc, r.report_and_publication_id desc`);
}

export async function findReport(db: DbOrTx, id: number, lock = false): Promise<ReportRow | undefined> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`${reportSelect} where r.report_and_publication_id = ${id} ${lock ? sql`for update of r` : sql``}`,
  );
  return row;
}

export interface StationPlace {
  stationId: number;
  municipalityId: number;
  countyId: number;
}

export async function findStationPlace(db: DbOrTx, stationId: number): Promise<StationPlace | undefined> {
  const [row] = await queryRows<StationPlace>(
    db,
    sql`select st.beach_station_id as "stationId", b.municipality_id as "municipalityId", m.county_id as "countyId"
        from beach_stations st join beaches b on b.beach_id = st.beach_id join municipalities m on m.municipality_id = b.municipality_id
        where st.beach_station_id = ${stationId}`,
  );
  return row;
}

/**
 * A station's reports, as its public beach page has them: the station's own, then those of its municipality
 * (no station named), then of its county (no municipality named); each group in public order.
 */
export function listStationReports(db: DbOrTx, place: StationPlace): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    db,
    sql`${reportSelect}
        where r.beach_station_id = ${place.stationId}
           or (r.beach_station_id is null and r.municipality_id = ${place.municipalityId})
           or (r.beach_station_id is null and r.municipality_id is null and r.county_id = ${place.countyId})
        order by (r.beach_station_id is null), (r.municipality_id is null), r.rank, r.report_and_publication_id`,
  );
}

/** The columns a save writes. */
export interface ReportValues {
  title: string;
  description: string;
  date: string;
  url: string | null;
  isPublication: boolean;
  countyId: number | null;
  municipalityId: number | null;
  beachStationId: number | null;
  programId: number | null;
  fileId: number | null;
  type: string | null;
  name: string | null;
}

/** A new report at the end of the list (the caller holds the list's lock). */
export async function insertReport(db: DbOrTx, values: ReportValues): Promise<number> {
  const [row] = await db
    .insert(reportsAndPublications)
    .values({ ...values, rank: nextRankSql('reports') })
    .returning({ id: reportsAndPublications.reportAndPublicationId });
  return row!.id;
}

export async function updateReport(db: DbOrTx, id: number, values: ReportValues): Promise<void> {
  await db.update(reportsAndPublications).set(values).where(eq(reportsAndPublications.reportAndPublicationId, id));
}

/** Removes the report and closes the gap it leaves (the caller holds the list's lock). */
export async function deleteReport(db: DbOrTx, id: number, rank: number): Promise<void> {
  await db.delete(reportsAndPublications).where(eq(reportsAndPublications.reportAndPublicationId, id));
  await closeRankGap(db, 'reports', rank);
}

/** What the linked records are, for the checks that they exist and fit together. */
export interface LinkFacts {
  county: { county_id: number } | undefined;
  municipality: { municipality_id: number; county_id: number } | undefined;
  station: { beach_station_id: number; municipality_id: number; county_id: number; program_id: number } | undefined;
  program: { program_id: number } | undefined;
}

const first = async <T>(db: DbOrTx, query: SQL | null): Promise<T | undefined> => (query ? (await queryRows<T>(db, query))[0] : undefined);

export async function linkFacts(
  db: DbOrTx,
  ids: { countyId: number | null; municipalityId: number | null; stationId: number | null; programId: number | null },
): Promise<LinkFacts> {
  return {
    county: await first(db, ids.countyId === null ? null : sql`select county_id from counties where county_id = ${ids.countyId}`),
    municipality: await first(
      db,
      ids.municipalityId === null ? null : sql`select municipality_id, county_id from municipalities where municipality_id = ${ids.municipalityId}`,
    ),
    station: await first(
      db,
      ids.stationId === null
        ? null
        : sql`select st.beach_station_id, b.municipality_id, m.county_id, b.program_id
              from beach_stations st join beaches b on b.beach_id = st.beach_id join municipalities m on m.municipality_id = b.municipality_id
              where st.beach_station_id = ${ids.stationId}`,
    ),
    program: await first(db, ids.programId === null ? null : sql`select program_id from programs where program_id = ${ids.programId}`),
  };
}
