import { useWelcomeDismissal } from './use-welcome-dismissal';
import WelcomeModal from './WelcomeModal';

/**
 * The welcome pop-up: shown while the WELCOME_MODAL switch is on (`enabled`) and this browser has not
 * dismissed it; closed for good by X or Close (SPEC 4). Part of a first visit's first view (decision 0020), drawn
 * into the page's HTML by the server's render (decision 0073): the page behind it (the map) loads while the
 * visitor reads it.
 */
export function Welcome({ enabled }: { enabled: boolean }) {
  const { dismissed, dismiss } = useWelcomeDismissal();
  // Always its own element, shown or not: where a served pop-up meets a browser that has closed it (its cookie was
  // lost), the hydration then finds an element it did not expect inside this one and renders the page afresh
  // without it. At the end of #root, React would leave the served pop-up on the page, with nothing to close it.
  return <div className="welcome-slot">{enabled && !dismissed && <WelcomeModal onClose={dismiss} />}</div>;
}
