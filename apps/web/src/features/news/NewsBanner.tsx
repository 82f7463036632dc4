import { Link } from 'react-router';
import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { useLatestNewsQuery } from './api';

/**
 * The latest Important Information item as a slim banner above every public page, while the
 * NEWS_BANNER switch is on (`enabled`). While the item loads, an empty banner of the same height holds its
 * place, so the page does not move when it arrives (decision 0020); nothing on failure or without news.
 */
export function NewsBanner({ enabled }: { enabled: boolean }) {
  const { t } = usePublicText();
  const { data, isLoading } = useLatestNewsQuery(undefined, { skip: !enabled });
  if (enabled && isLoading) return <div className="usa-site-alert usa-site-alert--info usa-site-alert--slim news-banner news-banner--loading" aria-hidden="true" />;
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
