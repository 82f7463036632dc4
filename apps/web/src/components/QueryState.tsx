import type { ReactNode } from 'react';
import type { ApiError } from '../app/api';
import { usePublicText } from '../i18n';
import { Loading } from './Loading';

interface QueryStateProps {
  isLoading: boolean;
  error?: unknown;
  onRetry: () => void;
  /** Shown instead of the children when the data is there but holds nothing. */
  isEmpty?: boolean;
  emptyText?: string;
  /** Shown for a 404 (no retry: trying again will not help). */
  notFoundText?: string;
  children: ReactNode;
}

function asApiError(error: unknown): ApiError | null {
  return error && typeof error === 'object' && 'status' in error ? (error as ApiError) : null;
}

/** Loading, failed (with Retry), empty or the content, for one public read. */
export function QueryState({ isLoading, error, onRetry, isEmpty, emptyText, notFoundText, children }: QueryStateProps) {
  const { t } = usePublicText();
  if (isLoading) return <Loading label={t('common.loading')} />;
  if (error) {
    const apiError = asApiError(error);
    if (apiError?.status === 404 && notFoundText) {
      return (
        <div className="usa-alert usa-alert--warning usa-alert--slim" role="alert">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{notFoundText}</p>
          </div>
        </div>
      );
    }
    const unreachable = apiError?.status === 'FETCH_ERROR' || apiError?.status === 'TIMEOUT_ERROR';
    return <LoadFailed message={unreachable ? t('common.unreachable') : t('common.loadFailed')} onRetry={onRetry} />;
  }
  if (isEmpty) return <p className="text-base-dark">{emptyText}</p>;
  return <>{children}</>;
}

/** A read that failed: what happened and a Retry button. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = usePublicText();
  return (
    <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
      <div className="usa-alert__body">
        <p className="usa-alert__text">
          {message}{' '}
          <button type="button" className="usa-button usa-button--unstyled" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </p>
      </div>
    </div>
  );
}
