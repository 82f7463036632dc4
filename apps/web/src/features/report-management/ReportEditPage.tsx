import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Form, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import { compareNames, latestSampleDate, REPORT_MESSAGES, reportFormSchema, type ReportForm, type ReportFormInput, type ReportRecord } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FileField } from '../../components/management/file-field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { TextField } from '../../components/TextField';
import { useReportFilterOptionsQuery } from '../reports/api';
import { useCreateReportMutation, useGetReportQuery, useUpdateReportMutation } from './api';
import { REPORTS_PATH, useCanManageReports } from './ReportsManagementPage';

const FIELDS = ['title', 'description', 'date', 'is_publication', 'program_id', 'county_id', 'municipality_id', 'beach_station_id', 'file', 'url'] as const;
type FormField = Exclude<(typeof FIELDS)[number], 'file'>;

/** The form's values: every field as its control holds it (ids as the select's text). */
type FormValues = ReportFormInput & {
  title: string;
  description: string;
  date: string;
  url: string;
  is_publication: boolean;
  program_id: string;
  county_id: string;
  municipality_id: string;
  beach_station_id: string;
  delete_file: boolean;
};

/** Report files: what the server's document rule accepts, in words and as the picker's hint. */
const FILE_HINT = 'PDF, Word (.docx), Excel (.xlsx), CSV or an image (PNG, JPEG, GIF, WebP), up to 25 MB.';
const FILE_ACCEPT = '.pdf,.docx,.xlsx,.csv,.png,.jpg,.jpeg,.gif,.webp';

const text = (v: string | null) => (v === null || v === 'N/A' ? '' : v);
const id = (v: number | null) => (v === null ? '' : String(v));

function initialValues(report: ReportRecord | undefined): FormValues {
  return {
    title: report?.title ?? '',
    description: text(report?.description ?? null),
    date: report?.date ?? '',
    url: text(report?.url ?? null),
    is_publication: report?.is_publication ?? false,
    program_id: id(report?.program_id ?? null),
    county_id: id(report?.county_id ?? null),
    municipality_id: id(report?.municipality_id ?? null),
    beach_station_id: id(report?.beach_station_id ?? null),
    delete_file: false,
  };
}

/** The multipart form the server reads (SPEC 5: missing text as 'N/A', flags as 1/0, ids as numbers). */
function formData(values: ReportForm, file: File | null, update: boolean): FormData {
  const data = new FormData();
  if (update) data.append('_method', 'PUT');
  data.append('title', values.title);
  data.append('description', values.description);
  data.append('date', values.date);
  data.append('url', values.url ?? 'N/A');
  data.append('is_publication', values.is_publication ? '1' : '0');
  for (const key of ['program_id', 'county_id', 'municipality_id', 'beach_station_id'] as const) {
    const value = values[key];
    if (value !== null) data.append(key, String(value));
  }
  data.append('delete_file', values.delete_file ? '1' : '0');
  if (file) data.append('file', file, file.name);
  return data;
}

