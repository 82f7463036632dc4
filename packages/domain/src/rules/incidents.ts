import { addDays } from '../seasons/dates';

/**
 * When incidents open and close by themselves (SPEC 4 incident states, DESIGN 4; decisions 0025, 0026):
 * an advisory or closure opens one when the station has none open, and the daily job closes an open one
 * once the beach has been Open for the program's `incident_auto_close_days`. Pure, so the API's status
 * writes, the daily job and PUT incidents/{id}/autoClose all decide the same way.
 */

/** Beach status codes that are an advisory or a closure: a change into one opens an incident. */
export const INCIDENT_OPENING_STATUS_CODES = ['ADVISORY', 'CLOSED'] as const;

export function opensIncident(statusCode: string | null | undefined): boolean {
  return statusCode === 'ADVISORY' || statusCode === 'CLOSED';
}

/** A primary station's status and the local day since when it has held (null: no status). */
export interface StatusSince {
  status_code: string | null;
  status_name: string | null;
  since: string | null;
}

export type AutoCloseDecision = { closeOn: string } | { reason: string };

/**
 * Why an open incident may not be closed automatically on `today`, or the day it closes: the beach must be
 * Open, and have been since day D (never counted from before the incident's start); it closes on D plus
 * `days`, when that is today or earlier.
 */
export function autoCloseDecision(status: StatusSince, startDate: string, days: number, today: string): AutoCloseDecision {
  if (status.status_code !== 'OPEN') {
    return { reason: `The beach is ${status.status_name ?? 'without a status'} now: an incident closes automatically only after the beach has been Open for ${days} days.` };
  }
  const since = status.since && status.since > startDate ? status.since : startDate;
  const closeOn = addDays(since, days);
  if (closeOn > today) {
    return { reason: `The beach has been Open since ${since}: the incident closes automatically after ${days} days Open, on ${closeOn}.` };
  }
  return { closeOn };
}

/** The final comments of an incident closed automatically. */
export function autoCloseComments(days: number): string {
  return `Closed automatically: the beach had been Open for ${days} days.`;
}

/** One status change of a write (bulk status, rules at verification, an import's replay), in write order. */
export interface IncidentStatusChange {
  stationId: number;
  effectiveDate: string;
  toStatusCode: string;
  toStatusName: string;
}

/** A station's state before the write: its status since a day, its open incident if any (the oldest), its program's days. */
export interface IncidentStationBefore {
  status: StatusSince;
  openIncident: { id: number; startDate: string } | null;
  /** The program's incident_auto_close_days. */
  autoCloseDays: number;
}

/** The incident a change belongs to: one open before the write, one it opened (index into `opened`), or none. */
export type IncidentLink = { existingId: number } | { openedIndex: number } | null;

export interface IncidentRuleOutcome<C extends IncidentStatusChange> {
  /** Incidents open before the write that the daily job would have closed before a later change: id and day. */
  autoClosed: { id: number; closeOn: string; days: number }[];
  /** Changes that open an incident; `closeOn` is set when later changes of the same write show the beach Open long enough. */
  opened: { change: C; closeOn: string | null; days: number }[];
  /** Per change (same order): the incident open at the station once the change is made. */
  links: IncidentLink[];
}

/**
 * Which changes of one write open an incident. Walking each station's changes in order: a change into an
 * advisory or closure opens one when the station has none open; an open incident (from before the write, or
 * opened by an earlier change of it) counts as closed from the day the daily job would have closed it, when
 * that is on or before the change's day (so replaying a past season gives one incident per episode, as the
 * job would have).
 */
export function incidentRuleOutcome<C extends IncidentStatusChange>(
  changes: readonly C[],
  before: ReadonlyMap<number, IncidentStationBefore>,
): IncidentRuleOutcome<C> {
  const outcome: IncidentRuleOutcome<C> = { autoClosed: [], opened: [], links: [] };
  type Open = { startDate: string; existingId: number | null; openedIndex: number | null };
  const state = new Map<number, { status: StatusSince; open: Open | null; days: number }>();
  const stationState = (id: number) => {
    let s = state.get(id);
    if (!s) {
      const b = before.get(id);
      s = {
        status: b?.status ?? { status_code: null, status_name: null, since: null },
        open: b?.openIncident ? { startDate: b.openIncident.startDate, existingId: b.openIncident.id, openedIndex: null } : null,
        days: b?.autoCloseDays ?? 3,
      };
      state.set(id, s);
    }
    return s;
  };
  for (const change of changes) {
    const s = stationState(change.stationId);
    if (s.open) {
      const decision = autoCloseDecision(s.status, s.open.startDate, s.days, change.effectiveDate);
      if ('closeOn' in decision) {
        if (s.open.existingId !== null) outcome.autoClosed.push({ id: s.open.existingId, closeOn: decision.closeOn, days: s.days });
        else outcome.opened[s.open.openedIndex!]!.closeOn = decision.closeOn;
        s.open = null;
      }
    }
    if (!s.open && opensIncident(change.toStatusCode)) {
      outcome.opened.push({ change, closeOn: null, days: s.days });
      s.open = { startDate: change.effectiveDate, existingId: null, openedIndex: outcome.opened.length - 1 };
    }
    outcome.links.push(
      !s.open ? null : s.open.existingId !== null ? { existingId: s.open.existingId } : { openedIndex: s.open.openedIndex! },
    );
    if (s.status.status_code !== change.toStatusCode) {
      s.status = { status_code: change.toStatusCode, status_name: change.toStatusName, since: change.effectiveDate };
    }
  }
  return outcome;
}
