import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { readTokenExpiry } from './jwt';

describe('readTokenExpiry', () => {
  it('reads the exp claim in seconds and returns milliseconds', () => {
    expect(readTokenExpiry(makeToken(1_700_000_000))).toBe(1_700_000_000_000);
  });

  it('decodes base64url payloads (- and _ characters, no padding)', () => {
    // '>>>' and '???' encode to base64 with + and /, which base64url turns into - and _.
    const token = makeToken(1_800_000_123, { note: '>>>???' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(readTokenExpiry(token)).toBe(1_800_000_123_000);
  });

  it('returns null for tokens without a readable numeric exp', () => {
    expect(readTokenExpiry('not-a-jwt')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(`x.${btoa(JSON.stringify({ exp: 'soon' }))}.y`)).toBeNull();
    expect(readTokenExpiry(`x.${btoa(JSON.stringify({ sub: '1' }))}.y`)).toBeNull();
  });
});
