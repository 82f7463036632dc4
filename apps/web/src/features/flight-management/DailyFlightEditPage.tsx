import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import {
  dailyFlightSaveSchema,
  FLIGHT_CODES,
  FLIGHT_STATUS_LABELS,
  FLIGHT_STATUSES,
  latestSampleDate,
  type DailyFlightRecord,
  type DailyFlightSave,
  type DailyFlightSaveInput,
} from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { FileField } from '../../components/management/file-field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { useAddFlightUploadMutation, useCreateFlightMutation, useDeleteFlightUploadMutation, useGetFlightQuery, useUpdateFlightMutation } from './api';
import { FLIGHTS_PATH, useCanManageFlights } from './DailyFlightsManagementPage';

const FIELDS = ['flight_date', 'status', 'flight_path', 'floatables', 'debris', 'algal_blooms', 'wildlife', 'notes'] as const;
type FlightField = (typeof FIELDS)[number];
const OBSERVATIONS: { field: FlightField; label: string; hint: string }[] = [
  { field: 'floatables', label: 'Floatables', hint: 'Floating material seen (slicks, wash-ups, garbage).' },
  { field: 'debris', label: 'Debris', hint: 'Debris on the water or the beaches.' },
  { field: 'algal_blooms', label: 'Algal blooms', hint: 'Discoloured water or blooms and where.' },
  { field: 'wildlife', label: 'Wildlife', hint: 'Marine mammals, fish kills, birds.' },
  { field: 'notes', label: 'Notes', hint: 'Anything else about the flight.' },
];

const EMPTY: DailyFlightSaveInput = { flight_date: '', status: 'FLOWN', flight_path: '', floatables: '', debris: '', algal_blooms: '', wildlife: '', notes: '' };

const PHOTO_HINT = 'PNG, JPEG, GIF or WebP, up to 15 MB; resized for the web, with location and camera data removed.';
const FILE_HINT = 'PDF, Word (.docx), Excel (.xlsx), CSV or an image, up to 25 MB.';

/** Add (`/new`) or edit a daily flight, and (once saved) its photos and files. */
export default function DailyFlightEditPage() {
  const allowed = useCanManageFlights();
  const { flightId } = useParams();
  const id = flightId === 'new' ? null : Number(flightId);
  return (
    <ScreenPage title={id === null ? 'Add a daily flight' : 'Edit daily flight'}>
      <p>
        <Link to={FLIGHTS_PATH}>Back to Daily Flights</Link>
      </p>
      {!allowed ? <NotPermitted /> : id !== null && !(Number.isInteger(id) && id > 0) ? <LoadError message="There is no such flight." /> : <Editor id={id} />}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const notice = useNotice();
  const flight = useGetFlightQuery(id ?? 0, { skip: id === null });
  const [create] = useCreateFlightMutation();
  const [update] = useUpdateFlightMutation();
  if (flight.isLoading) return <Loading label="Loading the flight…" />;
  if (flight.isError) return <LoadError message={errorMessage(toApiError(flight.error), 'The flight could not be loaded.')} onRetry={flight.refetch} />;
  if (id !== null && !flight.data) return null;
  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      <FlightForm
        key={id ?? 'new'}
        initial={flight.data ?? EMPTY}
        submitLabel={id === null ? 'Add the flight' : 'Save the flight'}
        onSubmit={async (values) => {
          if (id === null) {
            const saved = await create(values).unwrap();
            navigate(`${FLIGHTS_PATH}/${saved.daily_flight_id}`, {
              state: { notice: `The flight of ${saved.flight_date} was added. Add its photos and files below.` },
            });
          } else {
            const saved = await update({ id, body: values }).unwrap();
            navigate(FLIGHTS_PATH, { state: { notice: `The flight of ${saved.flight_date} was saved.` } });
          }
        }}
      />
      {flight.data ? (
        <Uploads flight={flight.data} />
      ) : (
        <p className="margin-top-4">Photos and files are added once the flight is saved.</p>
      )}
    </>
  );
}

interface FlightFormProps {
  initial: DailyFlightSaveInput | DailyFlightRecord;
  submitLabel: string;
  onSubmit: (values: DailyFlightSave) => Promise<void>;
}

