import { LIMITS } from '@beach/domain';
import { describe, expect, it } from 'vitest';
import { persistConfig } from './store';

describe('persistence', () => {
  it('saves auth, user and license (not the API cache) under version 1 with a 5 s rehydrate timeout', () => {
    expect(persistConfig.whitelist).toEqual(['auth', 'user', 'license']);
    expect(persistConfig.whitelist).not.toContain('api');
    expect(persistConfig.version).toBe(1);
    expect(persistConfig.version).toBe(LIMITS.storageVersion);
    expect(persistConfig.timeout).toBe(5000);
  });
});
