import { describe, expect, it } from 'vitest';
import { autoCloseComments, autoCloseDecision, incidentRuleOutcome, opensIncident, type IncidentStationBefore } from './incidents';

const open = (since: string | null) => ({ status_code: 'OPEN', status_name: 'Open', since });
const change = (stationId: number, effectiveDate: string, toStatusCode: string) => ({
  stationId,
  effectiveDate,
  toStatusCode,
  toStatusName: toStatusCode[0] + toStatusCode.slice(1).toLowerCase(),
});

describe('autoCloseDecision', () => {
  it('closes on the day the beach has been Open for the configured days, counted from the later of since and the start', () => {
    expect(autoCloseDecision(open('2026-07-01'), '2026-06-28', 3, '2026-07-04')).toEqual({ closeOn: '2026-07-04' });
    expect(autoCloseDecision(open('2026-07-01'), '2026-06-28', 3, '2026-07-10')).toEqual({ closeOn: '2026-07-04' });
    expect(autoCloseDecision(open('2026-06-01'), '2026-07-02', 3, '2026-07-05')).toEqual({ closeOn: '2026-07-05' });
    expect(autoCloseDecision(open(null), '2026-07-02', 3, '2026-07-05')).toEqual({ closeOn: '2026-07-05' });
  });

  it('keeps it open, saying why, before that day or while the beach is not Open', () => {
    expect(autoCloseDecision(open('2026-07-01'), '2026-06-28', 3, '2026-07-03')).toEqual({
      reason: 'The beach has been Open since 2026-07-01: the incident closes automatically after 3 days Open, on 2026-07-04.',
    });
    expect(autoCloseDecision({ status_code: 'ADVISORY', status_name: 'Advisory', since: '2026-06-01' }, '2026-06-01', 3, '2026-07-03')).toEqual({
      reason: 'The beach is Advisory now: an incident closes automatically only after the beach has been Open for 3 days.',
    });
    expect('reason' in autoCloseDecision({ status_code: null, status_name: null, since: null }, '2026-06-01', 3, '2026-07-03')).toBe(true);
  });

  it('words the final comments with the days', () => {
    expect(autoCloseComments(3)).toBe('Closed automatically: the beach had been Open for 3 days.');
  });
});

describe('incidentRuleOutcome', () => {
  const none = (status = open('2026-06-01')): IncidentStationBefore => ({ status, openIncident: null, autoCloseDays: 3 });

  it('an advisory or closure opens one incident when none is open; Open and Not Monitored open none', () => {
    expect(opensIncident('ADVISORY') && opensIncident('CLOSED')).toBe(true);
    expect(opensIncident('OPEN') || opensIncident('NOT_MONITORED') || opensIncident(null)).toBe(false);
    const changes = [change(1, '2026-07-01', 'ADVISORY'), change(1, '2026-07-02', 'CLOSED'), change(2, '2026-07-01', 'OPEN'), change(3, '2026-07-01', 'NOT_MONITORED')];
    const out = incidentRuleOutcome(changes, new Map([[1, none()], [2, none()], [3, none()]]));
    expect(out.opened).toEqual([{ change: changes[0], closeOn: null, days: 3 }]);
    expect(out.autoClosed).toEqual([]);
    // The closure the next day belongs to the incident the advisory opened.
    expect(out.links).toEqual([{ openedIndex: 0 }, { openedIndex: 0 }, null, null]);
  });

  it('does not open another while one is open (by hand or by a rule)', () => {
    const before = new Map([[1, { status: { status_code: 'ADVISORY', status_name: 'Advisory', since: '2026-06-30' }, openIncident: { id: 9, startDate: '2026-06-30' }, autoCloseDays: 3 }]]);
    expect(incidentRuleOutcome([change(1, '2026-07-01', 'CLOSED')], before)).toEqual({ autoClosed: [], opened: [], links: [{ existingId: 9 }] });
    // Open for 2 days only: the incident is still open when the beach relapses.
    const reopened = new Map([[1, { status: open('2026-07-01'), openIncident: { id: 9, startDate: '2026-06-30' }, autoCloseDays: 3 }]]);
    expect(incidentRuleOutcome([change(1, '2026-07-03', 'ADVISORY')], reopened)).toEqual({ autoClosed: [], opened: [], links: [{ existingId: 9 }] });
  });

  it('an incident the daily job would have closed before the change counts as closed (dated as the job would) and a new one opens', () => {
    const before = new Map([[1, { status: open('2026-07-01'), openIncident: { id: 9, startDate: '2026-06-30' }, autoCloseDays: 3 }]]);
    const changes = [change(1, '2026-07-04', 'ADVISORY')];
    expect(incidentRuleOutcome(changes, before)).toEqual({
      autoClosed: [{ id: 9, closeOn: '2026-07-04', days: 3 }],
      opened: [{ change: changes[0], closeOn: null, days: 3 }],
      links: [{ openedIndex: 0 }],
    });
  });

  it('a replayed season gives one incident per episode, the earlier ones closed as the job would have', () => {
    const changes = [
      change(1, '2025-06-10', 'ADVISORY'),
      change(1, '2025-06-11', 'CLOSED'),
      change(1, '2025-06-12', 'OPEN'),
      change(1, '2025-06-13', 'ADVISORY'), // relapse before three days Open: the same incident
      change(1, '2025-06-14', 'OPEN'),
      change(1, '2025-08-01', 'ADVISORY'),
      change(1, '2025-08-02', 'OPEN'),
    ];
    const out = incidentRuleOutcome(changes, new Map([[1, none(open('2025-05-15'))]]));
    expect(out.opened).toEqual([
      { change: changes[0], closeOn: '2025-06-17', days: 3 },
      { change: changes[5], closeOn: null, days: 3 },
    ]);
    expect(out.links).toEqual([0, 0, 0, 0, 0, 1, 1].map((openedIndex) => ({ openedIndex })));
  });
});
