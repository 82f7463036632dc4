import { describe, expect, it } from 'vitest';
import { accidentReportAccess } from './accident-reports';
import { BAY, OCEAN, OPEN_RULES, userIn } from './fixtures';

describe('accidentReportAccess', () => {
  it('lets incidents ADMIN use and delete reports of the program', () => {
    const u = userIn(OCEAN, { INCIDENTS: 'ADMIN' });
    expect(accidentReportAccess(u, OCEAN.program_id)).toEqual({ use: true, delete: true });
  });

  it('lets a surveys ADMIN use and delete, a surveys USER neither', () => {
    const noBeaches = { ...OPEN_RULES, category_beaches: 0 };
    expect(accidentReportAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }, noBeaches), OCEAN.program_id)).toEqual({ use: true, delete: true });
    expect(accidentReportAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'USER' }, noBeaches), OCEAN.program_id)).toEqual({ use: false, delete: false });
  });

  it('lets the beach permission (category_beaches) use reports, deleting needs an ADMIN level', () => {
    const beachesOnly = userIn(OCEAN, { DATA_EDITING: 'USER' }, { ...OPEN_RULES, category_beaches: 1 });
    expect(accidentReportAccess(beachesOnly, OCEAN.program_id)).toEqual({ use: true, delete: false });
    const withStatuses = userIn(OCEAN, { BEACH_STATUSES: 'ADMIN' }, { ...OPEN_RULES, category_beaches: 1 });
    expect(accidentReportAccess(withStatuses, OCEAN.program_id)).toEqual({ use: true, delete: true });
  });

  it('gives nothing in a program the user does not hold', () => {
    const u = userIn(OCEAN, { INCIDENTS: 'ADMIN' });
    expect(accidentReportAccess(u, BAY.program_id)).toEqual({ use: false, delete: false });
  });

  it('follows the organization cap: incidents ADMIN capped to USER opens nothing', () => {
    const capped = userIn(OCEAN, { INCIDENTS: 'ADMIN' }, { ...OPEN_RULES, category_incidents: 1, category_beaches: 0 });
    expect(accidentReportAccess(capped, OCEAN.program_id)).toEqual({ use: false, delete: false });
  });
});
