import { sql } from 'drizzle-orm';
import { compareBeachStations, type BeachListItem, type FilterSnapshot, type PublicDataFilters } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { STATION_PLACE_JOINS } from './filter-sql';

/**
 * The filter snapshot: the programs, counties, municipalities and LHAs that have at least one publicly
 * visible station (choosing anything else could only ever count zero), and the beach list of publicly
 * visible, active stations.
 */
export async function loadPublicDataFilters(db: DbOrTx): Promise<PublicDataFilters> {
  // One round trip per list; run one after the other (PGlite serves one query at a time anyway).
  const places = sql`select b.program_id, m.county_id, b.municipality_id, b.local_health_authority_id
    from beach_stations bs ${STATION_PLACE_JOINS} where bs.public_visible`;
  const programs = await queryRows<FilterSnapshot['programs'][number]>(
    db,
    sql`select p.program_id, p.name, p.abbv from programs p
        where p.program_id in (select program_id from (${places}) x) order by p.name`,
  );
  const counties = await queryRows<FilterSnapshot['counties'][number]>(
    db,
    sql`select c.county_id, c.name from counties c
        where c.county_id in (select county_id from (${places}) x) order by c.name`,
  );
  const municipalities = await queryRows<FilterSnapshot['municipalities'][number]>(
    db,
    sql`select m.municipality_id, m.county_id, m.name from municipalities m
        where m.municipality_id in (select municipality_id from (${places}) x) order by m.name, m.municipality_id`,
  );
  const lhas = await queryRows<FilterSnapshot['lhas'][number]>(
    db,
    sql`select l.local_health_authority_id, l.name from local_health_authorities l
        where l.local_health_authority_id in (select local_health_authority_id from (${places}) x) order by l.name`,
  );
  const stations = await queryRows<{
    beach_station_id: number;
    station_name: string;
    beach_name: string;
    program_id: number;
    county_id: number;
    municipality_id: number;
    local_health_authority_id: number | null;
    station_type: BeachListItem['type']['code'];
    category: BeachListItem['category']['code'];
  }>(
    db,
    sql`select bs.beach_station_id, bs.station_name, b.name as beach_name, b.program_id, m.county_id,
               b.municipality_id, b.local_health_authority_id, bs.station_type, b.category
          from beach_stations bs ${STATION_PLACE_JOINS}
         where bs.public_visible and bs.active
         order by b.name, bs.station_name, bs.beach_station_id`,
  );
  // Natural order of beach and station names (stable: equal names keep the query's id order).
  stations.sort(compareBeachStations);
  return {
    filters: { programs, counties, municipalities, lhas },
    beachList: stations.map((s) => ({
      beach_station_id: s.beach_station_id,
      station_name: s.station_name,
      beach_name: s.beach_name,
      program: { program_id: s.program_id },
      municipality: { county_id: s.county_id, municipality_id: s.municipality_id },
      local_health_authority: { local_health_authority_id: s.local_health_authority_id },
      type: { code: s.station_type },
      category: { code: s.category },
    })),
  };
}
