import { describe, expect, it } from 'vitest';
import { sanitarySurveyAccess } from './sanitary-surveys';
import { BAY, OCEAN, OPEN_RULES, userIn } from './fixtures';

describe('sanitarySurveyAccess', () => {
  it('lets a surveys USER use the program’s surveys but not delete them', () => {
    expect(sanitarySurveyAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'USER' }), OCEAN.program_id)).toEqual({ use: true, delete: false });
  });

  it('lets a surveys ADMIN (category_surveys 2) use and delete', () => {
    expect(sanitarySurveyAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }), OCEAN.program_id)).toEqual({ use: true, delete: true });
  });

  it('follows the organization cap: ADMIN capped by category_surveys 1 uses but does not delete; 0 opens nothing', () => {
    expect(sanitarySurveyAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }, { ...OPEN_RULES, category_surveys: 1 }), OCEAN.program_id)).toEqual({
      use: true,
      delete: false,
    });
    expect(sanitarySurveyAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }, { ...OPEN_RULES, category_surveys: 0 }), OCEAN.program_id)).toEqual({
      use: false,
      delete: false,
    });
  });

  it('gives nothing to another area’s user or in a program the user does not hold', () => {
    expect(sanitarySurveyAccess(userIn(OCEAN, { INCIDENTS: 'ADMIN' }), OCEAN.program_id)).toEqual({ use: false, delete: false });
    expect(sanitarySurveyAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }), BAY.program_id)).toEqual({ use: false, delete: false });
  });
});
