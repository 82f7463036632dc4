import { useState } from 'react';
import { UswdsIcon } from '../../components/icons';
import { usePublicText } from '../../i18n';

/** The state's "official website" banner, in the USWDS banner pattern (plain markup, in the visitor's language). */
export function StateBanner() {
  const { t } = usePublicText();
  const [isOpen, setIsOpen] = useState(false);
  const state = t('layout.state');
  return (
    <section className="usa-banner" aria-label={t('layout.officialSite', { state })}>
      <div className="usa-accordion">
        <header className={isOpen ? 'usa-banner__header usa-banner__header--expanded' : 'usa-banner__header'}>
          <div className="usa-banner__inner">
            <div className="grid-col-fill tablet:grid-col-auto" aria-hidden="true">
              <p className="usa-banner__header-text">{t('layout.officialSite', { state })}</p>
              <p className="usa-banner__header-action">{t('layout.howYouKnow')}</p>
            </div>
            <button
              type="button"
              className="usa-accordion__button usa-banner__button"
              aria-expanded={isOpen}
              aria-controls="state-banner-content"
              onClick={() => setIsOpen((open) => !open)}
            >
              <span className="usa-banner__button-text">{t('layout.howYouKnow')}</span>
            </button>
          </div>
        </header>
        {/* Its content only while open: closed (and in every server-rendered page, where the button cannot open it
            without a script) it is hidden text the page would carry for nothing (decision 0067). */}
        <div className="usa-banner__content usa-accordion__content" id="state-banner-content" hidden={!isOpen}>
          {isOpen && (
            <div className="grid-row grid-gap-lg">
              <div className="usa-banner__guidance tablet:grid-col-6">
                <div className="usa-media-block__body">
                  <p>
                    <strong>{t('layout.officialHeading')}</strong>
                    <br />
                    {t('layout.officialText', { state })}
                  </p>
                </div>
              </div>
              <div className="usa-banner__guidance tablet:grid-col-6">
                <div className="usa-media-block__body">
                  <p>
                    <strong>{t('layout.secureHeading')}</strong>
                    <br />
                    {t('layout.secureLock')} (<UswdsIcon name="lock" role="img" aria-hidden={false} aria-label={t('layout.lockIcon')} />){' '}
                    {t('layout.secureText')}
                  </p>
                </div>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
