import { addDays } from '@beach/domain';
import type { DbOrTx } from '../../../../db/client';
import { applyRulesAndRecord, type RuleResult } from '../../../verification/rule-effects';
import type * as ref from '../../repository/reference';
import type { ResolvedRow } from '../csv-rows';
import type { ImportProgress } from './types';

/**
 * The last stage, when the admin asks for it (replay rules): the programs' rules over the new results in
 * sample order, without e-mails, each change effective the day after its sample; primaries that had no
 * status start Open. Returns how many status changes the rules made.
 */

/** A station that names no primary (an unlinked bracket) has nothing its results could change. */
const isUnlinkedBracket = (s: ref.StationRecord) => s.station_type === 'BRACKET' && s.primary_station_id === s.beach_station_id;

export async function replayRules(
  tx: DbOrTx,
  programs: readonly ref.ProgramRecord[],
  inserted: readonly { id: number; row: ResolvedRow }[],
  options: { openStatusId: number; now: Date; timeZone: string },
  onProgress: ((progress: ImportProgress) => void) | undefined,
  pause: () => Promise<void>,
): Promise<number> {
  let statusChanges = 0;
  let replayed = 0;
  for (const program of programs) {
    const results: RuleResult[] = inserted
      .filter(({ row }) => row.station!.program_id === program.program_id && !isUnlinkedBracket(row.station!))
      .map(({ id, row }) => ({
        result_id: id,
        beach_station_id: row.station!.beach_station_id,
        primary_station_id: row.station!.primary_station_id,
        station_name: row.station!.station_name,
        sample_date: row.sampleDate!,
        sample_time_hh: row.sampleTimeHh,
        sample_time_mm: row.sampleTimeMm,
        value: row.value,
        remark_code_id: row.remark?.remark_code_id ?? null,
        remark_code: row.remark?.code ?? null,
        result_unit_id: row.unit!.result_unit_id,
        unit_name: row.unit!.name,
        parameter_code: row.parameter!.code,
        parameter_name: row.parameter!.name,
      }));
    if (results.length === 0) continue;
    onProgress?.({ phase: 'rules', done: replayed, total: inserted.length });
    const outcome = await applyRulesAndRecord(tx, {
      programId: program.program_id,
      results,
      actorId: null,
      actorName: null,
      now: options.now,
      // As the demo data has it: results come back and are verified the day after sampling.
      effectiveDate: (r) => addDays(r.sample_date, 1),
      mailer: null,
      publicUrl: '',
      // Primaries of the program that had no status yet (created before this import) start Open too.
      startMissingAt: { statusId: options.openStatusId, effectiveDate: (first) => first.sample_date },
      // The rebuilt history is the past: each status holds since its change took effect, not since the import.
      statusSinceTimeZone: options.timeZone,
      timeZone: options.timeZone,
    });
    statusChanges += outcome.changes.length;
    replayed += results.length;
    await pause();
  }
  onProgress?.({ phase: 'rules', done: inserted.length, total: inserted.length });
  return statusChanges;
}
