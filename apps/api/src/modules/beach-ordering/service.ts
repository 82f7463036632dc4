import { CODES, compareBeachStations, compareNames, organizationPrograms, type BeachOrdering, type BeachOrderingSave, type BeachOrderingStation, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';
import type { OrderingRow } from './repository';

/**
 * Beach Ordering (SPEC 7 Organizations): an organization admin orders the stations of one of the organization's
 * programs. The public reads order by program, then a primary's rank (its beach), then each primary's brackets by
 * theirs: the public list, the map's list view and a popup's brackets follow. Audited; the public cache is emptied.
 */

/**
 * Public order: primaries (and unlinked brackets) by rank, beach, station; each followed by its brackets by rank, name.
 * Names in natural order, as the public reads tie them (public-site/repository/statuses.ts).
 */
export function publicOrder(rows: OrderingRow[]): OrderingRow[] {
  const byName = (a: OrderingRow, b: OrderingRow) => a.rank - b.rank || compareBeachStations(a, b);
  const heads = rows.filter((r) => r.primary_station_id === null).sort(byName);
  const children = new Map<number, OrderingRow[]>();
  for (const r of rows) if (r.primary_station_id !== null) children.set(r.primary_station_id, [...(children.get(r.primary_station_id) ?? []), r]);
  return heads.flatMap((head) => [head, ...(children.get(head.beach_station_id) ?? []).sort((a, b) => a.rank - b.rank || compareNames(a.station_name, b.station_name))]);
}

function programsOf(caller: UserProfile) {
  return organizationPrograms(caller.organization)
    .map(({ program_id, name, abbv }) => ({ program_id, name, abbv }))
    .sort((a, b) => compareNames(a.name, b.name));
}

function requireOwnProgram(caller: UserProfile, programId: number): void {
  if (!organizationPrograms(caller.organization).some((p) => p.program_id === programId)) {
    throw forbidden('You do not have access to this program.', 'PROGRAM_ACCESS_REQUIRED');
  }
}

const strip = ({ rank: _rank, ...station }: OrderingRow): BeachOrderingStation => station;

export async function getBeachOrdering(deps: AppDeps, caller: UserProfile, programId?: number): Promise<BeachOrdering> {
  const programs = programsOf(caller);
  if (programId !== undefined) requireOwnProgram(caller, programId);
  const chosen = programId ?? programs[0]?.program_id ?? null;
  const stations = chosen === null ? [] : publicOrder(await repo.listProgramStations(deps.database.db, chosen)).map(strip);
  return { programs, program_id: chosen, stations };
}

export async function saveBeachOrdering(deps: AppDeps, caller: UserProfile, input: BeachOrderingSave): Promise<BeachOrdering> {
  requireOwnProgram(caller, input.program_id);
  const ids = input.beach_station_ids;
  if (new Set(ids).size !== ids.length) throw badRequest(CODES.VALIDATION_FAILED, 'Each station may be listed only once.');
  await deps.database.db.transaction(async (tx) => {
    const rows = await repo.listProgramStations(tx, input.program_id, true);
    const known = new Set(rows.map((r) => r.beach_station_id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw conflict("The program's stations have changed since the list was read. Reload the list and order it again.", 'BEACH_ORDERING_STALE');
    }
    const before = publicOrder(rows).map((r) => r.beach_station_id);
    await repo.setRanks(tx, ids);
    const after = publicOrder(await repo.listProgramStations(tx, input.program_id)).map((r) => r.beach_station_id);
    await writeAudit(tx, {
      userId: caller.user_id,
      action: 'UPDATE',
      tableName: 'beach_stations',
      recordId: `beachOrdering:${input.program_id}`,
      programId: input.program_id,
      before: { order: before },
      after: { order: after },
    });
  });
  publicReadCache(deps).invalidate();
  return getBeachOrdering(deps, caller, input.program_id);
}
