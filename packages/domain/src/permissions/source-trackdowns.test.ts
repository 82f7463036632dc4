import { describe, expect, it } from 'vitest';
import { sourceTrackdownAccess } from './source-trackdowns';
import { BAY, OCEAN, OPEN_RULES, userIn } from './fixtures';

describe('sourceTrackdownAccess', () => {
  it('follows the Sanitary Surveys screen: a surveys USER records and edits, an ADMIN also deletes', () => {
    expect(sourceTrackdownAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'USER' }), OCEAN.program_id)).toEqual({ use: true, delete: false });
    expect(sourceTrackdownAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }), OCEAN.program_id)).toEqual({ use: true, delete: true });
  });

  it('gives nothing to other areas, under the organization cap, or in a program the user does not hold', () => {
    expect(sourceTrackdownAccess(userIn(OCEAN, { INCIDENTS: 'ADMIN', DATA_EDITING: 'ADMIN' }), OCEAN.program_id)).toEqual({ use: false, delete: false });
    const capped = userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }, { ...OPEN_RULES, category_surveys: 1 });
    expect(sourceTrackdownAccess(capped, OCEAN.program_id)).toEqual({ use: true, delete: false });
    expect(sourceTrackdownAccess(userIn(OCEAN, { SANITARY_SURVEYS: 'ADMIN' }), BAY.program_id)).toEqual({ use: false, delete: false });
  });
});
