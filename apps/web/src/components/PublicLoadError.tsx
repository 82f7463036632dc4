import { usePublicText } from '../i18n';

interface PublicLoadErrorProps {
  /** The whole sentence: 'Beach statuses could not be loaded.' */
  message: string;
  onRetry: () => void;
}

/**
 * A failed public read: says what is missing and offers Retry (refetch), in the visitor's language. Plain
 * USWDS classes, no react-uswds: it is part of the landing page's first load.
 */
export function PublicLoadError({ message, onRetry }: PublicLoadErrorProps) {
  const { t } = usePublicText();
  return (
    <div className="usa-alert usa-alert--error usa-alert--slim usa-alert--no-icon load-error" role="alert">
      <div className="usa-alert__body">
        <p className="usa-alert__text">
          {message}{' '}
          <button type="button" className="usa-button usa-button--outline usa-button--small-text" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </p>
      </div>
    </div>
  );
}
