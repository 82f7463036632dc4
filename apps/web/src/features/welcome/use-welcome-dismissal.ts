import { useCallback, useEffect, useState } from 'react';
import { LIMITS } from '@beach/domain/constants';
import { isWelcomeDismissed, storeWelcomeDismissed } from './welcome-storage';

/**
 * The welcome pop-up shows until dismissed. While it is not dismissed, storage is re-checked every
 * LIMITS.welcomeCheckMs, so a dismissal in another tab closes it here too.
 */
export function useWelcomeDismissal() {
  const [dismissed, setDismissed] = useState(isWelcomeDismissed);

  useEffect(() => {
    if (dismissed) return;
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
