import '../../styles/uswds/content.scss';
import { Link, useParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, formatDate, usePublicText } from '../../i18n';
import { usePublicNewsItemQuery } from './api';
import { NewsBody } from './NewsBody';

/** One Important Information item (/news/:id): its summary and its rich-text body. */
export default function NewsItemPage() {
  const { t, language } = usePublicText();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePublicNewsItemQuery(id, { skip: !valid });
  const item = query.data;
  return (
    <PublicPage title={item?.title ?? t('news.title')} titleLang={item ? CONTENT_LANGUAGE : undefined}>
      <p>
        <Link className="usa-link" to="/news">
          {t('news.back')}
        </Link>
      </p>
      <QueryState
        isLoading={query.isLoading}
        error={valid ? query.error : { status: 404 }}
        onRetry={() => void query.refetch()}
        notFoundText={t('news.notFound')}
      >
        {item && (
          <article className="usa-prose">
            <p className="text-base-dark">
              <time dateTime={item.published_on}>{t('news.published', { date: formatDate(item.published_on, language) })}</time>
            </p>
            <div lang={CONTENT_LANGUAGE}>
              {item.summary && <p className="usa-intro">{item.summary}</p>}
              <NewsBody html={item.body} />
            </div>
          </article>
        )}
      </QueryState>
    </PublicPage>
  );
}
