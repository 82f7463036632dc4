import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle (decision 0020): what the first view does not need
 * waits for it, so it takes nothing from the map on a slow connection. The welcome pop-up (and the modal
 * library it brings) waits for it; so do the site switches on the map page, which shows no news banner.
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const settle = () => setSettled(true);
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(settle, { timeout: 3000 });
      else timer = window.setTimeout(settle, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return settled;
}