/** A flight: its day (one a day), status, route and what was seen, checked with the server's schema. */
function FlightForm({ initial, submitLabel, onSubmit }: FlightFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DailyFlightSaveInput, unknown, DailyFlightSave>({
    resolver: zodResolver(dailyFlightSaveSchema),
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, initial[f] ?? ''])) as DailyFlightSaveInput,
  });
  const { failure, submit } = useServerFailure(
    async (values: DailyFlightSave) => {
      try {
        await onSubmit(values);
      } catch (thrown) {
        // One flight a day: the server's 409 names the day; it belongs on the date field.
        const error = toApiError(thrown);
        if (error.code === FLIGHT_CODES.FLIGHT_DATE_TAKEN && error.message) {
          setError('flight_date', { type: 'server', message: error.message });
          return;
        }
        throw thrown;
      }
    },
    (field, message) => {
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      setError(field as FlightField, { type: 'server', message });
      return true;
    },
    'The flight could not be saved.',
  );
  const message = (field: FlightField) => errors[field]?.message;
  const summary = FIELDS.flatMap((field) => (message(field) ? [{ id: field, message: message(field)! }] : []));
  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large>
        <Field id="flight_date" label="Flight date" hint="One report a day; not later than tomorrow." error={message('flight_date')}>
          {(a11y) => <input {...a11y} className="usa-input" type="date" max={latestSampleDate()} {...register('flight_date')} />}
        </Field>
        <Field id="status" label="Status" error={message('status')}>
          {(a11y) => (
            <Select {...a11y} {...register('status')}>
              {FLIGHT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FLIGHT_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="flight_path" label="Flight path (optional)" hint="The route flown, e.g. Sandy Hook to Cape May along the ocean shore." error={message('flight_path')}>
          {(a11y) => <Textarea {...a11y} {...register('flight_path')} />}
        </Field>
        <fieldset className="usa-fieldset margin-top-4">
          <legend className="usa-legend usa-legend--large">Observations</legend>
          {OBSERVATIONS.map(({ field, label, hint }) => (
            <Field key={field} id={field} label={`${label} (optional)`} hint={hint} error={message(field)}>
              {(a11y) => <Textarea {...a11y} {...register(field)} />}
            </Field>
          ))}
        </fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </Form>
    </>
  );
}

type UploadItem = { file_id: number; name: string };

/** The flight's photos and files: each deleted after a confirmation; one added at a time. */
function Uploads({ flight }: { flight: DailyFlightRecord }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [remove] = useDeleteFlightUploadMutation();
  const deletion = useConfirmedDelete<UploadItem>({
    nameOf: (u) => u.name,
    remove: (u) => remove({ id: flight.daily_flight_id, fileId: u.file_id }).unwrap(),
    failure: 'The file could not be deleted.',
    onDeleted: setNotice,
  });
  const photoName = (p: DailyFlightRecord['photos'][number], i: number) => p.caption || `Photo ${i + 1}`;

  return (
    <section aria-labelledby="flight-uploads-heading" className="margin-top-5">
      <h2 id="flight-uploads-heading">Photos and files</h2>
      {notice && (
        <Alert type="success" headingLevel="h3" slim role="status">
          {notice}
        </Alert>
      )}
      <h3>Photos</h3>
      {flight.photos.length === 0 ? (
        <p>No photos yet.</p>
      ) : (
        <ul className="flight-management__photos">
          {flight.photos.map((p, i) => (
            <li key={p.daily_flight_photo_id}>
              <figure className="margin-0">
                <img src={`${p.file}?size=thumb`} alt={p.caption || `Photo ${i + 1} of the flight`} loading="lazy" />
                <figcaption className="margin-y-1">{p.caption || 'No caption'}</figcaption>
              </figure>
              {deletion.button({ file_id: p.file_id, name: photoName(p, i) })}
            </li>
          ))}
        </ul>
      )}
      <UploadForm flightId={flight.daily_flight_id} kind="photo" onAdded={setNotice} />
      <h3 className="margin-top-4">Files</h3>
      {flight.files.length === 0 ? (
        <p>No files yet.</p>
      ) : (
        <ul className="usa-list">
          {flight.files.map((f) => (
            <li key={f.daily_flight_file_id} className="margin-bottom-1">
              <a href={f.file} target="_blank" rel="noreferrer">
                {f.name}
              </a>{' '}
              ({Math.max(1, Math.round(f.size_bytes / 1024))} KB){f.description && <> — {f.description}</>}{' '}
              {deletion.button({ file_id: f.file_id, name: f.name })}
            </li>
          ))}
        </ul>
      )}
      <UploadForm flightId={flight.daily_flight_id} kind="file" onAdded={setNotice} />
      {deletion.dialog('delete-flight-file-dialog', <p>It leaves the public flight report at once and its file is deleted.</p>)}
    </section>
  );
}

/** One upload: a photo with its caption, or a file with its description. */
function UploadForm({ flightId, kind, onAdded }: { flightId: number; kind: 'photo' | 'file'; onAdded: (notice: string) => void }) {
  const [add, { isLoading }] = useAddFlightUploadMutation();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [resetKey, setResetKey] = useState(0);
  const isPhoto = kind === 'photo';
  const captionId = `${kind}-caption`;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!file) {
      setError(isPhoto ? 'Choose a photo to add.' : 'Choose a file to add.');
      return;
    }
    const body = new FormData();
    body.append('caption', caption);
    body.append(kind, file, file.name);
    try {
      await add({ id: flightId, body }).unwrap();
      onAdded(`${file.name} was added.`);
      setFile(null);
      setCaption('');
      setResetKey((k) => k + 1);
    } catch (thrown) {
      setError(errorMessage(toApiError(thrown), isPhoto ? 'The photo could not be added.' : 'The file could not be added.'));
    }
  };

  return (
    <form onSubmit={(e) => void send(e)} noValidate className="usa-form usa-form--large margin-top-2" aria-label={isPhoto ? 'Add a photo' : 'Add a file'}>
      <FileField
        key={resetKey}
        name={kind}
        label={isPhoto ? 'Photo' : 'File'}
        hint={isPhoto ? PHOTO_HINT : FILE_HINT}
        accept={isPhoto ? '.png,.jpg,.jpeg,.gif,.webp' : '.pdf,.docx,.xlsx,.csv,.png,.jpg,.jpeg,.gif,.webp'}
        error={error}
        onChange={setFile}
      />
      <Field id={captionId} label={isPhoto ? 'Caption (optional)' : 'Description (optional)'}>
        {(a11y) => <TextInput {...a11y} type="text" name="caption" maxLength={300} value={caption} onChange={(e) => setCaption(e.target.value)} />}
      </Field>
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Adding…' : isPhoto ? 'Add the photo' : 'Add the file'}
      </Button>
    </form>
  );
}
