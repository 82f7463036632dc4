import { useSyncExternalStore } from 'react';
import { usePublicText } from '../i18n';
import { formatAsOf, OFFLINE_MAX_AGE_HOURS, offlineBanner, type OfflineState } from './offline-state';

export interface OfflineStore {
  get(): OfflineState;
  subscribe(listener: () => void): () => void;
}

/**
 * "Offline: statuses as of <time>" (decision 0066): above the page, in its own React root (offline/start.ts), so it
 * is there whichever page, server-rendered or not, is below it. A status region: screen readers announce a change.
 */
export function OfflineBanner({ store }: { store: OfflineStore }) {
  const { t, language } = usePublicText();
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const view = offlineBanner(state);
  if (!view) return null;
  const title =
    view.kind === 'asOf'
      ? t('offline.asOf', { time: formatAsOf(view.at, language, state.timeZone) })
      : view.kind === 'tooOld'
        ? t('offline.tooOld', { time: formatAsOf(view.at, language, state.timeZone), hours: OFFLINE_MAX_AGE_HOURS })
        : t('offline.plain');
  return (
    <section className="offline-banner" aria-label={t('offline.label')}>
      <div className="offline-banner__inner" role="status">
        <p className="offline-banner__title">{title}</p>
        <p className="offline-banner__hint">{t(view.kind === 'asOf' ? 'offline.asOfHint' : 'offline.plainHint')}</p>
      </div>
    </section>
  );
}
