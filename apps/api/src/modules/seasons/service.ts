import { localDate, seasonInYear, seasonProblems, SEASON_CODES, type SeasonSave } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { conflict, invalidFields, notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * A program's swim seasons (issue 25, decision 0051). The public map reads them on every status it shows
 * (out of season: Not Monitored), so each write clears the public caches: a change is live at once.
 */

export const programToday = (deps: AppDeps) => localDate(new Date(), deps.config.programTimeZone);

export async function listSeasons(deps: AppDeps, programId: number) {
  if (!(await repo.programExists(deps.database.db, programId))) throw notFound('Program');
  return repo.listSeasons(deps.database.db, programId);
}

function assertValid(year: number, input: SeasonSave) {
  const problems = seasonProblems({ year, preseasonStart: input.preseason_start, startDate: input.start_date, endDate: input.end_date });
  if (problems.length) throw invalidFields(problems);
}

/** Creates or replaces one year's season (validated: pre-season <= start <= end, start in that year). */
export async function saveSeason(deps: AppDeps, userId: number, programId: number, year: number, input: SeasonSave) {
  assertValid(year, input);
  const created = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.programExists(tx, programId))) throw notFound('Program');
    const before = await repo.findSeason(tx, programId, year);
    await repo.upsertSeason(tx, programId, year, input);
    const after = await repo.findSeason(tx, programId, year);
    await writeAudit(tx, { userId, action: before ? 'UPDATE' : 'CREATE', tableName: 'program_seasons', recordId: `${programId}/${year}`, programId, before: before ?? undefined, after });
    return !before;
  });
  publicReadCache(deps).invalidate();
  return { created, season: (await repo.findSeason(deps.database.db, programId, year))! };
}

/** The next year's season from this one's dates, on the same weekdays (seasonInYear); 409 if it exists. */
export async function copySeasonToNextYear(deps: AppDeps, userId: number, programId: number, year: number) {
  const next = await deps.database.db.transaction(async (tx) => {
    const source = await repo.findSeason(tx, programId, year);
    if (!source) throw notFound('Season');
    if (await repo.findSeason(tx, programId, year + 1)) {
      throw conflict(`The program already has a ${year + 1} season: edit it instead.`, SEASON_CODES.SEASON_EXISTS);
    }
    const dates = seasonInYear({ preseasonStart: source.preseason_start, startDate: source.start_date, endDate: source.end_date }, year + 1);
    const input = { preseason_start: dates.preseasonStart, start_date: dates.startDate, end_date: dates.endDate };
    await repo.upsertSeason(tx, programId, year + 1, input);
    const after = await repo.findSeason(tx, programId, year + 1);
    await writeAudit(tx, { userId, action: 'CREATE', tableName: 'program_seasons', recordId: `${programId}/${year + 1}`, programId, after: { ...after, copied_from: year } });
    return after!;
  });
  publicReadCache(deps).invalidate();
  return next;
}

export async function deleteSeason(deps: AppDeps, userId: number, programId: number, year: number) {
  await deps.database.db.transaction(async (tx) => {
    const before = await repo.findSeason(tx, programId, year);
    if (!before) throw notFound('Season');
    await repo.deleteSeason(tx, programId, year);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: 'program_seasons', recordId: `${programId}/${year}`, programId, before });
  });
  publicReadCache(deps).invalidate();
}
