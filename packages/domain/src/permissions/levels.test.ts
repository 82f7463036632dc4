import { describe, expect, it } from 'vitest';
import type { AccessLevel } from '../constants';
import { accessLevelFromRule, accessLevelRank, higherAccessLevel, isAccessLevel, levelAtLeast, lowerAccessLevel } from './levels';

describe('access level order NONE < USER < ADMIN', () => {
  it.each<[AccessLevel, number]>([
    ['NONE', 0],
    ['USER', 1],
    ['ADMIN', 2],
  ])('%s has rank %i', (level, rank) => expect(accessLevelRank(level)).toBe(rank));

  it.each<[AccessLevel, AccessLevel, boolean, AccessLevel, AccessLevel]>([
    // level, min, atLeast, lower, higher
    ['NONE', 'NONE', true, 'NONE', 'NONE'],
    ['NONE', 'USER', false, 'NONE', 'USER'],
    ['NONE', 'ADMIN', false, 'NONE', 'ADMIN'],
    ['USER', 'NONE', true, 'NONE', 'USER'],
    ['USER', 'USER', true, 'USER', 'USER'],
    ['USER', 'ADMIN', false, 'USER', 'ADMIN'],
    ['ADMIN', 'NONE', true, 'NONE', 'ADMIN'],
    ['ADMIN', 'USER', true, 'USER', 'ADMIN'],
    ['ADMIN', 'ADMIN', true, 'ADMIN', 'ADMIN'],
  ])('%s vs %s: atLeast %s, lower %s, higher %s', (a, b, atLeast, lower, higher) => {
    expect(levelAtLeast(a, b)).toBe(atLeast);
    expect(lowerAccessLevel(a, b)).toBe(lower);
    expect(higherAccessLevel(a, b)).toBe(higher);
  });
});

describe('accessLevelFromRule (organization rule value as a cap)', () => {
  it.each<[number | null | undefined, AccessLevel]>([
    [0, 'NONE'],
    [1, 'USER'],
    [2, 'ADMIN'],
    [3, 'ADMIN'],
    [1.5, 'USER'],
    [0.5, 'NONE'],
    [-1, 'NONE'],
    [Number.NaN, 'NONE'],
    [null, 'NONE'],
    [undefined, 'NONE'],
  ])('%s -> %s', (value, level) => expect(accessLevelFromRule(value)).toBe(level));
});

describe('isAccessLevel', () => {
  it.each<[unknown, boolean]>([
    ['NONE', true],
    ['USER', true],
    ['ADMIN', true],
    ['admin', false],
    ['toString', false],
    ['', false],
    [2, false],
    [undefined, false],
  ])('%j -> %s', (value, ok) => expect(isAccessLevel(value)).toBe(ok));
});
