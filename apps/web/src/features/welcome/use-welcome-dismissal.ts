import { useCallback, useContext, useEffect, useState } from 'react';
import { LIMITS } from '@beach/domain/constants';
import { isWelcomeDismissed, rememberDismissalForServer, ServedWelcomeDismissal, storeWelcomeDismissed } from './welcome-storage';

/**
 * The welcome pop-up shows until dismissed. While it is not dismissed, storage is re-checked every
 * LIMITS.welcomeCheckMs, so a dismissal in another tab closes it here too. In the server's render, the dismissal
 * its cookie tells (decision 0073).
 */
export function useWelcomeDismissal() {
  const served = useContext(ServedWelcomeDismissal);
  const [dismissed, setDismissed] = useState(() => (typeof document === 'undefined' ? served : isWelcomeDismissed()));

  useEffect(() => {
    if (dismissed) {
      rememberDismissalForServer();
      return;
    }
    const timer = window.setInterval(() => {
      if (isWelcomeDismissed()) setDismissed(true);
    }, LIMITS.welcomeCheckMs);
    return () => window.clearInterval(timer);
  }, [dismissed]);

  const dismiss = useCallback(() => {
    storeWelcomeDismissed();
    setDismissed(true);
  }, []);

  return { dismissed, dismiss };
}
