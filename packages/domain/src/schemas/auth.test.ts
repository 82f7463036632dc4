import { describe, expect, it } from 'vitest';
import { loginDelayMs, loginSchema, newPasswordProblem, newPasswordSchema, selfPasswordChangeSchema } from './auth';
import { MESSAGES } from '../messages';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('loginSchema', () => {
  it('lowercases the email', () => {
    expect(loginSchema.parse({ email: ' Admin@Example.ORG ', password: 'abcdefgh' }).email).toBe('admin@example.org');
  });
  it.each([
    [{ email: '', password: 'abcdefgh' }, MESSAGES.emailRequired],
    [{ email: 'nope', password: 'abcdefgh' }, MESSAGES.emailInvalid],
    [{ email: 'a@b.org', password: '' }, MESSAGES.passwordRequired],
    [{ email: 'a@b.org', password: 'short' }, MESSAGES.passwordTooShort],
    [{ email: 'a@b.org', password: 'x'.repeat(33) }, MESSAGES.passwordTooLong],
  ])('rejects %j with the spec message', (input, message) => {
    expect(messages(loginSchema.safeParse(input))).toContain(message);
  });
  it('accepts the 8 and 32 character bounds', () => {
    expect(loginSchema.safeParse({ email: 'a@b.org', password: 'x'.repeat(8) }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'a@b.org', password: 'x'.repeat(32) }).success).toBe(true);
  });
});

describe('newPasswordSchema', () => {
  it('applies the length rules to both fields', () => {
    const r = newPasswordSchema.safeParse({ newPassword: 'short', newPasswordRetype: 'x'.repeat(40) });
    expect(messages(r)).toEqual(expect.arrayContaining([MESSAGES.passwordTooShort, MESSAGES.passwordTooLong]));
  });
  it('requires the two to match', () => {
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'abcdefgh', newPasswordRetype: 'abcdefgi' }))).toContain(
      MESSAGES.passwordsDiffer,
    );
  });
});

describe('newPasswordProblem', () => {
  const common = new Set(['password', 'baseball']);
  const isCommon = (p: string) => common.has(p);
  it.each([
    ['        ', 'a@b.org', MESSAGES.passwordBlank],
    ['\t \t \t \t', 'a@b.org', MESSAGES.passwordBlank],
    ['Jane.Doe@Example.org', 'jane.doe@example.org', MESSAGES.passwordIsEmail],
    ['jane.doe', 'jane.doe@example.org', MESSAGES.passwordIsEmail],
    ['BaseBall', 'a@b.org', MESSAGES.passwordTooCommon],
    ['password', null, MESSAGES.passwordTooCommon],
  ])('refuses %j for %s', (password, email, message) => {
    expect(newPasswordProblem(password, email, isCommon)).toBe(message);
  });
  it('accepts a password that is none of these', () => {
    expect(newPasswordProblem('tide-pool-2026', 'jane.doe@example.org', isCommon)).toBeNull();
  });
});

describe('selfPasswordChangeSchema', () => {
  it('needs the current password as well as the two new ones', () => {
    const r = selfPasswordChangeSchema.safeParse({ newPassword: 'abcdefgh', newPasswordRetype: 'abcdefgh' });
    expect(messages(r)).toContain(MESSAGES.currentPasswordRequired);
    expect(selfPasswordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'abcdefgh', newPasswordRetype: 'abcdefgh' }).success).toBe(true);
  });
});

describe('loginDelayMs', () => {
  it('waits nothing for the first failures, then doubles from one second up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 50].map(loginDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
