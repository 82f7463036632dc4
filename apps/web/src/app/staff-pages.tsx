import { lazy } from 'react';

// The staff side's pages, each a chunk of its own: the portal's layout, its pages and the sign-in pages. The route
// table names them through this module, itself a chunk of its own (StaffPage in routes.tsx), so the files they
// preload (forms, schemas, the portal's menus: some twenty names) are listed here and not in the app chunk that
// every public page loads (decision 0082).
const PAGES = {
  layout: lazy(() => {
    // The portal's page list (portal-pages.tsx) is fetched alongside, so a page loads no later than the layout.
    void import('./portal-pages').catch(() => undefined);
    return import('./layouts/PortalLayout');
  }),
  /**
   * The portal's pages: one route in the app's table (`/portal/*`), the portal's own table with the portal
   * (portal-pages.tsx). A public page then matches its address against the public routes only (decision 0048).
   */
  portal: lazy(() => import('./portal-pages')),
  login: lazy(() => import('../features/auth/LoginPage')),
  forgotPassword: lazy(() => import('../features/auth/ForgotPasswordPage')),
  resetPassword: lazy(() => import('../features/auth/ResetPasswordPage')),
};

export type StaffPageName = keyof typeof PAGES;

/** The staff page (or layout) `name`; it suspends while its chunk loads. */
export default function StaffPage({ name }: { name: StaffPageName }) {
  const Page = PAGES[name];
  return <Page />;
}
