/** Who made a request: what the verified token says (plugins/auth sets it; lib/access reads it). */
export interface AuthUser {
  userId: number;
  jti: string;
  exp: number;
  /** The token version the token was issued under (equal to the user's current one, or it is refused). */
  ver: number;
  /** Sign-in time of the session, seconds. */
  auth: number;
  forcePasswordReset: boolean;
}
