import { useState } from 'react';
import { setLanguage, usePublicText, type Language } from './index';

/**
 * The language switch of the public layout, in place of the third-party translate widget: it names the
 * other language in that language ('Español' / 'English'), marked with its lang attribute.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = usePublicText();
  const [busy, setBusy] = useState(false);
  const other = t('layout.otherLanguageCode') as Language;
  return (
    <button
      type="button"
      className={['usa-button usa-button--unstyled language-switch', className].filter(Boolean).join(' ')}
      lang={other}
      title={t('layout.switchLanguage')}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        // A failed load of the other language's text leaves the page as it is.
        void setLanguage(other)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('layout.otherLanguage')}
    </button>
  );
}
