import { lazy, Suspense } from 'react';
import { usePageSettled } from '../../components/use-page-settled';
import { useWelcomeDismissal } from './use-welcome-dismissal';

const WelcomeModal = lazy(() => import('./WelcomeModal'));

/**
 * The welcome pop-up: shown while the WELCOME_MODAL switch is on (`enabled`) and this browser has not
 * dismissed it; closed for good by X or Close (SPEC 4).
 */
export function Welcome({ enabled }: { enabled: boolean }) {
  const { dismissed, dismiss } = useWelcomeDismissal();
  const settled = usePageSettled();
  if (!enabled || dismissed || !settled) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeModal onClose={dismiss} />
    </Suspense>
  );
}

