import { Suspense } from 'react';
import { lazyPage } from '../../app/lazy-page';
import { Loading } from '../../components/Loading';

/**
 * The alert pages' route element: a module with no dependencies of its own, so the map's first view (whose
 * entry lists the files every lazy route needs) pays one file name for the four alert pages, not their styles
 * and shared chunks.
 */
const AlertsRoutes = lazyPage(() => import('./AlertsRoutes'));

/**
 * Loads the alert pages themselves; the route table's loader of this module waits for it, so an alert page's
 * first render (the browser's, and the server's: decision 0067) is the page, not a Loading… line.
 */
export const preloadAlertsRoutes = AlertsRoutes.preload;

export default function AlertsPages() {
  return (
    <Suspense fallback={<Loading />}>
      <AlertsRoutes />
    </Suspense>
  );
}
