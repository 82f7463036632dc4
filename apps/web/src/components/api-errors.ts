import { CODES } from '@beach/domain/codes';
import type { FieldIssue } from '@beach/domain';
import type { ApiError } from '../app/api';

export const SERVER_UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** A refused field of a 400 answer: the domain's. */
export type { FieldIssue };

/** A value thrown by `unwrap()` as an ApiError (anything else counts as a network failure). */
export function toApiError(thrown: unknown): ApiError {
  if (thrown && typeof thrown === 'object' && 'code' in thrown && 'status' in thrown) return thrown as ApiError;
  return { status: 'FETCH_ERROR', code: 'FETCH_ERROR' };
}

/** The per-field list of a 400 VALIDATION_FAILED answer (field paths like `programs.0.rules.category_logs`). */
export function fieldIssues(error: ApiError): FieldIssue[] {
  if (error.code !== CODES.VALIDATION_FAILED || !Array.isArray(error.payload)) return [];
  return error.payload.filter(
    (e): e is FieldIssue => typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

/** The field a 409 about a taken value belongs to (USER_EMAIL_TAKEN, PROGRAM_NAME_TAKEN, ORGANIZATION_ABBV_TAKEN...). */
function conflictField(error: ApiError): string | null {
  if (error.status !== 409) return null;
  if (error.code.endsWith('_EMAIL_TAKEN')) return 'email';
  if (error.code.endsWith('_ABBV_TAKEN')) return 'abbv';
  if (error.code.endsWith('_NAME_TAKEN')) return 'name';
  return null;
}

/** One sentence for a failed call: the server's own message, or what went wrong on the way. */
export function errorMessage(error: ApiError, fallback: string): string {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return SERVER_UNREACHABLE;
  if (error.status === 403) return error.message ?? 'You do not have permission for this.';
  return error.message ?? fallback;
}

/**
 * Puts a server's field errors on the form's fields (react-hook-form `setError`) and returns what could not
 * be placed (a field the form does not show, or a failure that is not about fields) for a summary.
 */
export function applyServerErrors(
  thrown: unknown,
  setFieldError: (field: string, message: string) => boolean,
  fallback: string,
): string[] {
  const error = toApiError(thrown);
  const taken = conflictField(error);
  const issues = taken && error.message ? [{ field: taken, message: error.message }] : fieldIssues(error);
  if (issues.length === 0) return [errorMessage(error, fallback)];
  return issues.filter((issue) => !setFieldError(issue.field, issue.message)).map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message));
}
