import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  userId: number;
  jti: string;
  /** Issued at, seconds. */
  iat: number;
  /** Expiry, seconds (the web reads it and converts to ms). */
  exp: number;
  /**
   * The user's token version when issued. A password change or deactivation raises the stored version, so
   * every token issued before it dies at once, whatever second it was issued in.
   */
  ver: number;
  /** When the session signed in, seconds; refreshes keep it, so a session cannot be refreshed forever. */
  auth: number;
}

export interface TokenService {
  /** `authTime` carries a session's sign-in over a refresh; `notAfter` caps the expiry (the session's end). */
  issue(userId: number, version: number, authTime?: number, notAfter?: number): Promise<{ token: string; claims: TokenClaims }>;
  /** Null when the signature is bad or the token has expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, lifetimeSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId, version, authTime, notAfter) {
      const iat = Math.floor(Date.now() / 1000);
      const auth = authTime ?? iat;
      const exp = Math.min(iat + lifetimeSeconds, notAfter ?? Number.POSITIVE_INFINITY);
      const claims: TokenClaims = { userId, jti: randomUUID(), iat, exp, ver: version, auth };
      const token = await new SignJWT({ ver: version, auth })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(claims.jti)
        .setIssuedAt(iat)
        .setExpirationTime(claims.exp)
        .sign(key);
      return { token, claims };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const ver = payload.ver;
        if (!Number.isInteger(userId) || !payload.jti || !payload.exp || payload.iat === undefined) return null;
        // A token without a version predates versions (or was made elsewhere): never valid.
        if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
        const auth = typeof payload.auth === 'number' ? payload.auth : null;
        if (auth === null || !Number.isInteger(auth)) return null;
        return { userId, jti: payload.jti, iat: payload.iat, exp: payload.exp, ver, auth };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

/** One-time tokens for e-mailed links: the raw value goes in the mail, only its hash is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}
export const hashOneTimeToken = (token: string) => createHash('sha256').update(token).digest('hex');
