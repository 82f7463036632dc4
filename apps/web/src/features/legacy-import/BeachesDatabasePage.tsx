import { Link } from 'react-router';
import { ScreenPage } from '../../components/ScreenPage';
import { LEGACY_IMPORT_PATH } from './paths';

interface BeachesDatabasePageProps {
  title: string;
  description?: string;
}

/**
 * DEP IT: Beaches Database Export (SPEC 2). The export tasks are not built yet; the way into the database,
 * the legacy import (decision 0021), starts here.
 */
export default function BeachesDatabasePage({ title, description }: BeachesDatabasePageProps) {
  return (
    <ScreenPage title={title} description={description}>
      <section aria-labelledby="legacy-import-link-heading" className="margin-top-3">
        <h2 id="legacy-import-link-heading">Import legacy results</h2>
        <p>
          Move an agency’s history into the portal: results files in the layout of the water-quality download, as the agency’s own
          system writes them, several seasons and programs at a time. Each file is checked first, then imported in one piece.
        </p>
        <Link className="usa-button" to={LEGACY_IMPORT_PATH}>
          Import legacy results
        </Link>
      </section>
    </ScreenPage>
  );
}
