import { sql } from 'drizzle-orm';
import type { BeachOrderingStation } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';

export interface OrderingRow extends BeachOrderingStation {
  rank: number;
}

/** Every station of the program with its rank (locked for update inside a write). */
export function listProgramStations(db: DbOrTx, programId: number, lock = false): Promise<OrderingRow[]> {
  return queryRows<OrderingRow>(
    db,
    sql`select s.beach_station_id, s.station_name, s.station_type, s.primary_station_id, b.name as beach_name,
               m.name as municipality, c.name as county, s.active, s.public_visible, s.rank
        from beach_stations s
        join beaches b on b.beach_id = s.beach_id
        join municipalities m on m.municipality_id = b.municipality_id
        join counties c on c.county_id = m.county_id
        where b.program_id = ${programId}
        order by s.beach_station_id
        ${lock ? sql`for update of s` : sql``}`,
  );
}

/** Ranks 1..n in the order of `stationIds`. */
export async function setRanks(db: DbOrTx, stationIds: number[]): Promise<void> {
  if (stationIds.length === 0) return;
  await db.execute(sql`
    update beach_stations s set rank = o.place::int
    from unnest(array[${sql.join(
      stationIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) with ordinality as o(id, place)
    where s.beach_station_id = o.id and s.rank is distinct from o.place::int`);
}
