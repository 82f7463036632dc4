import { useEffect, useRef } from 'react';
import { usePublicText } from '../../i18n';
import '../../i18n/page-text';

interface LicenseNoticeProps {
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * The data-use notice (SPEC 4, license modal) a visitor accepts before downloading; accepting extends the
 * license by 4 hours. It takes the download panel's place inside the Download Data dialog rather than
 * stacking a second dialog on top of it.
 */
export function LicenseNotice({ onAccept, onCancel }: LicenseNoticeProps) {
  const { t } = usePublicText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="license-notice-heading" className="license-notice">
      <h3 id="license-notice-heading" ref={heading} tabIndex={-1} className="font-heading-md margin-top-0">
        {t('license.heading')}
      </h3>
      <p>{t('license.provided')}</p>
      <p>{t('license.warranty')}</p>
      <p className="text-bold">{t('license.duration')}</p>
      <div className="download-actions">
        <button type="button" className="usa-button" onClick={onAccept}>
          {t('license.accept')}
        </button>
        <button type="button" className="usa-button usa-button--outline" onClick={onCancel}>
          {t('license.cancel')}
        </button>
      </div>
    </section>
  );
}
