export const LOGIN_PATH = '/login';
export const FORGOT_PASSWORD_PATH = '/forgotten-password';
export const PORTAL_HOME_PATH = '/portal';
/** The page a user flagged for a forced password change is held on (SPEC 2). */
export const CHANGE_PASSWORD_PATH = '/portal/profile/changePassword';

export function isChangePasswordPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === CHANGE_PASSWORD_PATH.toLowerCase();
}

/** Where to go after login: the remembered page when it is one of ours, else the portal home. */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== LOGIN_PATH
    ? from
    : PORTAL_HOME_PATH;
}
