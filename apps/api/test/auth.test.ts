import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CODES, LIMITS, MESSAGES } from '@beach/domain';
import { buildApp } from '../src/app';
import type { TrustProxy } from '../src/config';
import { mailOutbox, passwordResetTokens, users } from '../src/db/schema';
import { createTokenService } from '../src/lib/tokens';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DEMO_PASSWORD } from '../src/db/seed/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  ctx.call({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe(`auth on ${DATABASE_KIND}`, () => {
  describe('POST /api/login', () => {
    it('logs in with the e-mail in any case and returns token and profile', async () => {
      const res = await login('Admin@Example.ORG', DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(CODES.LOGIN_SUCCESS);
      expect(body.payload.token.split('.')).toHaveLength(3);
      expect(body.payload.user.email).toBe('admin@example.org');
      expect(body.payload.user.organization.is_admin_organization).toBe(true);
      expect(JSON.stringify(body)).not.toMatch(/password_hash|passwordHash|argon2/);
    });

    it('puts the expiry in the token in seconds', async () => {
      const token = (await login('admin@example.org', DEMO_PASSWORD)).json().payload.token as string;
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
      expect(claims.exp).toBeLessThan(Date.now() / 1000 + 24 * 3600);
    });

    it('answers LOGIN_SUCCESS_FORCE_PW_CHANGE for a flagged account', async () => {
      const res = await login('newuser@example.org', DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE);
    });

    it('rejects a wrong password and an unknown address alike', async () => {
      const wrong = await login('sampler@example.org', 'wrong-password', '10.0.0.2');
      const unknown = await login('nobody@example.org', 'wrong-password', '10.0.0.2');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().code).toBe(CODES.BAD_USER_NAME_OR_PASSWORD);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it.each([
      [{ email: '', password: 'abcdefgh' }, MESSAGES.emailRequired],
      [{ email: 'not-an-email', password: 'abcdefgh' }, MESSAGES.emailInvalid],
      [{ email: 'a@b.org', password: '' }, MESSAGES.passwordRequired],
      [{ email: 'a@b.org', password: 'short' }, MESSAGES.passwordTooShort],
      [{ email: 'a@b.org', password: 'x'.repeat(33) }, MESSAGES.passwordTooLong],
    ])('validates %j with the spec message', async (payload, message) => {
      const res = await ctx.call({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(res.json().payload.map((p: { message: string }) => p.message)).toContain(message);
    });

    it('refuses an inactive user', async () => {
      await ctx.database.db.update(users).set({ active: false }).where(eq(users.email, 'health@example.org'));
      const res = await login('health@example.org', DEMO_PASSWORD, '10.0.0.3');
      await ctx.database.db.update(users).set({ active: true }).where(eq(users.email, 'health@example.org'));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(CODES.BAD_USER_NAME_OR_PASSWORD);
    });

    it('answers 429 on the sixth failed attempt of one account from one address, and never locks the owner out elsewhere', async () => {
      for (let i = 1; i <= 5; i++) {
        const res = await login('multi@example.org', 'wrong-password', '10.1.0.1');
        expect(res.statusCode).toBe(401);
      }
      const sixth = await login('multi@example.org', DEMO_PASSWORD, '10.1.0.1');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe(CODES.TOO_MANY_ATTEMPTS);
      // The owner, from their own address, still gets in: the account's failures only delay (one second here).
      const started = Date.now();
      expect((await login('multi@example.org', DEMO_PASSWORD, '10.1.0.99')).statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      // Another account from the same office address is unaffected.
      expect((await login('verifier@example.org', DEMO_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
      // The window would end after 15 minutes; end it now so later tests can use the account.
      await ctx.deps.throttle.reset('login:pair:multi@example.org|10.1.0.1');
    });

    it('counts parallel wrong guesses atomically: at most five are evaluated, the rest answer 429', async () => {
      const email = 'sampler@example.org';
      const ip = '10.6.0.1';
      await ctx.deps.throttle.reset(`login:account:${email}`);
      const codes = (await Promise.all(Array.from({ length: 12 }, () => login(email, 'wrong-password', ip)))).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(LIMITS.loginFailuresPerAccount);
      expect(codes.filter((c) => c === 429)).toHaveLength(12 - LIMITS.loginFailuresPerAccount);
      // The right password is refused too from that address until the window ends.
      expect((await login(email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
      // Refused attempts are not failures: the address counts only the five evaluated ones.
      expect(await ctx.deps.throttle.peek(`login:address:${ip}`)).toBe(LIMITS.loginFailuresPerAccount);
      await ctx.deps.throttle.reset(`login:account:${email}`);
      await ctx.deps.throttle.reset(`login:pair:${email}|${ip}`);
    });

    it('clears the account on success and does not count a success against the address', async () => {
      const email = 'verifier@example.org';
      const ip = '10.6.1.1';
      for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-password', ip)).statusCode).toBe(401);
      expect(await ctx.deps.throttle.peek(`login:account:${email}`)).toBe(3);
      expect((await login(email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
      expect(await ctx.deps.throttle.peek(`login:account:${email}`)).toBe(0);
      expect(await ctx.deps.throttle.peek(`login:address:${ip}`)).toBe(3);
    });

    it('throttles one address more loosely than one account', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 50; i++) {
        const res = await login(`someone${i}@example.org`, 'wrong-password', ip);
        expect(res.statusCode).toBe(401);
      }
      expect((await login('admin@example.org', DEMO_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login('admin@example.org', DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    });
  });

  describe('client address behind proxies (TRUST_PROXY)', () => {
    /** The address the login limit counted a failed attempt against: which of `candidates` went up. */
    let attempt = 0;
    const countedAddress = async (app: FastifyInstance, remoteAddress: string, forwardedFor: string, candidates: string[]) => {
      attempt += 1;
      const before = await Promise.all(candidates.map((a) => ctx.deps.throttle.peek(`login:address:${a}`)));
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `proxy-${attempt}@example.org`, password: 'wrong-password' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      expect(res.statusCode).toBe(401);
      const after = await Promise.all(candidates.map((a) => ctx.deps.throttle.peek(`login:address:${a}`)));
      return candidates.filter((_, i) => after[i]! > before[i]!);
    };
    const withTrust = (trustProxy: TrustProxy) => buildApp({ ...ctx.deps, config: { ...ctx.deps.config, trustProxy } });

    it('ignores X-Forwarded-For by default', async () => {
      expect(ctx.deps.config.trustProxy).toBe(false);
      expect(await countedAddress(ctx.app, '10.7.0.1', '203.0.113.1', ['10.7.0.1', '203.0.113.1'])).toEqual(['10.7.0.1']);
    });

    it('takes the client address from X-Forwarded-For only when the peer is a configured proxy', async () => {
      const app = await withTrust(['10.7.1.0/24', '127.0.0.1']);
      try {
        expect(await countedAddress(app, '10.7.1.9', '203.0.113.2', ['10.7.1.9', '203.0.113.2'])).toEqual(['203.0.113.2']);
        // A client that is not a listed proxy cannot choose its address.
        expect(await countedAddress(app, '10.7.2.9', '203.0.113.3', ['10.7.2.9', '203.0.113.3'])).toEqual(['10.7.2.9']);
        // Nor prepend one behind the proxy: the nearest untrusted address counts.
        expect(await countedAddress(app, '10.7.1.9', '198.51.100.1, 203.0.113.4', ['198.51.100.1', '203.0.113.4'])).toEqual(['203.0.113.4']);
      } finally {
        await app.close();
      }
    });

    it('trusts a number of hops', async () => {
      const app = await withTrust(1);
      try {
        expect(await countedAddress(app, '10.7.3.9', '198.51.100.2, 203.0.113.5', ['10.7.3.9', '198.51.100.2', '203.0.113.5'])).toEqual(['203.0.113.5']);
      } finally {
        await app.close();
      }
    });
  });

  describe('token verification, refresh and logout', () => {
    it('verifies a live token', async () => {
      const token = await ctx.login('sampler@example.org');
      const res = await ctx.call({ method: 'GET', url: '/api/login/verify/', token });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.VERIFICATION_SUCCESS);
    });

    it('answers VERIFICATION_FAILED_EXPIRED with 401 for an expired or forged token', async () => {
      const expired = await createTokenService(ctx.deps.config.jwtSecret, -60).issue(1, 0);
      const forged = await createTokenService('another-secret-another-secret-another', 3600).issue(1, 0);
      for (const token of [expired.token, forged.token, 'not.a.jwt']) {
        const res = await ctx.call({ method: 'GET', url: '/api/login/verify/', token });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(CODES.VERIFICATION_FAILED_EXPIRED);
        expect((await ctx.call({ method: 'GET', url: '/api/user/current/', token })).statusCode).toBe(401);
      }
    });

    it('needs a token for staff calls', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/user/current/' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(CODES.UNAUTHENTICATED);
    });

    it('refreshes a token and revokes the old one', async () => {
      const token = await ctx.login('sampler@example.org');
      const res = await ctx.call({ method: 'GET', url: '/api/login/verify/refresh/', token });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().payload.token;
      expect((await ctx.call({ method: 'GET', url: '/api/user/current/', token: fresh })).statusCode).toBe(200);
      expect((await ctx.call({ method: 'GET', url: '/api/user/current/', token })).statusCode).toBe(401);
    });

    it('revokes the token at logout at once', async () => {
      const token = await ctx.login('sampler@example.org');
      const out = await ctx.call({ method: 'GET', url: '/api/logout', token });
      expect(out.statusCode).toBe(200);
      expect(out.json().code).toBe(CODES.LOGGED_OUT);
      const after = await ctx.call({ method: 'GET', url: '/api/user/current/', token });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(CODES.VERIFICATION_FAILED_EXPIRED);
    });

    it('returns the current user profile', async () => {
      const token = await ctx.login('multi@example.org');
      const res = await ctx.call({ method: 'GET', url: '/api/user/current/', token });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.email).toBe('multi@example.org');
      expect(new Set(res.json().payload.program_permissions.map((p: { program: { program_id: number } }) => p.program.program_id)).size).toBeGreaterThanOrEqual(2);
    });
  });

  describe('password recovery', () => {
    const latestMail = async (to: string) =>
      (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.mailId)).limit(1))[0];

    it('answers TOKEN_CREATED whether or not the address exists, and mails only real accounts', async () => {
      const known = await ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email: 'Verifier@example.org' }, remoteAddress: '10.3.0.1' });
      const unknown = await ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email: 'ghost@example.org' }, remoteAddress: '10.3.0.1' });
      expect(known.statusCode).toBe(200);
      expect(known.json().code).toBe(CODES.TOKEN_CREATED);
      expect(unknown.json()).toEqual(known.json());
      expect(await latestMail('ghost@example.org')).toBeUndefined();
      const mail = await latestMail('verifier@example.org');
      expect(mail?.bodyText).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/);
    });

    it('resets with the mailed link once, then the link is dead and the new password works', async () => {
      await ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email: 'health@example.org' }, remoteAddress: '10.3.0.2' });
      const token = (await latestMail('health@example.org'))!.bodyText.match(/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
      expect((await ctx.call({ method: 'GET', url: `/api/login/recover/${token}` })).json().code).toBe(CODES.TOKEN_VALID);
      const stored = await ctx.database.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
      expect(stored.map((s) => s.hash)).not.toContain(token);

      const bad = await ctx.call({ method: 'PUT', url: `/api/login/recover/${token}`, payload: { newPassword: 'short', newPasswordRetype: 'short' } });
      expect(bad.statusCode).toBe(400);

      const res = await ctx.call({ method: 'PUT', url: `/api/login/recover/${token}`, payload: { newPassword: 'fresh-pass-123', newPasswordRetype: 'fresh-pass-123' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.PASSWORD_CHANGED);
      const again = await ctx.call({ method: 'PUT', url: `/api/login/recover/${token}`, payload: { newPassword: 'other-pass-123', newPasswordRetype: 'other-pass-123' } });
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe(CODES.TOKEN_INVALID);
      expect((await login('health@example.org', 'fresh-pass-123', '10.3.0.3')).statusCode).toBe(200);
    });

    it('rejects an expired link', async () => {
      await ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email: 'sampler@example.org' }, remoteAddress: '10.3.0.4' });
      const token = (await latestMail('sampler@example.org'))!.bodyText.match(/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
      await ctx.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
      const res = await ctx.call({ method: 'GET', url: `/api/login/recover/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(CODES.TOKEN_INVALID);
    });

    it('throttles recovery requests per account', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email: 'admin@example.org' }, remoteAddress: `10.4.0.${i}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('throttles parallel recovery requests for one account atomically', async () => {
      const email = 'ghost-parallel@example.org';
      const codes = (
        await Promise.all(
          Array.from({ length: 9 }, (_, i) =>
            ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email }, remoteAddress: `10.4.1.${i}` }),
          ),
        )
      ).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(LIMITS.loginFailuresPerAccount);
      expect(codes.filter((c) => c === 429)).toHaveLength(9 - LIMITS.loginFailuresPerAccount);
    });

    it('validates the e-mail', async () => {
      const res = await ctx.call({ method: 'POST', url: '/api/login/recover/', payload: { email: 'nope' } });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('PUT /api/user/password', () => {
    it('changes the forced password, clears the flag and keeps the caller signed in with a new token', async () => {
      const loginRes = await login('newuser@example.org', DEMO_PASSWORD, '10.5.0.1');
      const token = loginRes.json().payload.token;
      const res = await ctx.call({ method: 'PUT', url: '/api/user/password/', token, payload: { currentPassword: DEMO_PASSWORD, newPassword: 'my-new-pass-1', newPasswordRetype: 'my-new-pass-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.PASSWORD_CHANGED);
      const fresh = res.json().payload.token;
      const me = await ctx.call({ method: 'GET', url: '/api/user/current/', token: fresh });
      expect(me.json().payload.force_password_reset).toBe(false);
      expect((await login('newuser@example.org', 'my-new-pass-1', '10.5.0.2')).json().code).toBe(CODES.LOGIN_SUCCESS);
    });

    it('answers USER_BAD_VALIDATION with the spec message for bad input', async () => {
      const token = await ctx.login('verifier@example.org');
      const res = await ctx.call({ method: 'PUT', url: '/api/user/password/', token, payload: { newPassword: 'short', newPasswordRetype: 'short' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: CODES.USER_BAD_VALIDATION, message: MESSAGES.passwordChangeFailed });
    });

    it('needs a login', async () => {
      const res = await ctx.call({ method: 'PUT', url: '/api/user/password/', payload: { newPassword: 'abcdefgh', newPasswordRetype: 'abcdefgh' } });
      expect(res.statusCode).toBe(401);
    });

    it("refuses to set another user's password without user management rights", async () => {
      const token = await ctx.login('verifier@example.org');
      const [admin] = await ctx.database.db.select({ id: users.userId }).from(users).where(eq(users.email, 'admin@example.org'));
      const res = await ctx.call({ method: 'PUT', url: `/api/user/password/${admin!.id}`, token, payload: { newPassword: 'abcdefgh1', newPasswordRetype: 'abcdefgh1' } });
      expect(res.statusCode).toBe(403);
    });

    it("lets an organization admin set another user's password, which its owner must change at the next login", async () => {
      const token = await ctx.login('admin@example.org');
      const [target] = await ctx.database.db.select({ id: users.userId }).from(users).where(eq(users.email, 'multi@example.org'));
      const res = await ctx.call({ method: 'PUT', url: `/api/user/password/${target!.id}`, token, payload: { newPassword: 'set-by-admin-1', newPasswordRetype: 'set-by-admin-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.token).toBeNull();
      // The owner's next login leads to the forced change.
      const next = await login('multi@example.org', 'set-by-admin-1', '10.5.0.3');
      expect(next.statusCode).toBe(200);
      expect(next.json().code).toBe(CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE);
      expect(next.json().payload.user.force_password_reset).toBe(true);
      // Changing it themselves clears the flag.
      const own = await ctx.call({ method: 'PUT', url: '/api/user/password/', token: next.json().payload.token, payload: { currentPassword: 'set-by-admin-1', newPassword: 'chosen-by-me-1', newPasswordRetype: 'chosen-by-me-1' } });
      expect(own.statusCode).toBe(200);
      expect((await login('multi@example.org', 'chosen-by-me-1', '10.5.0.3')).json().code).toBe(CODES.LOGIN_SUCCESS);
    });
  });
});
