interface LoadErrorProps {
  /** What failed, as a sentence start: 'Beach statuses'. */
  what: string;
  onRetry: () => void;
}

/** A failed read: says what is missing and offers Retry (refetch). */
export function LoadError({ what, onRetry }: LoadErrorProps) {
  return (
    <div className="usa-alert usa-alert--error usa-alert--slim usa-alert--no-icon load-error" role="alert">
      <div className="usa-alert__body">
        <p className="usa-alert__text">
          {what} could not be loaded.{' '}
          <button type="button" className="usa-button usa-button--outline usa-button--small-text" onClick={onRetry}>
            Retry
          </button>
        </p>
      </div>
    </div>
  );
}
