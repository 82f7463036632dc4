import './alerts.css';
import './alerts-text';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { alertSubscribeSchema, type AlertPlaces } from '@beach/domain';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { usePublicText } from '../../i18n';
import type { ApiError } from '../../app/api';
import { useAlertPlacesQuery, useAlertSubscribeMutation } from './api';
import { LanguageChoice } from './LanguageChoice';
import { PlacesPicker, placesError } from './PlacesPicker';

const idsFrom = (value: string | null) => (value ? value.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/**
 * /alerts/subscribe: choose beaches, municipalities or counties, an address and a language; a confirmation
 * mail follows (double opt-in). `?beach=ID` (from a beach page or the map popup) preselects that beach.
 */
export default function SubscribePage() {
  const { t, language } = usePublicText();
  const [params] = useSearchParams();
  const places = useAlertPlacesQuery();
  const [send, sending] = useAlertSubscribeMutation();
  const [value, setValue] = useState<AlertPlaces>({ beach_ids: idsFrom(params.get('beach')), municipality_ids: [], county_ids: [] });
  const [email, setEmail] = useState('');
  const [mailLanguage, setMailLanguage] = useState<'en' | 'es'>(language);
  const [errors, setErrors] = useState<{ email?: string; places?: string; form?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = alertSubscribeSchema.safeParse({ ...value, email, language: mailLanguage });
    if (!parsed.success) {
      const emailIssue = parsed.error.issues.find((i) => i.path[0] === 'email');
      const placeIssue = parsed.error.issues.find((i) => i.path[0] !== 'email' && i.path[0] !== 'language');
      setErrors({
        email: emailIssue ? (email.trim() ? t('alerts.subscribe.emailInvalid') : t('alerts.subscribe.emailRequired')) : undefined,
        places: placesError(t, placeIssue?.message),
      });
      document.getElementById(emailIssue ? 'alerts-email' : 'alerts-beach')?.focus();
      return;
    }
    setErrors({});
    try {
      await send(parsed.data).unwrap();
      setSentTo(parsed.data.email);
    } catch (thrown) {
      const error = thrown as ApiError;
      setErrors({ form: error.status === 429 ? t('alerts.subscribe.tooManyRequests') : (error.status === 400 && error.message) || t('alerts.subscribe.failed') });
    }
  };

  return (
    <PublicPage title={t('alerts.subscribe.title')} intro={t('alerts.subscribe.intro')}>
      {sentTo ? (
        <div className="usa-alert usa-alert--success" role="status">
          <div className="usa-alert__body">
            <h2 className="usa-alert__heading">{t('alerts.subscribe.sentHeading')}</h2>
            <p className="usa-alert__text">{t('alerts.subscribe.sent', { email: sentTo })}</p>
          </div>
        </div>
      ) : (
        <QueryState isLoading={places.isLoading} error={places.error} onRetry={() => void places.refetch()}>
          {places.data && (
            <form className="usa-form usa-form--large alerts-form" noValidate onSubmit={(event) => void submit(event)}>
              {errors.form && (
                <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
                  <div className="usa-alert__body">
                    <p className="usa-alert__text">{errors.form}</p>
                  </div>
                </div>
              )}
              <PlacesPicker places={places.data} value={value} onChange={setValue} error={errors.places} />
              <div className={`usa-form-group${errors.email ? ' usa-form-group--error' : ''}`}>
                <label className="usa-label" htmlFor="alerts-email">
                  {t('alerts.subscribe.email')}
                </label>
                {errors.email && (
                  <span className="usa-error-message" id="alerts-email-error">
                    {errors.email}
                  </span>
                )}
                <input
                  id="alerts-email"
                  className={`usa-input${errors.email ? ' usa-input--error' : ''}`}
                  type="email"
                  autoComplete="email"
                  value={email}
                  maxLength={254}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? 'alerts-email-error' : undefined}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <LanguageChoice value={mailLanguage} onChange={setMailLanguage} />
              <p className="usa-hint">{t('alerts.subscribe.privacy')}</p>
              <button type="submit" className="usa-button" disabled={sending.isLoading}>
                {sending.isLoading ? t('alerts.subscribe.sending') : t('alerts.subscribe.submit')}
              </button>
            </form>
          )}
        </QueryState>
      )}
    </PublicPage>
  );
}
