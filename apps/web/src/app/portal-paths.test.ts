import { PORTAL_ROUTES } from '@beach/domain/permissions/menu';
import { describe, expect, it } from 'vitest';
import { PORTAL_PATHS } from './portal-paths';

describe('portal paths', () => {
  it('are the domain’s portal routes, in the same order', () => {
    expect([...PORTAL_PATHS]).toEqual(PORTAL_ROUTES.map((r) => r.route));
  });
});
