import { useEffect, useState } from 'react';
import { LIMITS } from '@beach/domain/constants';
import { UswdsIcon } from './icons';

/** Floating button that appears once the page has scrolled past LIMITS.backToTopPx. */
export function BackToTop({ label = 'Back to top' }: { label?: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > LIMITS.backToTopPx);
    // Not read while the page is being built: reading the scroll position makes the browser lay out the whole
    // new page there and then, inside the first render's task (decision 0041). A page the browser restores
    // scrolled gets a scroll event; the first frame after the render checks once more, its layout done by then.
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(update)));
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, []);

  if (!visible) return null;
  // Plain USWDS markup (not react-uswds's Button): the public layout loads without that library.
  return (
    <button
      type="button"
      className="usa-button back-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
    >
      <UswdsIcon name="arrowUpward" /> {label}
    </button>
  );
}
