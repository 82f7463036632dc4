import { setupChecklist } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { programToday } from '../seasons/service';
import { setupCounts } from './repository';

/** The first-run checklist (issue 25) from the real data, for this year in the program time zone. */
export async function checklist(deps: AppDeps) {
  const year = Number(programToday(deps).slice(0, 4));
  return setupChecklist(await setupCounts(deps.database.db, year), year);
}
