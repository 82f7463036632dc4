import { describe, expect, it } from 'vitest';
import { BAY, carries, grants, OCEAN, OPEN_RULES, org, user } from './fixtures';
import { managesSeasons } from './seasons';

describe('managesSeasons', () => {
  it('is the program\'s beach-status admins and the organization admins with access to it', () => {
    const statusAdmin = user(org([carries(OCEAN)]), grants(OCEAN, { BEACH_STATUSES: 'ADMIN' }));
    expect(managesSeasons(statusAdmin, OCEAN.program_id)).toBe(true);
    expect(managesSeasons(statusAdmin, BAY.program_id)).toBe(false);
    expect(managesSeasons(user(org([carries(OCEAN)]), grants(OCEAN, { BEACH_STATUSES: 'USER', DATA_EDITING: 'ADMIN' })), OCEAN.program_id)).toBe(false);
    // The organization caps beach statuses at view: no seasons.
    expect(managesSeasons(user(org([carries(OCEAN, { ...OPEN_RULES, beach_access_level: 1 })]), grants(OCEAN, { BEACH_STATUSES: 'ADMIN' })), OCEAN.program_id)).toBe(false);
    const orgAdmin = user(org([carries(OCEAN)], true), grants(OCEAN, { DATA_EDITING: 'USER' }));
    expect(managesSeasons(orgAdmin, OCEAN.program_id)).toBe(true);
    expect(managesSeasons(orgAdmin, BAY.program_id)).toBe(false);
    expect(managesSeasons(orgAdmin, null)).toBe(false);
  });
});
