import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../components/use-page-title';

/** Shown when a screen fails to load or render, instead of a blank page. */
export function RouteError() {
  usePageTitle('Something went wrong');
  return (
    <main id="main-content" className="grid-container padding-y-4">
      <h1>Something went wrong</h1>
      <p className="usa-intro">This page could not be shown. Reload the page to try again.</p>
      <p>
        <Link className="usa-link" to="/" reloadDocument>
          Go to the beach map
        </Link>
      </p>
    </main>
  );
}

/**
 * A layout's error boundary: a page that throws while loading (a chunk that cannot be fetched) or rendering
 * shows RouteError. The app uses React Router's declarative router (decision 0020), which has no
 * errorElement; this boundary does that job, and does it the same way under the data routers of the tests.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
