import '../../styles/uswds/content.scss';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, formatDate, usePublicText } from '../../i18n';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, useSiteSearchQuery } from './api';
import '../../i18n/page-text';

/** Site search (/search?q=): beaches, Important Information, FAQs and reports matching the words. */
export default function SearchPage() {
  const { t, language } = usePublicText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const searchable = q.length >= SEARCH_MIN_LENGTH;
  const query = useSiteSearchQuery(q, { skip: !searchable });
  const results = searchable ? query.data : undefined;
  const total = results ? results.beaches.length + results.news.length + results.faqs.length + results.reports.length : 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(next ? `/search?q=${encodeURIComponent(next)}` : '/search');
  };

  return (
    <PublicPage title={t('search.title')} intro={t('search.intro')}>
      <form className="search-page__form" role="search" action="/search" method="get" onSubmit={onSubmit} key={q}>
        <label className="usa-label" htmlFor="search-page-q">
          {t('search.label')}
        </label>
        <span className="usa-hint" id="search-page-hint">
          {t('search.prompt')}
        </span>
        <div className="search-page__row">
          <input
            className="usa-input"
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            aria-describedby="search-page-hint"
          />
          <button className="usa-button" type="submit">
            {t('search.button')}
          </button>
        </div>
      </form>

      {q === '' ? null : !searchable ? (
        <p role="status">{t('search.tooShort')}</p>
      ) : (
        <QueryState
          isLoading={query.isLoading || query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          isEmpty={total === 0}
          emptyText={t('search.none', { q })}
        >
          {results && (
            <>
              <h2 className="font-heading-lg">{t('search.resultsFor', { q })}</h2>
              <ResultGroup heading={t('search.beaches')} count={results.beaches.length}>
                {results.beaches.map((beach) => (
                  <li key={beach.beach_station_id}>
                    <Link className="usa-link" lang={CONTENT_LANGUAGE} to={`/beach/${beach.beach_station_id}`}>
                      {beach.station_name}
                    </Link>
                    <span className="text-base-dark">
                      {' '}
                      ({beach.municipality}, {beach.county})
                    </span>
                  </li>
                ))}
              </ResultGroup>
              <ResultGroup heading={t('search.news')} count={results.news.length}>
                {results.news.map((item) => (
                  <li key={item.news_id}>
                    <Link className="usa-link" lang={CONTENT_LANGUAGE} to={`/news/${item.news_id}`}>
                      {item.title}
                    </Link>
                    <span className="text-base-dark"> ({formatDate(item.published_on, language)})</span>
                  </li>
                ))}
              </ResultGroup>
              <ResultGroup heading={t('search.faqs')} count={results.faqs.length}>
                {results.faqs.map((faq) => (
                  <li key={faq.faq_id}>
                    <Link className="usa-link" lang={CONTENT_LANGUAGE} to={`/faqs#faq-${faq.faq_id}`}>
                      {faq.question}
                    </Link>
                  </li>
                ))}
              </ResultGroup>
              <ResultGroup heading={t('search.reports')} count={results.reports.length}>
                {results.reports.map((report) => (
                  <li key={report.report_and_publication_id}>
                    <Link className="usa-link" lang={CONTENT_LANGUAGE} to={`/reports-and-publications#report-${report.report_and_publication_id}`}>
                      {report.title}
                    </Link>
                    {report.date && <span className="text-base-dark"> ({formatDate(report.date, language)})</span>}
                  </li>
                ))}
              </ResultGroup>
            </>
          )}
        </QueryState>
      )}
    </PublicPage>
  );
}

function ResultGroup({ heading, count, children }: { heading: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section className="margin-bottom-3">
      <h3>
        {heading} ({count})
      </h3>
      <ul className="usa-list">{children}</ul>
    </section>
  );
}
