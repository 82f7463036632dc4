import { lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading';

/**
 * The alert pages' route element: a module with no dependencies of its own, so the map's first view (whose
 * entry lists the files every lazy route needs) pays one file name for the four alert pages, not their styles
 * and shared chunks.
 */
const AlertsRoutes = lazy(() => import('./AlertsRoutes'));

export default function AlertsPages() {
  return (
    <Suspense fallback={<Loading />}>
      <AlertsRoutes />
    </Suspense>
  );
}
