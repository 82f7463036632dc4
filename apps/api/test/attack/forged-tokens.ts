/**
 * Tokens an attacker can make or replay: none of them may open a staff call (401 every time).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TestContext } from '../helpers';

export interface ForgedToken {
  label: string;
  token: string;
}

const b64url = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * - a real token with its signature changed;
 * - a well-formed token for the admin signed with another key;
 * - an expired token signed with the server's own key;
 * - `alg: none` with the admin's claims and no signature;
 * - a token revoked by logout;
 * - a token, signed with the server's key, of an account that has been deactivated;
 * - text that is no JWT at all.
 */
export async function forgedTokens(
  ctx: TestContext,
  opts: { adminToken: string; adminId: number; inactiveUserId: number; revokedToken: string },
): Promise<ForgedToken[]> {
  const serverKey = new TextEncoder().encode(ctx.deps.config.jwtSecret);
  const now = Math.floor(Date.now() / 1000);
  const [header, payload, signature] = opts.adminToken.split('.') as [string, string, string];
  // Every claim a real token carries (whatever the server adds later), with only the forged ones changed.
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const sign = (key: Uint8Array, sub: number, iat: number, exp: number) =>
    new SignJWT({ ...claims, sub: String(sub), jti: randomUUID(), iat, exp }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);

  const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  return [
    { label: 'bad signature', token: `${header}.${payload}.${flipped}` },
    { label: 'signed with another key', token: await sign(randomBytes(32), opts.adminId, now, now + 3600) },
    { label: 'expired', token: await sign(serverKey, opts.adminId, now - 7200, now - 3600) },
    { label: 'alg none', token: `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.` },
    { label: 'revoked by logout', token: opts.revokedToken },
    { label: 'deactivated account', token: await sign(serverKey, opts.inactiveUserId, now, now + 3600) },
    { label: 'not a JWT', token: 'not-a-jwt' },
  ];
}
