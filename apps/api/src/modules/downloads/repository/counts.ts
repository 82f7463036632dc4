import { sql, type SQL } from 'drizzle-orm';
import type { DownloadCounts, DownloadFilter } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../../db/client';
import { countPeriods, type CountPeriods } from '../count-periods';
import { incidentInRange, STATION_PLACE_JOINS, stationConditions } from './filter-sql';

/**
 * Rows each download would hold for a filter. Water-quality rows are read from the result count tables
 * (verified results per station and day, month and year, kept by triggers on results): the date range is
 * split into whole years, whole months and the days at its ends (count-periods.ts), so even a count over
 * every station and ten years reads one row per station and year, not millions of results. The station
 * conditions are the downloads' own (filter-sql.ts).
 */
export async function countDownloadRows(db: DbOrTx, filter: DownloadFilter): Promise<DownloadCounts> {
  const [row] = await queryRows<{ water_quality: number | string | bigint; incident: number | string | bigint }>(
    db,
    sql`with s as (select bs.beach_station_id from beach_stations bs ${STATION_PLACE_JOINS} where ${stationConditions(filter)})
        select
          (${verifiedResultCount(countPeriods(filter.startDate, filter.endDate))}) as water_quality,
          (select count(*) from incidents i
            where i.beach_station_id in (select beach_station_id from s)
              and ${incidentInRange(filter)}) as incident`,
  );
  return { 'water-quality': Number(row?.water_quality ?? 0), incident: Number(row?.incident ?? 0) };
}

/** Sum of the count tables over the periods, for the stations in `s`. */
function verifiedResultCount(periods: CountPeriods): SQL {
  const parts: SQL[] = [];
  const inStations = (alias: SQL) => sql`${alias}.beach_station_id in (select beach_station_id from s)`;
  if (periods.years) {
    const { from, to } = periods.years;
    parts.push(sql`select y.result_count from result_yearly_counts y where ${inStations(sql`y`)}
      ${from === null ? sql`` : sql`and y.year >= ${from}`} ${to === null ? sql`` : sql`and y.year <= ${to}`}`);
  }
  for (const { from, to } of periods.months) {
    parts.push(sql`select m.result_count from result_monthly_counts m where ${inStations(sql`m`)} and m.month between ${from} and ${to}`);
  }
  for (const { from, to } of periods.days) {
    parts.push(sql`select d.result_count from result_daily_counts d where ${inStations(sql`d`)} and d.sample_date between ${from} and ${to}`);
  }
  if (parts.length === 0) return sql`select 0`;
  return sql`select coalesce(sum(result_count), 0) from (${sql.join(parts, sql` union all `)}) as periods`;
}
