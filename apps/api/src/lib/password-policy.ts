import { readFileSync } from 'node:fs';
import { newPasswordProblem } from '@beach/domain';
import { apiSourceFile } from '../paths';
import { badRequest } from './http';

let common: Set<string> | null = null;

/** The shipped list of the 10,000 most common passwords, read once on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(apiSourceFile('lib/common-passwords.txt'), 'utf8');
    common = new Set(text.split('\n').filter((line) => line && !line.startsWith('#')));
  }
  return common;
}

export const isCommonPassword = (lowerCased: string) => commonPasswords().has(lowerCased);

/**
 * Refuses a new password the domain rule finds weak (blank, the e-mail, a common one) with 400 and the
 * field, in the response code the calling route uses for its other validation failures.
 */
export function assertAcceptableNewPassword(password: string, email: string | null, code: string, message?: string): void {
  const problem = newPasswordProblem(password, email, isCommonPassword);
  if (problem) throw badRequest(code, message ?? problem, [{ field: 'newPassword', message: problem }]);
}
