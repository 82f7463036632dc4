import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Form, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import { compareBeachStations, PHOTO_DESC_MAX, PHOTO_TITLE_MAX, type BeachPhotoRecord, type PhotoFormValues } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FileField } from '../../components/management/file-field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreatePhotoMutation, useGetPhotoQuery, usePhotoGeographyQuery, usePhotoStationsQuery, useUpdatePhotoMutation } from './api';
import { PHOTOS_PATH, stationLabel, useCanManagePhotos } from './PhotosManagementPage';

/** What the server accepts for a photo, for the picker and in words. */
export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
export const PHOTO_ACCEPT_WORDS = 'A PNG, JPEG, GIF or WebP image, up to 15 MB. It is resized for the web and its location data removed.';

const FIELDS = ['title', 'desc', 'county_id', 'municipality_id', 'beach_station_id', 'file'] as const;
type PhotoField = (typeof FIELDS)[number];
const FIELD_IDS: Record<PhotoField, string> = {
  title: 'photo-title',
  desc: 'photo-desc',
  county_id: 'photo-county',
  municipality_id: 'photo-municipality',
  beach_station_id: 'photo-station',
  file: 'photo-file',
};
const EMPTY: PhotoFormValues = { title: '', desc: '', county_id: null, municipality_id: null, beach_station_id: null };

