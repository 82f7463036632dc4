import { accessiblePrograms, BEACH_DASHBOARD_HISTORY, can, isProgramAccessible, portalAbilities, type BeachDashboardProfile, type BeachFilters, type BeachFiltersQuery, type StaffBeachListItem, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { forbidden } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * Beach Stations (SPEC 7 beach calls, decision 0022). The staff list, its filters and the active and
 * public-visibility flags belong to whoever holds MANAGE_BEACHES (category_beaches, SPEC 6) in the
 * station's program. Unknown station and program ids answer like foreign ones (403).
 */

const TABLE = 'beach_stations';
const refused = () => forbidden('You may not manage the beach stations of this program.', 'PROGRAM_PERMISSION_REQUIRED');

/** The Beach Stations screen in the program: the program is the caller's and MANAGE_BEACHES holds there (as the menu). */
export const managesBeaches = (profile: UserProfile, programId: number) => portalAbilities(profile, programId)['/portal/beaches'];

function managedProgramIds(profile: UserProfile): number[] {
  return accessiblePrograms(profile)
    .map((p) => p.program_id)
    .filter((id) => managesBeaches(profile, id));
}

/** GET beach/filters?program_id: filter lists of the stations the caller manages (of one program if named). */
export function stationFilters(deps: AppDeps, profile: UserProfile, query: BeachFiltersQuery): Promise<BeachFilters> {
  if (query.program_id !== undefined && !managesBeaches(profile, query.program_id)) throw refused();
  const ids = query.program_id !== undefined ? [query.program_id] : managedProgramIds(profile);
  return repo.loadStationFilters(deps.database.db, ids, false);
}

/** GET beach/filters/entry: filter lists of the active stations of every program where the caller enters results. */
export function entryFilters(deps: AppDeps, profile: UserProfile): Promise<BeachFilters> {
  const ids = accessiblePrograms(profile)
    .map((p) => p.program_id)
    .filter((id) => can(profile, id, 'DATA_EDITING', 'USER'));
  return repo.loadStationFilters(deps.database.db, ids, true);
}

/** GET beach/list/: every station of every program where the caller manages beaches. */
export function listAllStations(deps: AppDeps, profile: UserProfile): Promise<StaffBeachListItem[]> {
  return repo.listStations(deps.database.db, deps.config.programTimeZone, { programIds: managedProgramIds(profile) });
}

/** GET beach/list/program/{program_id}. */
export function listProgramStations(deps: AppDeps, profile: UserProfile, programId: number): Promise<StaffBeachListItem[]> {
  if (!managesBeaches(profile, programId)) throw refused();
  return repo.listStations(deps.database.db, deps.config.programTimeZone, { programIds: [programId] });
}

/**
 * PUT beach/{id}/active/{value} and beach/{id}/publicVisibility/{value}: one flag of one station, audited in
 * the same transaction. Setting the value it already has is a success that writes nothing.
 */
export async function setStationFlag(
  deps: AppDeps,
  profile: UserProfile,
  stationId: number,
  flag: 'active' | 'public_visible',
  value: boolean,
): Promise<StaffBeachListItem> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const station = await repo.stationProgram(tx, stationId);
    if (!station || !managesBeaches(profile, station.program_id)) throw refused();
    if (station[flag] !== value) {
      await repo.setStationFlag(tx, stationId, flag, value);
      await writeAudit(tx, {
        userId: profile.user_id,
        action: 'UPDATE',
        tableName: TABLE,
        recordId: stationId,
        programId: station.program_id,
        before: { [flag]: station[flag] },
        after: { [flag]: value },
      });
    }
    const [after] = await repo.listStations(tx, deps.config.programTimeZone, { stationId });
    return after!;
  });
  // The public map, lists and downloads must not keep serving a hidden station from their short memo.
  publicReadCache(deps).invalidate();
  return saved;
}

/**
 * GET beach/{id}/dashboard/profile: any staff member of the station's program reads it, like the station's
 * statistics and results (beach-status); unknown stations answer 403 like foreign ones.
 */
export async function stationDashboardProfile(deps: AppDeps, profile: UserProfile, stationId: number): Promise<BeachDashboardProfile> {
  const db = deps.database.db;
  const [station] = await repo.listStations(db, deps.config.programTimeZone, { stationId });
  if (!station || !isProgramAccessible(profile, station.program.program_id)) {
    throw forbidden('You do not have access to this station.', 'PROGRAM_ACCESS_REQUIRED');
  }
  return { station, ...(await repo.loadDashboardExtras(db, stationId, BEACH_DASHBOARD_HISTORY)) };
}
