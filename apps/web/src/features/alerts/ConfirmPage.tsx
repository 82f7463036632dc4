import './alerts.css';
import './alerts-text';
import { Link, useParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { Loading } from '../../components/Loading';
import { usePublicText } from '../../i18n';
import type { ApiError } from '../../app/api';
import { useAlertConfirmMutation } from './api';
import { ChosenList } from './ChosenList';

/**
 * /alerts/confirm/{token}: the double opt-in link. Opening it changes nothing (mail scanners open links, some run
 * scripts); the person confirms with the button, then sees what is followed.
 */
export default function ConfirmPage() {
  const { t } = usePublicText();
  const { token = '' } = useParams();
  const [confirm, state] = useAlertConfirmMutation();

  const error = state.error as ApiError | undefined;
  return (
    <PublicPage title={t('alerts.confirm.title')}>
      {state.data ? (
        <>
          <div className="usa-alert usa-alert--success" role="status">
            <div className="usa-alert__body">
              <h2 className="usa-alert__heading">{t('alerts.confirm.doneHeading')}</h2>
              <p className="usa-alert__text">{t('alerts.confirm.done')}</p>
            </div>
          </div>
          <ChosenList subscription={state.data.subscription} />
          <p>
            <Link className="usa-link" to={`/alerts/manage/${state.data.manage_token}`}>
              {t('alerts.confirm.manage')}
            </Link>
          </p>
        </>
      ) : error ? (
        <div className="usa-alert usa-alert--warning" role="alert">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{error.status === 404 || error.status === 400 ? t('alerts.confirm.invalid') : t('alerts.confirm.failed')}</p>
            <p className="usa-alert__text">
              {error.status === 404 || error.status === 400 ? (
                <Link className="usa-link" to="/alerts/subscribe">
                  {t('alerts.confirm.subscribeAgain')}
                </Link>
              ) : (
                <button type="button" className="usa-button usa-button--outline" onClick={() => void confirm(token)}>
                  {t('alerts.confirm.retry')}
                </button>
              )}
            </p>
          </div>
        </div>
      ) : state.isLoading ? (
        <Loading label={t('alerts.confirm.working')} />
      ) : (
        <>
          <p className="usa-intro">{t('alerts.confirm.intro')}</p>
          <button type="button" className="usa-button usa-button--big" onClick={() => void confirm(token)}>
            {t('alerts.confirm.button')}
          </button>
        </>
      )}
    </PublicPage>
  );
}
