import { autoCloseComments, incidentRuleOutcome, type IncidentStationBefore, type IncidentStatusChange } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import * as repo from './repository';

/**
 * Incidents opened by status changes (SPEC 4, DESIGN 4; decision 0026): every status write (rules at
 * verification, an import's replay, bulk status by hand) calls this in its own transaction, after locking
 * the primaries and before writing their history. A change into an advisory or closure opens an incident
 * (is_manual false, BEACON reason and source from the change) when the station has none open; an open one
 * the daily job would already have closed before the change is closed as it would have been
 * (packages/domain incidentRuleOutcome). Each opening and closing has its audit row, by the write's actor
 * (null for an import or the system).
 */

export interface RuleIncidentChange extends IncidentStatusChange {
  reasonCode: string | null;
  sourceCode: string | null;
  /** The history row's reason: the rule and result, or the staff member's words. */
  reason: string;
}

/**
 * Opens (and closes) the incidents the changes call for. Returns, per change, the incident it belongs to
 * (its history row names it, so the public beach page tells why), or null.
 */
export async function recordRuleIncidents(
  tx: DbOrTx,
  changes: readonly RuleIncidentChange[],
  options: { actorId: number | null; timeZone: string },
): Promise<(number | null)[]> {
  if (!changes.length) return [];
  const states = await repo.stationIncidentStates(tx, [...new Set(changes.map((c) => c.stationId))], options.timeZone);
  const byStation = new Map(states.map((s) => [s.beach_station_id, s]));
  const before = new Map<number, IncidentStationBefore>(
    states.map((s) => [
      s.beach_station_id,
      {
        status: { status_code: s.status_code, status_name: s.status_name, since: s.since },
        openIncident: s.open_incident_id === null ? null : { id: s.open_incident_id, startDate: s.open_start_date! },
        autoCloseDays: s.auto_close_days,
      },
    ]),
  );
  const outcome = incidentRuleOutcome(changes, before);

  for (const closing of outcome.autoClosed) {
    const locked = await repo.lockIncident(tx, closing.id);
    if (!locked || locked.state !== 'OPEN') continue;
    await repo.closeIncident(tx, closing.id, 'AUTO_CLOSED', closing.closeOn, autoCloseComments(closing.days));
    const after = await repo.findIncident(tx, closing.id);
    await writeAudit(tx, {
      userId: options.actorId,
      action: 'UPDATE',
      tableName: 'incidents',
      recordId: closing.id,
      programId: locked.program_id,
      before: { state: locked.state },
      after: { state: after!.state, end_date: after!.end_date, final_comments: after!.final_comments },
    });
  }

  const openedIds: number[] = [];
  for (const { change, closeOn, days } of outcome.opened) {
    const insert: repo.RuleIncidentInsert = {
      stationId: change.stationId,
      startDate: change.effectiveDate,
      reasonCode: change.reasonCode,
      sourceCode: change.sourceCode,
      comments: `Opened by the ${change.toStatusName} status: ${change.reason}`,
      createdBy: options.actorId,
      closed: closeOn === null ? null : { endDate: closeOn, finalComments: autoCloseComments(days) },
    };
    const id = await repo.insertRuleIncident(tx, insert);
    openedIds.push(id);
    // The row as inserted (an import's replay may open hundreds: no read back).
    await writeAudit(tx, {
      userId: options.actorId,
      action: 'CREATE',
      tableName: 'incidents',
      recordId: id,
      programId: byStation.get(change.stationId)?.program_id ?? null,
      after: {
        incident_id: id,
        beach_station_id: insert.stationId,
        start_date: insert.startDate,
        end_date: insert.closed?.endDate ?? null,
        state: insert.closed ? 'AUTO_CLOSED' : 'OPEN',
        is_manual: false,
        reason_code: insert.reasonCode,
        source_code: insert.sourceCode,
        additional_overall_comments: insert.comments,
        final_comments: insert.closed?.finalComments ?? null,
      },
    });
  }

  return outcome.links.map((link) => (link === null ? null : 'existingId' in link ? link.existingId : openedIds[link.openedIndex]!));
}
