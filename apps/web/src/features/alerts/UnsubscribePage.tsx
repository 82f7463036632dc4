import './alerts.css';
import './alerts-text';
import { useParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { usePublicText } from '../../i18n';
import { useAlertUnsubscribeMutation } from './api';
import { Unsubscribed } from './ManagePage';

/**
 * /alerts/unsubscribe/{token}: where a person lands who opens the List-Unsubscribe link in a browser. One button;
 * opening the page changes nothing (link scanners open links), the button does.
 */
export default function UnsubscribePage() {
  const { t } = usePublicText();
  const { token = '' } = useParams();
  const [unsubscribe, state] = useAlertUnsubscribeMutation();
  return (
    <PublicPage title={t('alerts.unsubscribe.title')} intro={state.isSuccess ? undefined : t('alerts.unsubscribe.intro')}>
      {state.isSuccess ? (
        <Unsubscribed />
      ) : (
        <>
          {state.isError && (
            <p className="usa-error-message" role="alert">
              {t('alerts.unsubscribe.failed')}
            </p>
          )}
          <button type="button" className="usa-button usa-button--big" disabled={state.isLoading} onClick={() => void unsubscribe(token)}>
            {state.isLoading ? t('alerts.unsubscribe.working') : t('alerts.unsubscribe.button')}
          </button>
        </>
      )}
    </PublicPage>
  );
}
