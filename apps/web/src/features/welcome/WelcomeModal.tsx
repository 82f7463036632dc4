import { useEffect, useId, useRef } from 'react';
import { FIRST_VIEW_ENDS } from '../../app/first-view';
import { UswdsIcon } from '../../components/icons';
import { usePublicText } from '../../i18n';

/**
 * The welcome pop-up promoting the shore license plate: USWDS modal markup, drawn with the first view of a first
 * visit (decision 0020), without the modal library (react-uswds brings some 37 KB for this one dialog).
 * A modal dialog: the page behind it is inert (no focus, not read) and does not scroll; focus goes into it and
 * back where it was when it closes (X, Close, Escape or a click beside it). Fixed over the page, and the
 * scrollbar's width is kept as padding, so opening or closing it never moves the page.
 * In the page where the layout puts it, not in a portal: the server's render draws it into a first visit's HTML
 * (decision 0073), which the browser then hydrates; the page's other parts (its slot's siblings) are made inert.
 * Without JavaScript it is not shown (`welcome-modal` in public.css): nothing could close it.
 */
export default function WelcomeModal({ onClose }: { onClose: () => void }) {
  const { t } = usePublicText();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const { body } = document;
    // The rest of the page: the siblings of the pop-up's slot (Welcome.tsx), less those inert or hidden already
    // (left as they are).
    const slot = wrapper.current?.parentElement;
    const page = [...(slot?.parentElement?.children ?? [])].filter(
      (element) => element !== slot && !element.hasAttribute('inert') && !element.hasAttribute('aria-hidden'),
    );
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const padding = body.style.paddingRight;
    for (const element of page) {
      element.setAttribute('inert', '');
      element.setAttribute('aria-hidden', 'true');
    }
    // Measuring the scrollbar and moving focus make the browser lay the page out there and then: done at the start
    // of the frame that first draws the dialog, not inside the task that rendered the page (decision 0041). The
    // page stops scrolling in that same frame, so it still never moves.
    const frame = requestAnimationFrame(() => {
      const scrollbar = window.innerWidth - document.documentElement.clientWidth;
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      body.classList.add('usa-js-modal--active');
      dialog.current?.focus();
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      for (const element of page) {
        element.removeAttribute('inert');
        element.removeAttribute('aria-hidden');
      }
      body.classList.remove('usa-js-modal--active');
      body.style.paddingRight = padding;
      returnTo?.focus();
    };
  }, []);

  return (
    <div ref={wrapper} className="usa-modal-wrapper is-visible welcome-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-heading`} aria-describedby={`${id}-description`}>
      <div className="usa-modal-overlay" onClick={(event) => event.target === event.currentTarget && onClose()}>
        <div ref={dialog} className="usa-modal" tabIndex={-1}>
          <div className="usa-modal__content">
            <div className="usa-modal__main">
              <h2 className="usa-modal__heading" id={`${id}-heading`}>
                {t('welcome.heading')}
              </h2>
              <div id={`${id}-description`}>
                <p>{t('welcome.intro')}</p>
                <p>
                  {t('welcome.plate')}{' '}
                  <a className="usa-link" href="https://www.nj.gov/mvc/" rel="noopener noreferrer" target="_blank">
                    {t('welcome.plateLink')} {t('layout.opensInNewTab')}
                  </a>
                  .
                </p>
              </div>
              <div className="usa-modal__footer">
                <button type="button" className="usa-button" onClick={onClose}>
                  {t('layout.close')}
                </button>
              </div>
            </div>
            <button type="button" className="usa-button usa-modal__close" aria-label={t('layout.closeWindow')} onClick={onClose}>
              <UswdsIcon name="close" />
            </button>
            {/* The end of a first visit's first view: the page's first paint waits until the browser has this (decision 0091). */}
            <span id={FIRST_VIEW_ENDS.welcome} hidden />
          </div>
        </div>
      </div>
    </div>
  );
}