/** Add (`/new`) or edit a Found on the Beach photo. */
export default function PhotoEditPage() {
  const allowed = useCanManagePhotos();
  const { photoId } = useParams();
  const id = photoId === 'new' ? null : Number(photoId);
  return (
    <ScreenPage title={id === null ? 'Add a photo' : 'Edit photo'}>
      <p>
        <Link to={PHOTOS_PATH}>Back to Found on the Beach</Link>
      </p>
      {!allowed ? <NotPermitted /> : id !== null && !(Number.isInteger(id) && id > 0) ? <LoadError message="There is no such photo." /> : <Editor id={id} />}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const photo = useGetPhotoQuery(id ?? 0, { skip: id === null });
  const [create] = useCreatePhotoMutation();
  const [update] = useUpdatePhotoMutation();
  if (photo.isLoading) return <Loading label="Loading the photo…" />;
  if (photo.isError) return <LoadError message={errorMessage(toApiError(photo.error), 'The photo could not be loaded.')} onRetry={photo.refetch} />;
  if (id !== null && !photo.data) return null;
  return (
    <PhotoForm
      key={id ?? 'new'}
      current={photo.data ?? null}
      onSubmit={async (values, file) => {
        const saved = id === null ? await create({ values, file }).unwrap() : await update({ id, values, file }).unwrap();
        navigate(PHOTOS_PATH, { state: { notice: `${saved.title} was ${id === null ? 'added' : 'saved'}.` } });
      }}
    />
  );
}

const idOrNull = (value: string) => (value ? Number(value) : null);

/** The photo's title, description, place (county, then municipality, then station) and image. */
function PhotoForm({ current, onSubmit }: { current: BeachPhotoRecord | null; onSubmit: (values: PhotoFormValues, file: File | null) => Promise<void> }) {
  const [values, setValues] = useState<PhotoFormValues>(
    current
      ? { title: current.title, desc: current.desc === 'N/A' ? '' : current.desc, county_id: current.county_id, municipality_id: current.municipality_id, beach_station_id: current.beach_station_id }
      : EMPTY,
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PhotoField, string>>>({});
  const [busy, setBusy] = useState(false);
  const geography = usePhotoGeographyQuery();
  const stations = usePhotoStationsQuery();
  const { failure, submit } = useServerFailure(
    async () => onSubmit(values, file),
    (field, message) => {
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      setErrors((e) => ({ ...e, [field]: message }));
      return true;
    },
    'The photo could not be saved.',
  );

  const set = (patch: Partial<PhotoFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const municipalities = (geography.data?.municipalities ?? []).filter((m) => m.county_id === values.county_id);
  const stationChoices = (stations.data ?? [])
    .filter((s) => s.municipality_id === values.municipality_id)
    .sort(compareBeachStations);

  const check = (): Partial<Record<PhotoField, string>> => {
    const found: Partial<Record<PhotoField, string>> = {};
    if (!values.title.trim()) found.title = 'Title is required';
    else if (values.title.trim().length > PHOTO_TITLE_MAX) found.title = `Title must be at most ${PHOTO_TITLE_MAX} characters`;
    if (values.desc.trim().length > PHOTO_DESC_MAX) found.desc = `Description must be at most ${PHOTO_DESC_MAX} characters`;
    if (!current && !file) found.file = 'Choose a photo file';
    return found;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(FIELD_IDS[FIELDS.find((f) => found[f])!])?.focus();
      return;
    }
    setBusy(true);
    try {
      await submit(values);
    } finally {
      setBusy(false);
    }
  };

  const summary = FIELDS.flatMap((f) => (errors[f] ? [{ id: FIELD_IDS[f], message: errors[f] }] : []));
  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={(e) => void send(e)} noValidate large>
        <Field id={FIELD_IDS.title} label="Title" required error={errors.title}>
          {(a11y) => (
            <TextInput {...a11y} name="title" type="text" value={values.title} onChange={(e) => set({ title: e.target.value })} validationStatus={errors.title ? 'error' : undefined} />
          )}
        </Field>
        <Field id={FIELD_IDS.desc} label="Description (optional)" hint="What was found, and when." error={errors.desc}>
          {(a11y) => <Textarea {...a11y} name="desc" value={values.desc} onChange={(e) => set({ desc: e.target.value })} />}
        </Field>
        {geography.isError && <LoadError message="The counties and municipalities could not be loaded." onRetry={geography.refetch} />}
        <Field id={FIELD_IDS.county_id} label="County (optional)" error={errors.county_id}>
          {(a11y) => (
            <Select
              {...a11y}
              name="county_id"
              value={values.county_id ?? ''}
              onChange={(e) => set({ county_id: idOrNull(e.target.value), municipality_id: null, beach_station_id: null })}
            >
              <option value="">- None -</option>
              {(geography.data?.counties ?? []).map((c) => (
                <option key={c.county_id} value={c.county_id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={FIELD_IDS.municipality_id}
          label="Municipality (optional)"
          hint={values.county_id === null ? 'To choose a municipality, select a county above.' : undefined}
          error={errors.municipality_id}
        >
          {(a11y) => (
            <Select
              {...a11y}
              name="municipality_id"
              disabled={values.county_id === null}
              value={values.municipality_id ?? ''}
              onChange={(e) => set({ municipality_id: idOrNull(e.target.value), beach_station_id: null })}
            >
              <option value="">- None -</option>
              {municipalities.map((m) => (
                <option key={m.municipality_id} value={m.municipality_id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={FIELD_IDS.beach_station_id}
          label="Station (optional)"
          hint={
            stations.isError
              ? 'The stations could not be loaded: the photo can still be placed by county and municipality.'
              : values.municipality_id === null
                ? 'To choose a station, select a municipality above.'
                : undefined
          }
          error={errors.beach_station_id}
        >
          {(a11y) => (
            <Select
              {...a11y}
              name="beach_station_id"
              disabled={values.municipality_id === null || stations.isError}
              value={values.beach_station_id ?? ''}
              onChange={(e) => set({ beach_station_id: idOrNull(e.target.value) })}
            >
              <option value="">- None -</option>
              {stationChoices.map((s) => (
                <option key={s.beach_station_id} value={s.beach_station_id}>
                  {stationLabel(s.station_name, s.beach_name)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div id={FIELD_IDS.file} tabIndex={-1}>
          <FileField
            name="file"
            label="Photo"
            hint={PHOTO_ACCEPT_WORDS}
            accept={PHOTO_ACCEPT}
            required={!current}
            error={errors.file}
            current={current ? { name: current.name, href: current.file } : undefined}
            onChange={setFile}
          />
        </div>
        {current && (
          <img className="photo-management__preview" src={current.thumbnail} alt={`The current photo: ${current.title}`} width={current.width ?? undefined} height={current.height ?? undefined} />
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : current ? 'Save the photo' : 'Add the photo'}
        </Button>
      </Form>
    </>
  );
}