/** Add (`/new`) or edit a report or publication. */
export default function ReportEditPage() {
  const allowed = useCanManageReports();
  const { reportId } = useParams();
  const reportNumber = reportId === 'new' ? null : Number(reportId);
  const title = reportNumber === null ? 'Add a report or publication' : 'Edit report or publication';
  return (
    <ScreenPage title={title}>
      <p>
        <Link to={REPORTS_PATH}>Back to Reports and Publications</Link>
      </p>
      {!allowed ? (
        <NotPermitted />
      ) : reportNumber !== null && !(Number.isInteger(reportNumber) && reportNumber > 0) ? (
        <LoadError message="There is no such report." />
      ) : (
        <Editor id={reportNumber} />
      )}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const report = useGetReportQuery(id ?? 0, { skip: id === null });
  const [create] = useCreateReportMutation();
  const [update] = useUpdateReportMutation();
  if (report.isLoading) return <Loading label="Loading the report…" />;
  if (report.isError) return <LoadError message={errorMessage(toApiError(report.error), 'The report could not be loaded.')} onRetry={report.refetch} />;
  if (id !== null && !report.data) return null;
  return (
    <ReportFormView
      key={id ?? 'new'}
      report={report.data}
      submitLabel={id === null ? 'Add the report' : 'Save the report'}
      onSubmit={async (body) => {
        const saved = id === null ? await create(body).unwrap() : await update({ id, body }).unwrap();
        navigate(REPORTS_PATH, { state: { notice: `${saved.title} was ${id === null ? 'added' : 'saved'}.` } });
      }}
    />
  );
}

interface ReportFormProps {
  report: ReportRecord | undefined;
  submitLabel: string;
  onSubmit: (body: FormData) => Promise<void>;
}

/** A report: title, description, date, kind, where it belongs, and a file or a web address. */
function ReportFormView({ report, submitLabel, onSubmit }: ReportFormProps) {
  const options = useReportFilterOptionsQuery();
  const [file, setFile] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormInput, unknown, ReportForm>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: initialValues(report),
  });
  const [fileError, setFileError] = useState<string | undefined>();
  const { failure, submit } = useServerFailure<ReportForm>(
    async (values) => {
      setFileError(undefined);
      const keepsFile = report?.file_id != null && !values.delete_file;
      if (!file && !values.url && !keepsFile) {
        setError('url', { type: 'required', message: REPORT_MESSAGES.fileOrUrl });
        setFileError(REPORT_MESSAGES.fileOrUrl);
        return;
      }
      await onSubmit(formData(values, file, report !== undefined));
    },
    (field, message) => {
      if (field === 'file') {
        setFileError(message);
        return true;
      }
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      setError(field as FormField, { type: 'server', message });
      return true;
    },
    'The report could not be saved.',
  );

  const watched = useWatch({ control, name: ['county_id', 'municipality_id', 'program_id'] });
  const [countyId, municipalityId, programId] = watched.map((v) => Number(v) || undefined);
  const data = options.data;
  const byName = <T extends { name: string }>(a: T, b: T) => compareNames(a.name, b.name);
  const programs = [...(data?.filters.programs ?? [])].sort(byName);
  const counties = [...(data?.filters.counties ?? [])].sort(byName);
  const municipalities = (data?.filters.municipalities ?? []).filter((m) => countyId === undefined || m.county_id === countyId).sort(byName);
  const stations = (data?.beachList ?? [])
    .filter(
      (b) =>
        (programId === undefined || b.program.program_id === programId) &&
        (countyId === undefined || b.municipality.county_id === countyId) &&
        (municipalityId === undefined || b.municipality.municipality_id === municipalityId),
    )
    .map((b) => ({ id: b.beach_station_id, name: b.station_name }))
    .sort(byName);
  // A station the public list leaves out (hidden or inactive) stays selectable on its own report.
  if (report?.beach_station_id && !stations.some((s) => s.id === report.beach_station_id)) {
    stations.unshift({ id: report.beach_station_id, name: report.station_name ?? `Station ${report.beach_station_id}` });
  }

  const message = (field: FormField) => errors[field]?.message;
  // The file-or-address rule is said on both fields, once in the summary.
  const summary = [
    ...(fileError ? [{ id: 'file', message: fileError }] : []),
    ...FIELDS.flatMap((field) => (field !== 'file' && message(field) && message(field) !== fileError ? [{ id: field, message: message(field)! }] : [])),
  ];
  const cleared = { shouldDirty: true } as const;

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large>
        <TextField id="title" label="Title" type="text" registration={register('title')} error={message('title')} />
        <Field id="description" label="Description (optional)" error={message('description')}>
          {(a11y) => <Textarea {...a11y} {...register('description')} />}
        </Field>
        <Field id="date" label="Date" hint="The report’s date; not later than tomorrow." error={message('date')}>
          {(a11y) => <input {...a11y} className="usa-input" type="date" max={latestSampleDate()} {...register('date')} />}
        </Field>
        <Checkbox id="is_publication" label="This is a publication (not a report)" {...register('is_publication')} />
        {options.isError && <LoadError message="The lists of programs and places could not be loaded." onRetry={options.refetch} />}
        <Field id="program_id" label="Program (optional)" error={message('program_id')}>
          {(a11y) => (
            <Select {...a11y} {...register('program_id', { onChange: () => setValue('beach_station_id', '', cleared) })}>
              <option value="">- All programs -</option>
              {programs.map((p) => (
                <option key={p.program_id} value={p.program_id}>
                  {p.abbv} - {p.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="county_id" label="County (optional)" error={message('county_id')}>
          {(a11y) => (
            <Select
              {...a11y}
              {...register('county_id', {
                onChange: () => {
                  setValue('municipality_id', '', cleared);
                  setValue('beach_station_id', '', cleared);
                },
              })}
            >
              <option value="">- Statewide -</option>
              {counties.map((c) => (
                <option key={c.county_id} value={c.county_id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="municipality_id" label="Municipality (optional)" hint={countyId === undefined ? 'Choose a county to list its municipalities.' : undefined} error={message('municipality_id')}>
          {(a11y) => (
            <Select {...a11y} disabled={countyId === undefined} {...register('municipality_id', { onChange: () => setValue('beach_station_id', '', cleared) })}>
              <option value="">- Whole county -</option>
              {municipalities.map((m) => (
                <option key={m.municipality_id} value={m.municipality_id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="beach_station_id" label="Beach station (optional)" error={message('beach_station_id')}>
          {(a11y) => (
            <Select {...a11y} {...register('beach_station_id')}>
              <option value="">- No one station -</option>
              {stations.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {/* The error summary links here (FileField names its own input). */}
        <div id="file">
          <FileField
            name="file"
            label="File"
            hint={`${FILE_HINT} A report needs a file or a web address.`}
            accept={FILE_ACCEPT}
            error={fileError}
            current={report?.upload_file ? { name: report.name ?? 'File', href: report.upload_file } : undefined}
            onChange={(chosen) => {
              setFile(chosen);
              if (chosen && fileError === REPORT_MESSAGES.fileOrUrl) {
                setFileError(undefined);
                clearErrors('url');
              }
            }}
          />
        </div>
        {report?.upload_file && <Checkbox id="delete_file" label="Remove the current file" {...register('delete_file')} />}
        <Field id="url" label="Web address (optional with a file)" hint="Starting with http:// or https://" error={message('url')}>
          {(a11y) => <TextInput {...a11y} type="url" {...register('url')} validationStatus={message('url') ? 'error' : undefined} />}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </Form>
    </>
  );
}
