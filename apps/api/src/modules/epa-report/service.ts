import {
  buildEpaStatistics,
  isBeachActBeach,
  isCcmpBeach,
  localDate,
  type EpaReport,
  type EpaReportQuery,
  type EpaSampleGroup,
  type EpaStatusChange,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { invalidFields } from '../../lib/http';
import * as repo from './repository';

/**
 * GET /depit/epa/webReport (decisions 0030, 0053): per beach and in total, the beaches monitored, samples,
 * exceedances of the beach action value, advisories and closures with their swim-season days, the share of
 * beach-days under action and, apart, the pre-season action days, for the period and filters asked. The
 * counting is the domain's.
 */
export async function epaReport(deps: AppDeps, query: EpaReportQuery, now = new Date()): Promise<EpaReport> {
  const db = deps.database.db;
  const today = localDate(now, deps.config.programTimeZone);
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw invalidFields([{ field: 'from', message: 'The From date is after today: give a To date on or after it' }]);
  const through = to < today ? to : today;

  let programId: number | undefined;
  if (query.programCode !== undefined) {
    const program = await repo.findProgramByCode(db, query.programCode);
    if (!program) throw invalidFields([{ field: 'programCode', message: `No program has the code ${query.programCode}` }]);
    programId = program.program_id;
  }

  const stations = (await repo.listReportStations(db, { programId, county: query.county, munis: query.munis, beach: query.beach })).filter(
    (s) =>
      (!query.excludCCMP || !isCcmpBeach(s)) &&
      (!query.onlyBeachAct || isBeachActBeach({ category: s.category, epaBeachId: s.epa_beach_id })),
  );
  const ids = stations.map((s) => s.beach_station_id);
  const window = { from, through };
  const [groups, changes, seasons] = await Promise.all([
    repo.listSampleGroups(db, ids, window, query.includeBrackets),
    repo.listStatusChanges(db, ids, window),
    repo.listSeasons(db, [...new Set(stations.map((s) => s.program_id))], window),
  ]);
  const groupsOf = new Map<number, EpaSampleGroup[]>();
  for (const g of groups) groupsOf.set(g.station_id, [...(groupsOf.get(g.station_id) ?? []), g]);
  const historyOf = new Map<number, EpaStatusChange[]>();
  for (const c of changes) historyOf.set(c.station_id, [...(historyOf.get(c.station_id) ?? []), { effectiveDate: c.effective_date, status: c.status }]);

  const { rows, totals } = buildEpaStatistics(
    stations.map((s) => ({
      meta: {
        beach_station_id: s.beach_station_id,
        station_name: s.station_name,
        beach_name: s.beach_name,
        epa_beach_id: s.epa_beach_id,
        program_abbv: s.program_abbv,
        county: s.county,
        municipality: s.municipality,
        location_type: s.category,
        beach_action_value: s.beach_action_value,
      },
      active: s.active,
      samples: groupsOf.get(s.beach_station_id) ?? [],
      history: historyOf.get(s.beach_station_id) ?? [],
      seasons: seasons
        .filter((x) => x.program_id === s.program_id)
        .map((x) => ({ preseasonStart: x.preseason_start, startDate: x.start_date, endDate: x.end_date })),
    })),
    { period: { from, to: through }, excludeNaResults: query.excludeNaResults },
  );
  return { period: { from, to, through }, beaches: rows, totals };
}
