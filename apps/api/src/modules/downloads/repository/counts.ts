import { sql, type SQL } from 'drizzle-orm';
import type { DownloadCounts, DownloadFilter } from '@beach/domain';
import { queryRowsPrepared, type DbOrTx } from '../../../db/client';
import { countPeriods, type CountPeriods } from '../count-periods';
import { countScope, type CountScope } from '../count-scope';
import { incidentInRange, STATION_PLACE_JOINS, stationConditions } from './filter-sql';

/**
 * Rows each download would hold for a filter, read in one statement. Water-quality rows come from the result
 * count tables, kept by triggers in the writers' transactions (decisions 0008, 0040): the date range is split
 * into whole years, whole months and the days at its ends (count-periods.ts). With no station chosen the
 * counts are the roll-ups of the filter's place (result_scope_counts: a few hundred rows whatever the number
 * of stations); with one station, or places that only intersect, the per-station counts of the stations the
 * downloads' own conditions select (filter-sql.ts). Incidents are counted from the incidents themselves.
 * On PostgreSQL the statement is a named prepared one, planned once per connection and shape (decision 0049).
 */
export async function countDownloadRows(db: DbOrTx, filter: DownloadFilter): Promise<DownloadCounts> {
  const periods = countPeriods(filter.startDate, filter.endDate);
  const scope = countScope(filter);
  const [row] = await queryRowsPrepared<{ water_quality: number | string | bigint; incident: number | string | bigint }>(
    db,
    sql`select
          (${scope ? scopeResultCount(scope, filter, periods) : stationResultCount(filter, periods)}) as water_quality,
          (select count(*) from incidents i
             join beach_stations bs on bs.beach_station_id = i.beach_station_id ${STATION_PLACE_JOINS}
            where ${stationConditions(filter)} and ${incidentInRange(filter)}) as incident`,
  );
  return { 'water-quality': Number(row?.water_quality ?? 0), incident: Number(row?.incident ?? 0) };
}

/** Sum of the scope's roll-ups over the periods, for the filter's station and location types. */
function scopeResultCount(scope: CountScope, filter: DownloadFilter, periods: CountPeriods): SQL {
  const where: SQL[] = [sql`c.scope = ${scope.scope}`, sql`c.scope_id = ${scope.id}`];
  if (filter.stationType !== 'BOTH') where.push(sql`c.station_type = ${filter.stationType}`);
  if (filter.locationType !== 'ALL') where.push(sql`c.category = ${filter.locationType}`);
  const rows = sql.join(where, sql` and `);
  const parts: SQL[] = [];
  if (periods.years) {
    const { from, to } = periods.years;
    parts.push(sql`select c.result_count from result_scope_counts c where ${rows} and c.grain = 'Y'
      ${from === null ? sql`` : sql`and c.period >= ${`${from}-01-01`}`} ${to === null ? sql`` : sql`and c.period <= ${`${to}-01-01`}`}`);
  }
  for (const { from, to } of periods.months) {
    parts.push(sql`select c.result_count from result_scope_counts c where ${rows} and c.grain = 'M' and c.period between ${from} and ${to}`);
  }
  for (const { from, to } of periods.days) {
    parts.push(sql`select c.result_count from result_scope_counts c where ${rows} and c.grain = 'D' and c.period between ${from} and ${to}`);
  }
  if (parts.length === 0) return sql`select 0`;
  const sum = sql`select coalesce(sum(result_count), 0) from (${sql.join(parts, sql` union all `)}) as periods`;
  // A municipality chosen with a county counts only when it lies in that county, as the stations' conditions say.
  if (scope.scope === 'MUNICIPALITY' && scope.withinCounty !== null) {
    return sql`select case when exists (select 1 from municipalities m where m.municipality_id = ${scope.id} and m.county_id = ${scope.withinCounty})
      then (${sum}) else 0 end`;
  }
  return sum;
}

/** Sum of the per-station count tables over the periods, for the stations the filter selects. */
function stationResultCount(filter: DownloadFilter, periods: CountPeriods): SQL {
  const parts: SQL[] = [];
  const inStations = (alias: SQL) => sql`${alias}.beach_station_id in (select bs.beach_station_id from beach_stations bs ${STATION_PLACE_JOINS} where ${stationConditions(filter)})`;
  if (periods.years) {
    const { from, to } = periods.years;
    parts.push(sql`select y.result_count from result_yearly_counts y where ${inStations(sql`y`)}
      ${from === null ? sql`` : sql`and y.year >= ${from}`} ${to === null ? sql`` : sql`and y.year <= ${to}`}`);
  }
  for (const { from, to } of periods.months) {
    parts.push(sql`select mo.result_count from result_monthly_counts mo where ${inStations(sql`mo`)} and mo.month between ${from} and ${to}`);
  }
  for (const { from, to } of periods.days) {
    parts.push(sql`select d.result_count from result_daily_counts d where ${inStations(sql`d`)} and d.sample_date between ${from} and ${to}`);
  }
  if (parts.length === 0) return sql`select 0`;
  return sql`select coalesce(sum(result_count), 0) from (${sql.join(parts, sql` union all `)}) as periods`;
}
