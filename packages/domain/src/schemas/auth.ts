import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { singleLine } from './common';

/**
 * How long a login attempt waits before its password is checked, given the account's failures (from any
 * address) in the live window: none for the first few, then doubling from one second up to a cap. A
 * growing delay instead of a lock, so nobody can keep an account's owner out by failing on purpose.
 */
export function loginDelayMs(accountFailures: number): number {
  const over = accountFailures - LIMITS.loginDelayAfterFailures;
  if (over < 0) return 0;
  return Math.min(1000 * 2 ** over, LIMITS.loginDelayMaxMs);
}


/** Password rule shared by login, new-password and reset forms (SPEC 5). */
export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);

export const emailSchema = singleLine(z.string({ error: MESSAGES.emailRequired }).trim().min(1, MESSAGES.emailRequired))
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.input<typeof loginSchema>;

export const recoverSchema = z.object({ email: emailSchema });

export const newPasswordSchema = z
  .object({ newPassword: passwordSchema, newPasswordRetype: passwordSchema })
  .refine((v) => v.newPassword === v.newPasswordRetype, {
    message: MESSAGES.passwordsDiffer,
    path: ['newPasswordRetype'],
  });
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/**
 * A user's change of their own password (PUT user/password/): the current password too, so a session left
 * open on a shared computer cannot take the account over (ASVS 2.1.6). The spec's form has the two new
 * fields; the current one is our addition (decision 0019).
 */
export const selfPasswordChangeSchema = z
  .object({
    currentPassword: z.string({ error: MESSAGES.currentPasswordRequired }).min(1, MESSAGES.currentPasswordRequired).max(200),
    newPassword: passwordSchema,
    newPasswordRetype: passwordSchema,
  })
  .refine((v) => v.newPassword === v.newPasswordRetype, {
    message: MESSAGES.passwordsDiffer,
    path: ['newPasswordRetype'],
  });
export type SelfPasswordChangeInput = z.input<typeof selfPasswordChangeSchema>;

/**
 * What a NEW password must also be, beyond the spec's 8 to 32 characters (issue 8 item 11, ASVS 2.1.7):
 * not all whitespace, not the account's e-mail address (nor its local part), and not one of the most common
 * passwords (`isCommon` looks it up: the server holds the list). Returns the message, or null when it is fine.
 * Logins never apply it: an old password keeps working until it is changed.
 */
export function newPasswordProblem(password: string, email: string | null, isCommon: (lowerCased: string) => boolean): string | null {
  if (password.trim() === '') return MESSAGES.passwordBlank;
  const lower = password.trim().toLowerCase();
  if (email) {
    const address = email.trim().toLowerCase();
    if (lower === address || lower === address.split('@')[0]) return MESSAGES.passwordIsEmail;
  }
  if (isCommon(lower)) return MESSAGES.passwordTooCommon;
  return null;
}
