import { Link } from 'react-router';
import { ScreenPage } from '../components/ScreenPage';

export function NotFoundPage() {
  return (
    <ScreenPage title="Page not found" description="There is no page at this address.">
      <p>
        <Link className="usa-link" to="/">
          Go to the beach map
        </Link>
      </p>
    </ScreenPage>
  );
}
