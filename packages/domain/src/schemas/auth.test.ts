import { describe, expect, it } from 'vitest';
import { loginSchema, newPasswordSchema } from './auth';
import { MESSAGES } from '../constants';

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
