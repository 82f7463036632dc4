import { usePublicText } from '../../i18n';

/** The language of the alert e-mails: two radio buttons in a fieldset. */
export function LanguageChoice({ value, onChange }: { value: 'en' | 'es'; onChange(value: 'en' | 'es'): void }) {
  const { t } = usePublicText();
  return (
    <fieldset className="usa-fieldset margin-top-3">
      <legend className="usa-legend">{t('alerts.subscribe.language')}</legend>
      {(['en', 'es'] as const).map((code) => (
        <div key={code} className="usa-radio">
          <input className="usa-radio__input" id={`alerts-language-${code}`} type="radio" name="alerts-language" value={code} checked={value === code} onChange={() => onChange(code)} />
          <label className="usa-radio__label" htmlFor={`alerts-language-${code}`} lang={code}>
            {code === 'en' ? t('alerts.subscribe.english') : t('alerts.subscribe.spanish')}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
