import { Link } from 'react-router';
import { useMapLatestNewsQuery } from './api';
import { formatDay } from './format';
import { LoadError } from './LoadError';

/** The banner or newest news item (public/news/latest). */
export function LatestNews() {
  const { data, isLoading, isError, refetch } = useMapLatestNewsQuery();
  return (
    <section className="side-panel" aria-labelledby="news-heading">
      <h2 id="news-heading">Latest News</h2>
      {isError ? (
        <LoadError what="The latest news" onRetry={() => void refetch()} />
      ) : isLoading ? (
        <p role="status">Loading the latest news…</p>
      ) : data ? (
        <article className="latest-news">
          <h3>{data.title}</h3>
          <p className="latest-news__date">{formatDay(data.published_on)}</p>
          <p>{data.summary}</p>
        </article>
      ) : (
        <p>No news right now.</p>
      )}
      <p>
        <Link className="usa-link" to="/news">
          All important information
        </Link>
      </p>
    </section>
  );
}
