import { Link, useNavigate, useParams } from 'react-router';
import type { LhaSaveInput } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreateLhaMutation, useGetGeographyQuery, useGetLhaQuery, useUpdateLhaMutation, type Lha } from './api';
import { LhaForm } from './LhaForm';
import { LHA_MANAGEMENT_PATH } from './LhaManagementPage';
import { lhaBody } from './send';
import { useCanManageLhas } from './use-can-manage-lhas';
import './lhas.css';

const EMPTY: LhaSaveInput = {
  name: '',
  desc: '',
  county_id: null,
  contact_person: '',
  email: '',
  address: '',
  city: '',
  zip_code: '',
  phone_number: '',
  url: '',
  municipalities: [],
};

function formValues(l: Lha): LhaSaveInput {
  return {
    name: l.name,
    desc: l.desc ?? '',
    county_id: l.county_id,
    contact_person: l.contact_person ?? '',
    email: l.email ?? '',
    address: l.address ?? '',
    city: l.city ?? '',
    zip_code: l.zip_code ?? '',
    phone_number: l.phone_number ?? '',
    url: l.url ?? '',
    municipalities: l.municipalities,
  };
}

const GEOGRAPHY_FAILED = 'Could not retrieve the counties and municipalities.';

/** Add (`/new`) or edit a local health authority. */
export default function LhaEditPage() {
  const allowed = useCanManageLhas();
  const { lhaId } = useParams();
  const id = lhaId === 'new' ? null : Number(lhaId);
  const title = id === null ? 'Add local health authority' : 'Edit local health authority';
  if (!allowed || (id !== null && !(Number.isInteger(id) && id > 0))) {
    return <ScreenPage title={title}>{allowed ? <LoadError message="There is no such local health authority." /> : <NotPermitted />}</ScreenPage>;
  }
  return id === null ? <CreateLha /> : <EditLha id={id} />;
}

function BackLink() {
  return (
    <p>
      <Link to={LHA_MANAGEMENT_PATH}>Back to LHA Management</Link>
    </p>
  );
}

function CreateLha() {
  const navigate = useNavigate();
  const geography = useGetGeographyQuery();
  const [create] = useCreateLhaMutation();
  return (
    <ScreenPage title="Add local health authority">
      <BackLink />
      {geography.isLoading ? (
        <Loading />
      ) : !geography.data ? (
        <LoadError message={GEOGRAPHY_FAILED} onRetry={geography.refetch} />
      ) : (
        <LhaForm
          geography={geography.data}
          initial={EMPTY}
          submitLabel="Create local health authority"
          onSubmit={async (values) => {
            const created = await create(lhaBody(values)).unwrap();
            navigate(LHA_MANAGEMENT_PATH, { state: { notice: `${created.name} was created.` } });
          }}
        />
      )}
    </ScreenPage>
  );
}

function EditLha({ id }: { id: number }) {
  const navigate = useNavigate();
  const geography = useGetGeographyQuery();
  const lha = useGetLhaQuery(id);
  const [update] = useUpdateLhaMutation();
  const l = lha.data;
  return (
    <ScreenPage title={l ? `Edit local health authority: ${l.name}` : 'Edit local health authority'}>
      <BackLink />
      {lha.isLoading || geography.isLoading ? (
        <Loading />
      ) : lha.isError ? (
        <LoadError message={errorMessage(toApiError(lha.error), 'The local health authority could not be loaded.')} onRetry={lha.refetch} />
      ) : !geography.data ? (
        <LoadError message={GEOGRAPHY_FAILED} onRetry={geography.refetch} />
      ) : l ? (
        <LhaForm
          key={l.local_health_authority_id}
          geography={geography.data}
          initial={formValues(l)}
          submitLabel="Save local health authority"
          onSubmit={async (values) => {
            const saved = await update({ id, body: lhaBody(values) }).unwrap();
            navigate(LHA_MANAGEMENT_PATH, { state: { notice: `${saved.name} was saved.` } });
          }}
        />
      ) : null}
    </ScreenPage>
  );
}
