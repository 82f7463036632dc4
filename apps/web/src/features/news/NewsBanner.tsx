import { Link } from 'react-router';
import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { useLatestNewsQuery } from './api';

/**
 * The latest Important Information item as a slim banner above every public page, while the
 * NEWS_BANNER switch is on (`enabled`). Shows nothing while loading, on failure or without news.
 */
export function NewsBanner({ enabled }: { enabled: boolean }) {
  const { t } = usePublicText();
  const { data } = useLatestNewsQuery(undefined, { skip: !enabled });
  if (!enabled || !data) return null;
  return (
    <section className="usa-site-alert usa-site-alert--info usa-site-alert--slim news-banner" aria-label={t('news.bannerLabel')}>
      <div className="usa-alert">
        <div className="usa-alert__body">
          <p className="usa-alert__text" lang={CONTENT_LANGUAGE}>
            <Link className="usa-link" to={`/news/${data.news_id}`}>
              {data.title}
            </Link>
            <span className="news-banner__summary"> {data.summary}</span>
          </p>
        </div>
      </div>
    </section>
  );
}
