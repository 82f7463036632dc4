import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { Link } from 'react-router';
import { useMapLatestNewsQuery } from './api';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';

/**
 * The banner or newest news item (public/news/latest); its title and summary are content, shown as entered.
 */
export function LatestNews() {
  const { t, language } = usePublicText();
  const { data, isLoading, isError, refetch } = useMapLatestNewsQuery();
  return (
    <section className="side-panel" aria-labelledby="news-heading">
      <h2 id="news-heading">{t('map.news.heading')}</h2>
      {isError ? (
        <LoadError message={t('map.news.failed')} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <p role="status">{t('map.news.loading')}</p>
      ) : data ? (
        <article className="latest-news">
          <h3 lang={CONTENT_LANGUAGE}>{data.title}</h3>
          <p className="latest-news__date">{formatDay(data.published_on, language)}</p>
          <p lang={CONTENT_LANGUAGE}>{data.summary}</p>
        </article>
      ) : (
        <p>{t('map.news.none')}</p>
      )}
      <p>
        <Link className="usa-link" to="/news">
          {t('map.news.all')}
        </Link>
      </p>
    </section>
  );
}
