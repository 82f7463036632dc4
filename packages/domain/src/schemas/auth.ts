import { z } from 'zod';
import { ACCESS_LEVELS, LIMITS, PERMISSION_AREAS } from '../constants';
import { MESSAGES } from '../messages';
import { idSchema, singleLine } from './common';

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

/** Either password change PUT user/password/{userId}? takes: one's own (with the current password) or another user's. */
export const passwordChangeSchema = z.union([selfPasswordChangeSchema, newPasswordSchema]);
/** PUT user/password/{userId}? path: no id (or one's own) changes one's own password. */
export const passwordChangeParamsSchema = z.object({ userId: idSchema.optional() });
/** PUT user/password/{userId}? answer: a fresh token when one changed one's own password, else null. */
export const passwordChangedSchema = z.object({ token: z.string().nullable() });

/** login/recover/{token} path: the reset link's token. */
export const resetTokenParamsSchema = z.object({ token: z.string().min(10).max(200) });
/** GET login/verify/ answer: when the token expires (seconds since the epoch). */
export const tokenExpirySchema = z.object({ exp: z.number() });
/** GET login/verify/refresh/ answer. */
export const refreshedTokenSchema = z.object({ token: z.string() });

const programRefSchema = z.object({ program_id: z.number(), name: z.string(), abbv: z.string(), color: z.string() });

/** The signed-in user's profile (login, user/current/): also the guard that no other column leaks. */
export const userProfileSchema = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  primary_email: z.string(),
  email: z.string(),
  organization_id: z.number(),
  active: z.boolean(),
  force_password_reset: z.boolean(),
  organization: z.object({
    organization_id: z.number(),
    name: z.string(),
    abbv: z.string(),
    is_admin_organization: z.boolean(),
    programs: z.array(
      programRefSchema.extend({
        rules: z.object({
          beach_access_level: z.number(),
          has_secondary_verification: z.number(),
          data_interaction_level: z.number(),
          category_manage_users: z.number(),
          category_results: z.number(),
          category_beaches: z.number(),
          category_incidents: z.number(),
          category_surveys: z.number(),
          category_logs: z.number(),
        }),
      }),
    ),
  }),
  program_permissions: z.array(
    z.object({
      program: programRefSchema,
      permission: z.object({ code: z.enum(PERMISSION_AREAS) }),
      access_level: z.object({ code: z.enum(ACCESS_LEVELS) }),
    }),
  ),
});

/** POST login answer: the token and the profile. */
export const loginResultSchema = z.object({ token: z.string(), user: userProfileSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;
