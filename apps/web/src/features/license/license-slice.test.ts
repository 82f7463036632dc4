import { LIMITS } from '@beach/domain';
import { describe, expect, it } from 'vitest';
import { extend, licenseReducer, selectIsLicenseValid } from './license-slice';

describe('license slice', () => {
  it('extending sets the expiry to 4 hours (14,400,000 ms) from now', () => {
    const now = 1_700_000_000_000;
    expect(licenseReducer({ expiry: null }, extend(now)).expiry).toBe(now + 14_400_000);
    expect(LIMITS.licenseMs).toBe(14_400_000);
  });

  it('defaults "now" to the current time', () => {
    const before = Date.now();
    const { expiry } = licenseReducer({ expiry: null }, extend());
    expect(expiry).toBeGreaterThanOrEqual(before + LIMITS.licenseMs);
  });

  it('counts a missing or past expiry as expired', () => {
    const now = 5_000;
    expect(selectIsLicenseValid({ license: { expiry: null } }, now)).toBe(false);
    expect(selectIsLicenseValid({ license: { expiry: now - 1 } }, now)).toBe(false);
    expect(selectIsLicenseValid({ license: { expiry: now } }, now)).toBe(false);
    expect(selectIsLicenseValid({ license: { expiry: now + 1 } }, now)).toBe(true);
  });

  it('is valid right after extending and expired 4 hours later', () => {
    const now = 1_000;
    const state = { license: licenseReducer({ expiry: null }, extend(now)) };
    expect(selectIsLicenseValid(state, now + LIMITS.licenseMs - 1)).toBe(true);
    expect(selectIsLicenseValid(state, now + LIMITS.licenseMs)).toBe(false);
  });
});
