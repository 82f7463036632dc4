import { CODES, LIMITS, MESSAGES, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { HttpError, notFound, unauthenticated } from '../../lib/http';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/tokens';
import { findCredentialsByEmail, findUserProfile, recordLogin, setPassword, setUserForcePasswordReset } from '../users/repository';
import * as repo from './repository';

const tooManyAttempts = () => new HttpError(429, CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyAttempts);
const accountKey = (kind: string, email: string) => `${kind}:account:${email}`;
const addressKey = (kind: string, ip: string) => `${kind}:address:${ip}`;

/**
 * Takes one attempt from the account's and the address's allowance before any password is checked, or
 * refuses with 429 when either is used up (taking nothing). The reservation is atomic in the store, so a
 * burst of parallel guesses gets at most the allowance evaluated, however slow the check after it is.
 */
async function reserveAttempt(deps: AppDeps, kind: string, email: string, ip: string) {
  const account = accountKey(kind, email);
  const address = addressKey(kind, ip);
  const [accountOk, addressOk] = await Promise.all([
    deps.throttle.reserve(account, LIMITS.loginFailuresPerAccount, LIMITS.loginWindowMs),
    deps.throttle.reserve(address, LIMITS.loginFailuresPerAddress, LIMITS.loginWindowMs),
  ]);
  if (accountOk && addressOk) return;
  // A refused attempt is not a failure: give back the half that was taken.
  await Promise.all([accountOk && deps.throttle.release(account), addressOk && deps.throttle.release(address)]);
  throw tooManyAttempts();
}

export interface LoginOutcome {
  code: typeof CODES.LOGIN_SUCCESS | typeof CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE;
  token: string;
  user: UserProfile;
}

export async function login(deps: AppDeps, email: string, password: string, ip: string): Promise<LoginOutcome> {
  const { db } = deps.database;
  // The reserved attempt stays counted when it fails; a success gives it back.
  await reserveAttempt(deps, 'login', email, ip);
  const credentials = await findCredentialsByEmail(db, email);
  const valid = await verifyPassword(credentials?.passwordHash ?? null, password);
  // An inactive account answers exactly like a wrong password: no hint that the address exists.
  if (!credentials || !valid || !credentials.active) {
    throw new HttpError(401, CODES.BAD_USER_NAME_OR_PASSWORD, MESSAGES.badCredentials);
  }
  // Success ends the account's run of failures; the address keeps its earlier failures, not this attempt.
  await Promise.all([deps.throttle.reset(accountKey('login', email)), deps.throttle.release(addressKey('login', ip))]);
  await recordLogin(db, credentials.userId);
  const [{ token }, user] = await Promise.all([deps.tokens.issue(credentials.userId), findUserProfile(db, credentials.userId)]);
  if (!user) throw unauthenticated();
  return {
    code: credentials.forcePasswordReset ? CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE : CODES.LOGIN_SUCCESS,
    token,
    user,
  };
}

/** A fresh token for a still-valid session; the old one is revoked. */
export async function refresh(deps: AppDeps, userId: number, oldJti: string, oldExp: number): Promise<string> {
  const { token } = await deps.tokens.issue(userId);
  await repo.revokeToken(deps.database.db, oldJti, new Date(oldExp * 1000));
  return token;
}

export async function logout(deps: AppDeps, jti: string, exp: number): Promise<void> {
  await repo.revokeToken(deps.database.db, jti, new Date(exp * 1000));
}

/**
 * Always succeeds from the caller's point of view, so the answer never reveals whether an address
 * has an account. Only real, active accounts get a mail.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string): Promise<void> {
  // Every request counts (and is never given back): recovery mails are not free to send, whoever asks.
  await reserveAttempt(deps, 'recover', email, ip);
  const credentials = await findCredentialsByEmail(deps.database.db, email);
  if (!credentials?.active) return;
  const { token, hash } = newOneTimeToken();
  await deps.database.db.transaction(async (tx) => {
    await repo.voidResetTokens(tx, credentials.userId);
    await repo.createResetToken(tx, credentials.userId, hash, new Date(Date.now() + LIMITS.recoveryTokenMs));
    await deps.mailer.send(tx, {
      kind: 'PASSWORD_RESET',
      to: email,
      subject: 'Reset your Beach Portal password',
      text: [
        'Someone asked to reset the password of your Beach Portal account.',
        '',
        `To choose a new password, open this link within one hour:`,
        `${deps.config.publicUrl}/reset-password/${token}`,
        '',
        'If you did not ask for this, you can ignore this message; your password stays as it is.',
      ].join('\n'),
    });
  });
}

export async function checkResetToken(deps: AppDeps, token: string): Promise<void> {
  const row = await repo.findLiveResetToken(deps.database.db, hashOneTimeToken(token));
  if (!row) throw notFound('Reset link', CODES.TOKEN_INVALID);
}

/** Uses the token once: sets the password, clears a forced change and voids every session of the user. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await deps.database.db.transaction(async (tx) => {
    const row = await repo.findLiveResetToken(tx, hashOneTimeToken(token), true);
    if (!row) throw notFound('Reset link', CODES.TOKEN_INVALID);
    await repo.markResetTokenUsed(tx, row.passwordResetTokenId);
    await setPassword(tx, row.userId, passwordHash);
    await writeAudit(tx, { userId: row.userId, action: 'PASSWORD_RESET', tableName: 'users', recordId: row.userId });
  });
}

/**
 * Sets a password for `targetUserId` (the caller's own or, for a user manager, another's). A user's own
 * change clears a forced change; a password someone else chose is known to them, so its owner must
 * replace it at the next login. Returns a fresh token for self-changes.
 */
export async function changePassword(
  deps: AppDeps,
  callerId: number,
  targetUserId: number,
  newPassword: string,
): Promise<string | null> {
  const passwordHash = await hashPassword(newPassword);
  const self = callerId === targetUserId;
  await deps.database.db.transaction(async (tx) => {
    await setPassword(tx, targetUserId, passwordHash);
    if (!self) await setUserForcePasswordReset(tx, targetUserId, true);
    await writeAudit(tx, {
      userId: callerId,
      action: 'PASSWORD_CHANGE',
      tableName: 'users',
      recordId: targetUserId,
      after: { force_password_reset: !self },
    });
  });
  // Earlier tokens are now void; the caller keeps working with a new one.
  return self ? (await deps.tokens.issue(callerId)).token : null;
}
