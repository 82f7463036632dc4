import { describe, expect, it } from 'vitest';
import { ALL_ADMIN, BAY, LAKES, OCEAN, OPEN_RULES, carries, grants, org, user, userIn } from './fixtures';
import { grantBound, outranks } from './grants';

describe('grantBound: nobody grants more than they hold', () => {
  it('bounds a manager by their own effective level in a program their organization carries', () => {
    const manager = userIn(OCEAN, { DATA_EDITING: 'USER' });
    expect(grantBound(manager, OCEAN.program_id, 'DATA_EDITING')).toBe('USER');
    expect(grantBound(manager, OCEAN.program_id, 'INCIDENTS')).toBe('NONE');
    // A program the manager's organization does not carry: nothing to grant.
    expect(grantBound(manager, BAY.program_id, 'DATA_EDITING')).toBe('NONE');
  });

  it('bounds an organization administrator by their own level in a program the administering organization carries', () => {
    const agency = org([carries(OCEAN, OPEN_RULES)], true);
    const lowAdmin = user(agency, grants(OCEAN, { DATA_EDITING: 'USER' }));
    expect(grantBound(lowAdmin, OCEAN.program_id, 'DATA_EDITING')).toBe('USER');
    expect(grantBound(lowAdmin, OCEAN.program_id, 'DATA_VERIFICATION')).toBe('NONE');
    const fullAdmin = user(agency, grants(OCEAN, ALL_ADMIN));
    expect(grantBound(fullAdmin, OCEAN.program_id, 'DATA_VERIFICATION')).toBe('ADMIN');
  });

  it('lets an organization administrator grant in a program the administering organization does not take part in', () => {
    const agency = org([carries(OCEAN, OPEN_RULES)], true);
    expect(grantBound(user(agency), LAKES.program_id, 'DATA_EDITING')).toBe('ADMIN');
  });
});

describe('outranks', () => {
  const agency = org([carries(OCEAN, OPEN_RULES), carries(BAY, OPEN_RULES)], true);
  it('is true when the target holds anything above what the manager may grant', () => {
    const verifier = user(agency, grants(OCEAN, { DATA_VERIFICATION: 'ADMIN' }));
    const target = [{ program_id: OCEAN.program_id, code: 'DATA_EDITING' as const, level: 'ADMIN' as const }];
    expect(outranks(target, verifier)).toBe(true);
    expect(outranks([{ ...target[0]!, code: 'DATA_VERIFICATION' }], verifier)).toBe(false);
    expect(outranks([{ ...target[0]!, level: 'NONE' }], verifier)).toBe(false);
  });
});
