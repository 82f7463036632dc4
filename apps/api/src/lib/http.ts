import { CODES, errorEnvelope, type FieldIssue } from '@beach/domain';

/** An error a handler throws on purpose: it becomes `{ code, message, payload }` with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
    readonly payload: unknown = null,
  ) {
    super(message ?? code);
  }
}

export const badRequest = (code: string, message?: string, payload?: unknown) => new HttpError(400, code, message, payload);
export type { FieldIssue };
/** 400 VALIDATION_FAILED with the field list, like a schema failure, for rules a schema cannot see (existence, caps). */
export const invalidFields = (issues: FieldIssue[]) =>
  new HttpError(400, CODES.VALIDATION_FAILED, issues[0]?.message ?? 'Invalid input.', issues);
export const unauthenticated = (code: string = CODES.UNAUTHENTICATED, message = 'Please log in.') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You do not have permission for this.', code: string = CODES.FORBIDDEN) =>
  new HttpError(403, code, message);
export const notFound = (what = 'Record', code: string = CODES.NOT_FOUND) => new HttpError(404, code, `${what} not found.`);
export const conflict = (message: string, code: string = CODES.CONFLICT) => new HttpError(409, code, message);

/**
 * For calls whose failure message the spec fixes (SPEC 8, e.g. 'Could not retrieve organizations list.'):
 * a refusal keeps its HTTP status and carries that message, with the specific reason in the payload.
 * `code` replaces the response code too where the spec pairs one (USER_SAVE_FAILED).
 */
export async function failingWith<T>(message: string, work: () => Promise<T>, code?: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode !== 400) {
      throw new HttpError(err.statusCode, code ?? err.code, message, { reason: err.message, code: err.code });
    }
    throw err;
  }
}

/** The envelope schemas live in the domain with the payloads they wrap (decision 0059). */
export { emptyEnvelope, envelope, errorEnvelope } from '@beach/domain';

export function ok<T>(code: string, payload: T, message?: string) {
  return message === undefined ? { code, payload } : { code, payload, message };
}

/** Standard error responses a staff route declares next to its success shape. */
export const staffErrors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
} as const;
