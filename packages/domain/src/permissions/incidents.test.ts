import { describe, expect, it } from 'vitest';
import { incidentAccess } from './incidents';
import { BAY, OCEAN, OPEN_RULES, userIn } from './fixtures';

describe('incidentAccess', () => {
  it('lets an incidents ADMIN (with category_incidents 2) use and delete incidents of the program', () => {
    expect(incidentAccess(userIn(OCEAN, { INCIDENTS: 'ADMIN' }), OCEAN.program_id)).toEqual({ use: true, delete: true });
  });

  it('gives an incidents USER nothing: the Incident screen needs ADMIN (SPEC 6)', () => {
    expect(incidentAccess(userIn(OCEAN, { INCIDENTS: 'USER' }), OCEAN.program_id)).toEqual({ use: false, delete: false });
  });

  it('follows the organization cap: ADMIN capped by category_incidents 1 opens nothing', () => {
    const capped = userIn(OCEAN, { INCIDENTS: 'ADMIN' }, { ...OPEN_RULES, category_incidents: 1 });
    expect(incidentAccess(capped, OCEAN.program_id)).toEqual({ use: false, delete: false });
  });

  it('gives nothing in a program the user does not hold', () => {
    expect(incidentAccess(userIn(OCEAN, { INCIDENTS: 'ADMIN' }), BAY.program_id)).toEqual({ use: false, delete: false });
  });
});
