import { describe, expect, it } from 'vitest';
import { isStaffPage } from './site-paths';

describe('isStaffPage', () => {
  it('is the sign-in and password pages and the portal, at any depth', () => {
    for (const path of ['/login', '/forgotten-password', '/reset-password/abc', '/portal', '/portal/', '/portal/results', '/portal/user-management/new']) {
      expect(isStaffPage(path), path).toBe(true);
    }
  });

  it('is not a public page, even one whose name starts like a staff path', () => {
    for (const path of ['/', '/beach/12', '/portals', '/login-help', '/alerts/subscribe', '/signs', '/developers', '/embed/beach/1']) {
      expect(isStaffPage(path), path).toBe(false);
    }
  });
});
