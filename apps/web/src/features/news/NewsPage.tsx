import '../../styles/uswds/content.scss';
import { Link } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, formatDate, usePublicText } from '../../i18n';
import { usePublicNewsListQuery } from './api';
import { NewsBody } from './NewsBody';

/** Important Information (/news): every published item that has not expired, in the order staff ranked them, with its body. */
export default function NewsPage() {
  const { t, language } = usePublicText();
  const query = usePublicNewsListQuery();
  const items = query.data ?? [];
  return (
    <PublicPage title={t('news.title')} intro={t('news.intro')}>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        isEmpty={items.length === 0}
        emptyText={t('news.empty')}
      >
        <ul className="usa-collection">
          {items.map((item) => (
            <li key={item.news_id} className="usa-collection__item">
              <div className="usa-collection__body">
                <h2 className="usa-collection__heading" lang={CONTENT_LANGUAGE}>
                  <Link className="usa-link" to={`/news/${item.news_id}`}>
                    {item.title}
                  </Link>
                </h2>
                {item.summary && (
                  <p className="usa-collection__description" lang={CONTENT_LANGUAGE}>
                    {item.summary}
                  </p>
                )}
                <NewsBody html={item.body} lang={CONTENT_LANGUAGE} className="news-list__body" />
                <ul className="usa-collection__meta">
                  <li className="usa-collection__meta-item">
                    <time dateTime={item.published_on}>{t('news.published', { date: formatDate(item.published_on, language) })}</time>
                  </li>
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
    </PublicPage>
  );
}
