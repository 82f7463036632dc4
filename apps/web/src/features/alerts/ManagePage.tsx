import './alerts.css';
import './alerts-text';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { alertManageUpdateSchema, type AlertPlaces, type AlertPlacesList, type AlertSubscription } from '@beach/domain';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { usePublicText } from '../../i18n';
import { useAlertManagedQuery, useAlertManageSaveMutation, useAlertPlacesQuery, useAlertUnsubscribeMutation } from './api';
import { LanguageChoice } from './LanguageChoice';
import { PlacesPicker, placesError } from './PlacesPicker';

/** /alerts/manage/{token}: see and change what is followed and the language, or unsubscribe from all. */
export default function ManagePage() {
  const { t } = usePublicText();
  const { token = '' } = useParams();
  const managed = useAlertManagedQuery(token);
  const places = useAlertPlacesQuery();
  const [unsubscribe, unsubscribing] = useAlertUnsubscribeMutation();

  if (unsubscribing.isSuccess) {
    return (
      <PublicPage title={t('alerts.manage.title')}>
        <Unsubscribed />
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('alerts.manage.title')} intro={managed.data ? t('alerts.manage.intro', { email: managed.data.email }) : undefined}>
      <QueryState
        isLoading={managed.isLoading || places.isLoading}
        error={managed.error ?? places.error}
        onRetry={() => void (managed.error ? managed.refetch() : places.refetch())}
        notFoundText={t('alerts.manage.invalid')}
      >
        {places.data && managed.data && (
          <>
            <ManageForm token={token} places={places.data} subscription={managed.data} />
            <section className="alerts-unsubscribe" aria-labelledby="alerts-unsubscribe-heading">
              <h2 id="alerts-unsubscribe-heading">{t('alerts.manage.unsubscribeHeading')}</h2>
              <p>{t('alerts.manage.unsubscribeText')}</p>
              {unsubscribing.isError && (
                <p className="usa-error-message" role="alert">
                  {t('alerts.unsubscribe.failed')}
                </p>
              )}
              <button type="button" className="usa-button usa-button--secondary" disabled={unsubscribing.isLoading} onClick={() => void unsubscribe(token)}>
                {t('alerts.manage.unsubscribe')}
              </button>
            </section>
          </>
        )}
      </QueryState>
    </PublicPage>
  );
}

/** The places and language form, starting from the saved subscription. */
function ManageForm({ token, places, subscription }: { token: string; places: AlertPlacesList; subscription: AlertSubscription }) {
  const { t } = usePublicText();
  const [save, saving] = useAlertManageSaveMutation();
  const [value, setValue] = useState<AlertPlaces>(() => ({
    beach_ids: subscription.beaches.map((p) => p.id),
    municipality_ids: subscription.municipalities.map((p) => p.id),
    county_ids: subscription.counties.map((p) => p.id),
  }));
  const [language, setLanguage] = useState<'en' | 'es'>(subscription.language);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [placesProblem, setPlacesProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = alertManageUpdateSchema.safeParse({ ...value, language });
    if (!parsed.success) {
      setPlacesProblem(placesError(t, parsed.error.issues[0]?.message));
      setMessage(null);
      return;
    }
    setPlacesProblem(undefined);
    try {
      await save({ token, body: parsed.data }).unwrap();
      setMessage({ kind: 'success', text: t('alerts.manage.saved') });
    } catch {
      setMessage({ kind: 'error', text: t('alerts.manage.failed') });
    }
  };

  return (
    <form className="usa-form usa-form--large alerts-form" noValidate onSubmit={(event) => void submit(event)}>
      {message && (
        <div className={`usa-alert usa-alert--${message.kind} usa-alert--slim`} role={message.kind === 'error' ? 'alert' : 'status'}>
          <div className="usa-alert__body">
            <p className="usa-alert__text">{message.text}</p>
          </div>
        </div>
      )}
      <PlacesPicker places={places} value={value} onChange={setValue} error={placesProblem} />
      <LanguageChoice value={language} onChange={setLanguage} />
      <button type="submit" className="usa-button" disabled={saving.isLoading}>
        {saving.isLoading ? t('alerts.manage.saving') : t('alerts.manage.save')}
      </button>
    </form>
  );
}

/** After unsubscribing: said plainly, with the way back. */
export function Unsubscribed() {
  const { t } = usePublicText();
  return (
    <>
      <div className="usa-alert usa-alert--success" role="status">
        <div className="usa-alert__body">
          <h2 className="usa-alert__heading">{t('alerts.unsubscribe.doneHeading')}</h2>
          <p className="usa-alert__text">{t('alerts.unsubscribe.done')}</p>
        </div>
      </div>
      <p>
        <Link className="usa-link" to="/alerts/subscribe">
          {t('alerts.unsubscribe.subscribeAgain')}
        </Link>
      </p>
    </>
  );
}
