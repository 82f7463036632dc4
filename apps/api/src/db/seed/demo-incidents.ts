import { addDays } from './dates';
import { chance, pick, type Rng } from './random';
import type { ManualEvent, SimStatusChange, StatusIds } from './simulate';

/**
 * Incidents from a station's status history: one incident per advisory or closure episode, from the
 * day the station leaves Open until it returns (a relapse on the same day continues the incident), with
 * one daily entry per day. Pure, so the episode logic can be read and tested apart from the database.
 */

export interface IncidentPlan {
  id: number;
  primaryId: number;
  startDate: string;
  endDate: string | null;
  state: 'OPEN' | 'CLOSED' | 'AUTO_CLOSED';
  isManual: boolean;
  reasonCode: string;
  sourceCode: string;
  comments: string;
  finalComments: string | null;
  /** The change that opened the incident. */
  opening: SimStatusChange;
  changes: SimStatusChange[];
}

export interface DailyEntryPlan {
  id: number;
  incident: IncidentPlan;
  entryDate: string;
  beachStatusId: number;
  actions: string;
  comments: string;
}

export interface IncidentInputs {
  status: StatusIds;
  today: string;
  autoCloseDays: number;
  rng: Rng;
  firstIncidentId: number;
  firstEntryId: number;
  manualEvents: ReadonlyMap<SimStatusChange, ManualEvent>;
  /** BEACON source for an exceedance-driven incident (the caller knows the program and the weather). */
  sourceFor(opening: SimStatusChange): string;
}

const FINAL_COMMENTS = [
  'Resample results met the standard at the primary and bracket stations; signs removed.',
  'Advisory lifted after one clean resample; likely cause was storm water runoff after heavy rain.',
  'Beach reopened; outfall inspected by public works, no illicit connection found.',
  'Reopened after resampling; large numbers of gulls at the wrack line were the probable source.',
];

export function planIncidents(
  changesByPrimary: ReadonlyMap<number, readonly SimStatusChange[]>,
  inputs: IncidentInputs,
): { incidents: IncidentPlan[]; entries: DailyEntryPlan[]; incidentOf: Map<SimStatusChange, IncidentPlan> } {
  const S = inputs.status;
  const isBad = (statusId: number) => statusId === S.advisory || statusId === S.closed;
  const incidents: IncidentPlan[] = [];
  const incidentOf = new Map<SimStatusChange, IncidentPlan>();
  let nextId = inputs.firstIncidentId;

  for (const [primaryId, own] of changesByPrimary) {
    let open: IncidentPlan | null = null;
    for (let i = 0; i < own.length; i++) {
      const c = own[i]!;
      if (!open) {
        if (!isBad(c.toStatusId)) continue;
        const manual = inputs.manualEvents.get(c);
        open = {
          id: nextId++,
          primaryId,
          startDate: c.effectiveDate,
          endDate: null,
          state: 'OPEN',
          isManual: manual !== undefined,
          reasonCode: manual?.reasonCode ?? 'ELEV_BACT',
          sourceCode: manual?.sourceCode ?? inputs.sourceFor(c),
          comments: manual
            ? `${manual.reason} Primary and bracket stations resampled daily until results meet the standard.`
            : `${c.reason} Primary and bracket stations resampled daily until results meet the standard.`,
          finalComments: null,
          opening: c,
          changes: [],
        };
        incidents.push(open);
      }
      open.changes.push(c);
      incidentOf.set(c, open);
      if (isBad(c.toStatusId)) continue;
      const next = own[i + 1];
      if (next && next.effectiveDate === c.effectiveDate && isBad(next.toStatusId)) continue; // relapse the same day
      if (c.toStatusId === S.notMonitored) {
        open.state = 'CLOSED';
        open.endDate = c.effectiveDate;
        open.finalComments = 'Closed at the end of the swimming season; monitoring resumes next May.';
      } else {
        const autoCloseOn = addDays(c.effectiveDate, inputs.autoCloseDays);
        const quietAfter = !next || next.effectiveDate > autoCloseOn;
        if (quietAfter && autoCloseOn <= inputs.today && chance(inputs.rng, 0.3)) {
          open.state = 'AUTO_CLOSED';
          open.endDate = autoCloseOn;
          open.finalComments = `Closed automatically: the beach had been Open for ${inputs.autoCloseDays} days.`;
        } else {
          open.state = 'CLOSED';
          open.endDate = c.effectiveDate;
          open.finalComments = pick(inputs.rng, FINAL_COMMENTS);
        }
      }
      open = null;
    }
  }

  const entries: DailyEntryPlan[] = [];
  let nextEntryId = inputs.firstEntryId;
  for (const incident of incidents) {
    const own = changesByPrimary.get(incident.primaryId)!;
    const last = incident.endDate ?? inputs.today;
    for (let date = incident.startDate; date <= last; date = addDays(date, 1)) {
      const changedToday = own.filter((c) => c.effectiveDate === date);
      let status = S.open;
      for (const c of own) if (c.effectiveDate <= date) status = c.toStatusId;
      const rain = changedToday.some((c) => c.result?.rain);
      entries.push({
        id: nextEntryId++,
        incident,
        entryDate: date,
        beachStatusId: status,
        actions: dailyActions(status, changedToday.length > 0, S),
        comments: rain ? 'Heavy rain the day before sampling; storm water outfalls were flowing.' : changedToday.length ? 'Status changed today.' : '',
      });
    }
  }
  return { incidents, entries, incidentOf };
}

function dailyActions(status: number, changed: boolean, S: StatusIds): string {
  if (status === S.advisory) {
    return changed
      ? 'Advisory issued; signs posted at beach entrances; lifeguard captain and municipality notified; primary and bracket stations resampled.'
      : 'Advisory remains in effect; primary and bracket stations resampled.';
  }
  if (status === S.closed) {
    return changed
      ? 'Beach closed to swimming; closure signs posted; municipal officials and lifeguards notified; resampling continues.'
      : 'Closure remains in effect; daily resampling continues.';
  }
  if (status === S.notMonitored) return 'Swimming season ended; signs removed.';
  return changed ? 'Resample results met the standard; signs removed and beach reopened.' : 'Beach open; no further action needed.';
}
