import { Link } from 'react-router';
import { isAdminOrganization } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { DatabaseExports } from './DatabaseExports';
import { LEGACY_IMPORT_PATH, MAPPED_IMPORT_PATH } from './paths';
import './database-export.css';

interface BeachesDatabasePageProps {
  title: string;
  description?: string;
}

/**
 * DEP IT: Beaches Database Export (SPEC 2, SPEC 7 Exports, decision 0035), for organization admins: the
 * export tasks (a zip of CSV files and their description), and the way into the database, the legacy
 * import (decision 0021).
 */
export default function BeachesDatabasePage({ title, description }: BeachesDatabasePageProps) {
  const me = useAppSelector((state) => state.user.user);
  const allowed = me ? isAdminOrganization(me.organization) : false;
  return (
    <ScreenPage title={title} description={description}>
      {allowed ? <DatabaseExports /> : <NotPermitted />}
      <section aria-labelledby="legacy-import-link-heading" className="margin-top-5">
        <h2 id="legacy-import-link-heading">Import legacy results</h2>
        <p>
          Move an agency’s history into the portal: results files in the layout of the water-quality download, as the agency’s own
          system writes them, several seasons and programs at a time. Each file is checked first, then imported in one piece.
        </p>
        <Link className="usa-button" to={LEGACY_IMPORT_PATH}>
          Import legacy results
        </Link>
      </section>
      <section aria-labelledby="mapped-import-link-heading" className="margin-top-5">
        <h2 id="mapped-import-link-heading">Import mapped results</h2>
        <p>
          A file in another agency’s layout (a city’s beach download, a lab’s export): map its columns to the portal’s once per source,
          preview the first rows, check the whole file, then import it in one piece.
        </p>
        <Link className="usa-button" to={MAPPED_IMPORT_PATH}>
          Import mapped results
        </Link>
      </section>
    </ScreenPage>
  );
}
