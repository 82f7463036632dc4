import { CODES, MESSAGES } from '@beach/domain';
import type { ApiError } from '../../app/api';

export const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
export const PASSWORD_HINT = 'Use 8 to 32 characters.';
export const RECOVERY_SENT = 'If an account exists for that address, we sent a link to reset the password.';
export const RECOVERY_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const PASSWORD_CHANGED_NOTICE = 'Your password was changed.';

function isNetworkFailure(error: ApiError) {
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

/** What a failed login tells the user. */
export function loginErrorMessage(error: ApiError): string {
  if (error.code === CODES.BAD_USER_NAME_OR_PASSWORD) return MESSAGES.badCredentials;
  if (error.code === CODES.TOO_MANY_ATTEMPTS || error.status === 429) return MESSAGES.tooManyAttempts;
  if (isNetworkFailure(error)) return UNREACHABLE;
  return error.message ?? 'Login failed. Please try again.';
}

export function recoveryErrorMessage(error: ApiError): string {
  if (error.code === CODES.TOO_MANY_ATTEMPTS || error.status === 429) return MESSAGES.tooManyAttempts;
  if (isNetworkFailure(error)) return UNREACHABLE;
  return MESSAGES.tokenCreateFailed;
}

export function passwordChangeErrorMessage(error: ApiError): string {
  if (error.code === CODES.TOKEN_INVALID) return RECOVERY_LINK_INVALID;
  if (isNetworkFailure(error)) return UNREACHABLE;
  // The spec's message, followed by the server's reason when it gives one (a wrong current password, a
  // password on the common list): "Failed to change password" alone would leave the user guessing.
  const reasons = Array.isArray(error.payload)
    ? error.payload.flatMap((e: unknown) =>
        e && typeof e === 'object' && 'message' in e && typeof e.message === 'string' ? [e.message] : [],
      )
    : [];
  return reasons.length ? `${MESSAGES.passwordChangeFailed}: ${reasons.join(' ')}` : MESSAGES.passwordChangeFailed;
}

/** A thrown value from `unwrap()` as an ApiError (anything else is treated as a network failure). */
export function asApiError(thrown: unknown): ApiError {
  if (thrown && typeof thrown === 'object' && 'code' in thrown && 'status' in thrown) return thrown as ApiError;
  return { status: 'FETCH_ERROR', code: 'FETCH_ERROR' };
}

/** Field errors of a 400 VALIDATION_FAILED response. */
export function validationFieldErrors(error: ApiError): { field: string; message: string }[] {
  if (error.code !== CODES.VALIDATION_FAILED || !Array.isArray(error.payload)) return [];
  return error.payload.filter(
    (e): e is { field: string; message: string } =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}
