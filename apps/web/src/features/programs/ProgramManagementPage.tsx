import { Link } from 'react-router';
import { Alert, Table } from '@trussworks/react-uswds';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { useListProgramsQuery } from './api';
import { useCanManagePrograms } from './use-can-manage-programs';
import './programs.css';

export const PROGRAM_MANAGEMENT_PATH = '/portal/program-management';

/** Program Management: every program with its colour and number of logic rules. */
export default function ProgramManagementPage() {
  const allowed = useCanManagePrograms();
  return (
    <ScreenPage title="Program Management" description="Programs and their logic rules.">
      {allowed ? <ProgramList /> : <NotPermitted />}
    </ScreenPage>
  );
}

function ProgramList() {
  const notice = useNotice();
  const programs = useListProgramsQuery();
  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      <p className="margin-y-2">
        <Link to={`${PROGRAM_MANAGEMENT_PATH}/new`} className="usa-button">
          Add program
        </Link>
      </p>
      {programs.isLoading ? (
        <Loading label="Loading programs…" />
      ) : programs.isError ? (
        <LoadError message="Could not retrieve program list." onRetry={programs.refetch} />
      ) : programs.data && programs.data.length === 0 ? (
        <p>There are no programs yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table bordered fullWidth caption="Programs">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Abbreviation</th>
                <th scope="col">Colour</th>
                <th scope="col">Logic rules</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {programs.data?.map((p) => (
                <tr key={p.program_id}>
                  <th scope="row">
                    <Link to={`${PROGRAM_MANAGEMENT_PATH}/${p.program_id}`}>{p.name}</Link>
                  </th>
                  <td>{p.abbv}</td>
                  <td>
                    <span className="display-flex flex-align-center">
                      <span className="program-swatch margin-right-1" style={{ backgroundColor: p.color }} aria-hidden="true" />
                      {p.color}
                    </span>
                  </td>
                  <td>{p.rule_count}</td>
                  <td>{p.desc}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
