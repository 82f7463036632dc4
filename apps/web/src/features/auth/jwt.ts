/**
 * The token's expiry in milliseconds, read from its `exp` claim (seconds). Null when the token is not a
 * readable JWT or has no numeric exp. The signature is the server's business; we only need the time.
 */
export function readTokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
