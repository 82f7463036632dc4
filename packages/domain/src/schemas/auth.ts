import { z } from 'zod';
import { LIMITS, MESSAGES } from '../constants';

/** Password rule shared by login, new-password and reset forms (SPEC 5). */
export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
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
