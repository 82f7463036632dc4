import { Link, useNavigate, useParams } from 'react-router';
import type { ProgramSaveInput } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreateProgramMutation, useGetProgramQuery, useGetRuleFiltersQuery, useUpdateProgramMutation, type ProgramDetail } from './api';
import { ProgramForm } from './ProgramForm';
import { PROGRAM_MANAGEMENT_PATH } from './ProgramManagementPage';
import { useCanManagePrograms } from './use-can-manage-programs';
import './programs.css';

const EMPTY: ProgramSaveInput = { name: '', abbv: '', color: '#005ea2', desc: '', censored_rule: 'AT_LIMIT', geomean_counted_remarks: [], logic_rules: [] };

/** The stored program as form values; `position` is the array order, so it is dropped. */
function formValues(p: ProgramDetail): ProgramSaveInput {
  return {
    name: p.name,
    abbv: p.abbv,
    color: p.color,
    desc: p.desc,
    censored_rule: p.censored_rule,
    geomean_counted_remarks: p.geomean_counted_remarks,
    logic_rules: [...p.logic_rules].sort((a, b) => a.position - b.position).map(({ position: _position, ...rule }) => rule),
  };
}

const RULE_FILTERS_FAILED = 'Could not retrieve the rule choices (statuses, remark codes, units).';

/** Add (`/new`) or edit a program and its logic rules. */
export default function ProgramEditPage() {
  const allowed = useCanManagePrograms();
  const { programId } = useParams();
  const id = programId === 'new' ? null : Number(programId);
  const title = id === null ? 'Add program' : 'Edit program';
  if (!allowed || (id !== null && !(Number.isInteger(id) && id > 0))) {
    return <ScreenPage title={title}>{allowed ? <LoadError message="There is no such program." /> : <NotPermitted />}</ScreenPage>;
  }
  return id === null ? <CreateProgram /> : <EditProgram id={id} />;
}

function BackLink() {
  return (
    <p>
      <Link to={PROGRAM_MANAGEMENT_PATH}>Back to Program Management</Link>
    </p>
  );
}

function CreateProgram() {
  const navigate = useNavigate();
  const filters = useGetRuleFiltersQuery();
  const [create] = useCreateProgramMutation();
  return (
    <ScreenPage title="Add program">
      <BackLink />
      {filters.isLoading ? (
        <Loading />
      ) : !filters.data ? (
        <LoadError message={RULE_FILTERS_FAILED} onRetry={filters.refetch} />
      ) : (
        <ProgramForm
          filters={filters.data}
          initial={EMPTY}
          submitLabel="Create program"
          onSubmit={async (values) => {
            const created = await create(values).unwrap();
            navigate(PROGRAM_MANAGEMENT_PATH, { state: { notice: `${created.name} was created.` } });
          }}
        />
      )}
    </ScreenPage>
  );
}

function EditProgram({ id }: { id: number }) {
  const navigate = useNavigate();
  const filters = useGetRuleFiltersQuery();
  const program = useGetProgramQuery(id);
  const [update] = useUpdateProgramMutation();
  const p = program.data;
  return (
    <ScreenPage title={p ? `Edit program: ${p.name}` : 'Edit program'}>
      <BackLink />
      {program.isLoading || filters.isLoading ? (
        <Loading />
      ) : program.isError ? (
        <LoadError message={errorMessage(toApiError(program.error), 'The program could not be loaded.')} onRetry={program.refetch} />
      ) : !filters.data ? (
        <LoadError message={RULE_FILTERS_FAILED} onRetry={filters.refetch} />
      ) : p ? (
        <ProgramForm
          key={p.program_id}
          filters={filters.data}
          initial={formValues(p)}
          submitLabel="Save program"
          onSubmit={async (values) => {
            const saved = await update({ id, body: values }).unwrap();
            navigate(PROGRAM_MANAGEMENT_PATH, { state: { notice: `${saved.name} was saved.` } });
          }}
        />
      ) : null}
    </ScreenPage>
  );
}
