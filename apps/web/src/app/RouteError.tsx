import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../components/use-page-title';

/** Shown when a screen fails to load or render, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main-content" className="grid-container padding-y-4">
      <h1>Something went wrong</h1>
      <p className="usa-intro">This page could not be shown. Reload the page to try again.</p>
      {detail && <p>{detail}</p>}
      <p>
        <Link className="usa-link" to="/" reloadDocument>
          Go to the beach map
        </Link>
      </p>
    </main>
  );
}
