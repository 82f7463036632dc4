import { useEffect, useState } from 'react';
import { LIMITS } from '@beach/domain/constants';
import { UswdsIcon } from './icons';

/** Floating button that appears once the page has scrolled past LIMITS.backToTopPx. */
export function BackToTop({ label = 'Back to top' }: { label?: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > LIMITS.backToTopPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
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
