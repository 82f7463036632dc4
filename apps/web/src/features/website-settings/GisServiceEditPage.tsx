import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Checkbox, Form, Textarea, TextInput } from '@trussworks/react-uswds';
import { gisLayerTypeOf, gisServiceSaveSchema, GIS_SERVICE_URL, type GisService, type GisServiceSave } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreateGisServiceMutation, useGetGisServiceQuery, useUpdateGisServiceMutation } from './api';
import { GIS_SERVICES_PATH, useCanManageWebsite } from './access';
import { GIS_KIND_LABEL } from './GisServicesPage';

const FIELDS = ['name', 'url', 'layer_ids', 'opacity', 'display_order', 'description', 'shown_by_default', 'active'] as const;
type GisField = (typeof FIELDS)[number];

interface FormValues {
  name: string;
  url: string;
  layer_ids: string;
  /** Percent, 0 to 100. */
  opacity: string;
  display_order: string;
  description: string;
  shown_by_default: boolean;
  active: boolean;
}

const EMPTY: FormValues = { name: '', url: '', layer_ids: '', opacity: '80', display_order: '0', description: '', shown_by_default: false, active: true };

const valuesOf = (s: GisService): FormValues => ({
  name: s.name,
  url: s.url,
  layer_ids: s.layer_ids.join(', '),
  opacity: String(Math.round(s.opacity * 100)),
  display_order: String(s.display_order),
  description: s.description,
  shown_by_default: s.shown_by_default,
  active: s.active,
});

/** The form's text as the api's body: layer ids from "0, 2", opacity from a percent. Unreadable text stays as is for the schema to refuse. */
function bodyOf(v: FormValues): Record<string, unknown> {
  const layers = v.layer_ids.trim() === '' ? [] : v.layer_ids.split(/[\s,;]+/).filter(Boolean).map((id) => (/^\d+$/.test(id) ? Number(id) : id));
  const percent = v.opacity.trim() === '' ? NaN : Number(v.opacity);
  return {
    name: v.name,
    url: v.url,
    layer_ids: layers,
    opacity: Number.isFinite(percent) ? Math.round(percent) / 100 : v.opacity,
    display_order: v.display_order.trim() === '' ? 0 : Number(v.display_order),
    description: v.description,
    shown_by_default: v.shown_by_default,
    active: v.active,
  };
}

