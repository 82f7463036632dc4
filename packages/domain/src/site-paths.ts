/**
 * The staff side's pages: sign-in, the password pages and the portal (SPEC 2). The api serves them the app's shell
 * and never a rendered public page (plugins/web.ts); the offline worker never keeps or serves them (decision 0066)
 * and is never registered from them (decision 0069). One definition for the three.
 */
export const STAFF_PAGE = /^\/(portal|login|forgotten-password|reset-password)(\/|$)/;

export function isStaffPage(pathname: string): boolean {
  return STAFF_PAGE.test(pathname);
}
