import { useWelcomeDismissal } from './use-welcome-dismissal';
import WelcomeModal from './WelcomeModal';

/**
 * The welcome pop-up: shown while the WELCOME_MODAL switch is on (`enabled`) and this browser has not
 * dismissed it; closed for good by X or Close (SPEC 4). Part of a first visit's first view (decision 0020):
 * the page behind it (the map) loads while the visitor reads it.
 */
export function Welcome({ enabled }: { enabled: boolean }) {
  const { dismissed, dismiss } = useWelcomeDismissal();
  // Not in the server's render of a page (decision 0067): the server cannot know this browser's dismissal, and a
  // pop-up in the HTML would cover the page for a visitor without JavaScript, who could not close it.
  if (!enabled || dismissed || typeof document === 'undefined') return null;
  return <WelcomeModal onClose={dismiss} />;
}