/** Add (`/new`) or edit a GIS REST service. */
export default function GisServiceEditPage() {
  const allowed = useCanManageWebsite();
  const { serviceId } = useParams();
  const id = serviceId === 'new' ? null : Number(serviceId);
  return (
    <ScreenPage title={id === null ? 'Add a map service' : 'Edit map service'}>
      <p>
        <Link to={GIS_SERVICES_PATH}>Back to GIS REST Services</Link>
      </p>
      {!allowed ? <NotPermitted /> : id !== null && !(Number.isInteger(id) && id > 0) ? <LoadError message="There is no such map service." /> : <Editor id={id} />}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const service = useGetGisServiceQuery(id ?? 0, { skip: id === null });
  const [create] = useCreateGisServiceMutation();
  const [update] = useUpdateGisServiceMutation();
  if (service.isLoading) return <Loading label="Loading the map service…" />;
  if (service.isError) return <LoadError message={errorMessage(toApiError(service.error), 'The map service could not be loaded.')} onRetry={service.refetch} />;
  if (id !== null && !service.data) return null;
  return (
    <GisForm
      key={id ?? 'new'}
      initial={service.data ? valuesOf(service.data) : EMPTY}
      submitLabel={id === null ? 'Add the map service' : 'Save the map service'}
      onSubmit={async (body) => {
        const saved = id === null ? await create(body).unwrap() : await update({ id, body }).unwrap();
        navigate(GIS_SERVICES_PATH, { state: { notice: `${saved.name} was ${id === null ? 'added' : 'saved'}.` } });
      }}
    />
  );
}

function GisForm({ initial, submitLabel, onSubmit }: { initial: FormValues; submitLabel: string; onSubmit: (body: GisServiceSave) => Promise<void> }) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<GisField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, message) => {
      const name = field.split('.')[0] as GisField;
      if (!(FIELDS as readonly string[]).includes(name)) return false;
      setErrors((current) => ({ ...current, [name]: message }));
      return true;
    },
    'The map service could not be saved.',
  );
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const kind = GIS_SERVICE_URL.test(values.url.trim()) ? gisLayerTypeOf(values.url.trim()) : null;

  const onFormSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = gisServiceSaveSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      const found: Partial<Record<GisField, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as GisField;
        if ((FIELDS as readonly string[]).includes(name) && !found[name]) found[name] = name === 'opacity' ? 'Opacity must be a whole percent from 0 to 100' : issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`gis-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await submit(parsed.data);
    } finally {
      setSubmitting(false);
    }
  };
  const summary = FIELDS.flatMap((field) => (errors[field] ? [{ id: `gis-${field}`, message: errors[field]! }] : []));
  const a11yInvalid = (field: GisField) => (errors[field] ? 'error' : undefined);

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={(e) => void onFormSubmit(e)} noValidate large>
        <Field id="gis-name" label="Name" hint="What visitors see in the map's layer list." error={errors.name} required>
          {(a11y) => <TextInput {...a11y} name="name" type="text" value={values.name} onChange={(e) => set('name', e.target.value)} validationStatus={a11yInvalid('name')} />}
        </Field>
        <Field
          id="gis-url"
          label="Service address"
          hint={
            <>
              An ArcGIS REST address ending in /MapServer (drawn as an image) or /FeatureServer (drawn as shapes).
              {kind && <> This one is a {GIS_KIND_LABEL[kind].toLowerCase()}.</>}
            </>
          }
          error={errors.url}
          required
        >
          {(a11y) => <TextInput {...a11y} name="url" type="url" value={values.url} onChange={(e) => set('url', e.target.value)} validationStatus={a11yInvalid('url')} />}
        </Field>
        <Field
          id="gis-layer_ids"
          label="Layer ids"
          hint="Numbers separated by commas, e.g. 0, 2. Empty draws all of a map service's layers; a feature service needs at least one."
          error={errors.layer_ids}
        >
          {(a11y) => (
            <TextInput {...a11y} name="layer_ids" type="text" inputMode="numeric" value={values.layer_ids} onChange={(e) => set('layer_ids', e.target.value)} validationStatus={a11yInvalid('layer_ids')} />
          )}
        </Field>
        <Field id="gis-opacity" label="Opacity (%)" hint="0 is invisible, 100 fully opaque." error={errors.opacity}>
          {(a11y) => (
            <TextInput {...a11y} name="opacity" type="number" min={0} max={100} step={5} value={values.opacity} onChange={(e) => set('opacity', e.target.value)} validationStatus={a11yInvalid('opacity')} className="gis-number" />
          )}
        </Field>
        <Field id="gis-display_order" label="Order" hint="Lower numbers come first in the map's layer list." error={errors.display_order}>
          {(a11y) => (
            <TextInput
              {...a11y}
              name="display_order"
              type="number"
              min={0}
              max={9999}
              step={1}
              value={values.display_order}
              onChange={(e) => set('display_order', e.target.value)}
              validationStatus={a11yInvalid('display_order')}
              className="gis-number"
            />
          )}
        </Field>
        <Field id="gis-description" label="Description (optional)" error={errors.description}>
          {(a11y) => <Textarea {...a11y} name="description" value={values.description} onChange={(e) => set('description', e.target.value)} />}
        </Field>
        <fieldset className="usa-fieldset margin-top-3">
          <legend className="usa-sr-only">On the public map</legend>
          <Checkbox id="gis-active" name="active" label="Offer on the public map" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
          <Checkbox
            id="gis-shown_by_default"
            name="shown_by_default"
            label="Shown when the map opens"
            checked={values.shown_by_default}
            onChange={(e) => set('shown_by_default', e.target.checked)}
          />
        </fieldset>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
      </Form>
    </>
  );
}
