import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './paths';

describe('returnPathFrom', () => {
  it('keeps a remembered page of ours and refuses another host or the login page', () => {
    expect(returnPathFrom({ from: '/portal/results' })).toBe('/portal/results');
    expect(returnPathFrom({ from: '//evil.example' })).toBe('/portal');
    expect(returnPathFrom({ from: '/login' })).toBe('/portal');
    expect(returnPathFrom(null)).toBe('/portal');
  });
});
