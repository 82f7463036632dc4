import { CODES, LIMITS, MESSAGES, loginDelayMs, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { HttpError, badRequest, notFound, unauthenticated } from '../../lib/http';
import { assertAcceptableNewPassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/tokens';
import { findCredentialsByEmail, findUserEmail, findUserProfile, recordLogin, setPassword } from '../users/repository';
import * as repo from './repository';

const tooManyAttempts = () => new HttpError(429, CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyAttempts);
const accountKey = (kind: string, email: string) => `${kind}:account:${email}`;
const addressKey = (kind: string, ip: string) => `${kind}:address:${ip}`;
const pairKey = (kind: string, email: string, ip: string) => `${kind}:pair:${email}|${ip}`;
/** The account's failures are only counted (for the delay), never refused: a limit no one reaches. */
const UNLIMITED = 1_000_000_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes one attempt from each allowance before any password is checked, or refuses with 429 when one is
 * used up (taking nothing). The reservation is atomic in the store, so a burst of parallel guesses gets at
 * most the allowance evaluated, however slow the check after it is.
 */
async function reserveAll(deps: AppDeps, limits: [key: string, limit: number][]) {
  const taken = await Promise.all(limits.map(([key, limit]) => deps.throttle.reserve(key, limit, LIMITS.loginWindowMs)));
  if (taken.every(Boolean)) return;
  // A refused attempt is not a failure: give back what was taken.
  await Promise.all(limits.map(([key], i) => taken[i] && deps.throttle.release(key)));
  throw tooManyAttempts();
}

export interface LoginOutcome {
  code: typeof CODES.LOGIN_SUCCESS | typeof CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE;
  token: string;
  user: UserProfile;
}

export async function login(deps: AppDeps, email: string, password: string, ip: string): Promise<LoginOutcome> {
  const { db } = deps.database;
  // Hard limits per account-and-address pair and per address; the reserved attempts stay counted when the
  // password is wrong, and a success gives them back. An account's failures from everywhere only slow it.
  await reserveAll(deps, [
    [pairKey('login', email, ip), LIMITS.loginFailuresPerAccount],
    [addressKey('login', ip), LIMITS.loginFailuresPerAddress],
  ]);
  const accountFailures = await deps.throttle.peek(accountKey('login', email));
  const delay = loginDelayMs(accountFailures);
  if (delay > 0) await sleep(delay);
  const credentials = await findCredentialsByEmail(db, email);
  const valid = await verifyPassword(credentials?.passwordHash ?? null, password);
  // An inactive account answers exactly like a wrong password: no hint that the address exists.
  if (!credentials || !valid || !credentials.active) {
    await deps.throttle.reserve(accountKey('login', email), UNLIMITED, LIMITS.loginWindowMs);
    throw new HttpError(401, CODES.BAD_USER_NAME_OR_PASSWORD, MESSAGES.badCredentials);
  }
  // Success ends the account's and the pair's run of failures; the address keeps its earlier failures.
  await Promise.all([
    deps.throttle.reset(accountKey('login', email)),
    deps.throttle.reset(pairKey('login', email, ip)),
    deps.throttle.release(addressKey('login', ip)),
  ]);
  await recordLogin(db, credentials.userId);
  const [{ token }, user] = await Promise.all([
    deps.tokens.issue(credentials.userId, credentials.tokenVersion),
    findUserProfile(db, credentials.userId),
  ]);
  if (!user) throw unauthenticated();
  return {
    code: credentials.forcePasswordReset ? CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE : CODES.LOGIN_SUCCESS,
    token,
    user,
  };
}

/**
 * A fresh token for a still-valid session, under the version the old one carried (so a password change
 * after the old token was checked voids the new one too) and with the session's sign-in time, so no session
 * outlives LIMITS.sessionMaxSeconds however often it is refreshed (the last token may be shorter). The old
 * token is revoked first and only once: of two refreshes of the same token racing, one wins, the others 401.
 */
export async function refresh(deps: AppDeps, user: { userId: number; jti: string; exp: number; ver: number; auth: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const sessionEnds = user.auth + LIMITS.sessionMaxSeconds;
  if (now >= sessionEnds - 60) throw unauthenticated(CODES.VERIFICATION_FAILED_EXPIRED, 'Your session has ended. Please log in again.');
  const revoked = await repo.revokeToken(deps.database.db, user.jti, new Date(user.exp * 1000));
  if (!revoked) throw unauthenticated(CODES.VERIFICATION_FAILED_EXPIRED, 'Your session has expired. Please log in again.');
  const { token } = await deps.tokens.issue(user.userId, user.ver, user.auth, sessionEnds);
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
  await reserveAll(deps, [
    [accountKey('recover', email), LIMITS.loginFailuresPerAccount],
    [addressKey('recover', ip), LIMITS.loginFailuresPerAddress],
  ]);
  // Known or unknown, the answer comes no sooner than the floor: the work for a real account (a token, an
  // outbox row) hides inside it, so the timing tells no one whether the address has an account.
  await Promise.all([sleep(LIMITS.recoveryMinResponseMs), sendResetLink(deps, email)]);
}

async function sendResetLink(deps: AppDeps, email: string): Promise<void> {
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
    const email = (await findUserEmail(tx, row.userId)) ?? null;
    assertAcceptableNewPassword(newPassword, email, CODES.VALIDATION_FAILED);
    await repo.markResetTokenUsed(tx, row.passwordResetTokenId);
    await setPassword(tx, row.userId, passwordHash);
    await writeAudit(tx, { userId: row.userId, action: 'PASSWORD_RESET', tableName: 'users', recordId: row.userId });
  });
}

/**
 * Sets a password for `targetUserId`: the caller's own (which needs `currentPassword`) or, for a user
 * manager already checked by the route, another's. Every earlier token of the target dies (the version
 * rises). A user's own change clears a forced change; a password someone else chose is known to them, so
 * its owner must replace it at the next login. Returns a fresh token for self-changes.
 */
export async function changePassword(
  deps: AppDeps,
  callerId: number,
  targetUserId: number,
  newPassword: string,
  currentPassword: string | null,
): Promise<string | null> {
  const self = callerId === targetUserId;
  const { db } = deps.database;
  const email = await findUserEmail(db, targetUserId);
  if (email === null) throw notFound('User');
  assertAcceptableNewPassword(newPassword, email, CODES.USER_BAD_VALIDATION, MESSAGES.passwordChangeFailed);
  if (self) {
    const credentials = await findCredentialsByEmail(db, email);
    if (!(await verifyPassword(credentials?.passwordHash ?? null, currentPassword ?? ''))) {
      throw badRequest(CODES.USER_BAD_VALIDATION, MESSAGES.passwordChangeFailed, [
        { field: 'currentPassword', message: MESSAGES.currentPasswordWrong },
      ]);
    }
  }
  const passwordHash = await hashPassword(newPassword);
  const version = await db.transaction(async (tx) => {
    const newVersion = await setPassword(tx, targetUserId, passwordHash, !self);
    await writeAudit(tx, {
      userId: callerId,
      action: 'PASSWORD_CHANGE',
      tableName: 'users',
      recordId: targetUserId,
      after: { force_password_reset: !self },
    });
    return newVersion;
  });
  // Earlier tokens are now void; the caller keeps working with a new one.
  return self ? (await deps.tokens.issue(callerId, version)).token : null;
}
