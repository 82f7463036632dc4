import { lazy, Suspense, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Fieldset, Form, Grid, Radio, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import {
  BEACH_AMENITIES,
  BEACON_SOURCES,
  MONITORING_FREQUENCIES,
  SERVICE_AREA,
  beachProfileSaveSchema,
  type BeachProfile,
  type BeachProfileSave,
  type BeachProfileSaveInput,
  type StaffBeachListItem,
} from '@beach/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { TextField } from '../../components/TextField';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { BEACON_SOURCE_LABELS } from '../beaches/beacon-labels';
import type { Lha, Geography } from '../lhas/api';
import './beach-management.css';

const LocationPicker = lazy(() => import('./LocationPicker'));

const CATEGORY_LABELS = { OCEAN: 'Ocean', BAY: 'Bay', RIVER: 'River', LAKE: 'Lake' } as const;
const FREQUENCY_LABELS: Record<(typeof MONITORING_FREQUENCIES)[number], string> = {
  DAILY: 'Daily',
  TWICE_WEEKLY: 'Twice a week',
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every other week',
  MONTHLY: 'Monthly',
  NOT_MONITORED: 'Not monitored',
};
const AMENITY_LABELS: Record<(typeof BEACH_AMENITIES)[number], string> = {
  RESTROOMS: 'Restrooms',
  SHOWERS: 'Showers',
  PARKING: 'Parking',
  ACCESSIBLE: 'Wheelchair access',
  CONCESSIONS: 'Food and drink',
  PICNIC_AREA: 'Picnic area',
};
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The form's values: the schema's input with the beach's county, which only narrows the lists. */
export type ProfileFormValues = BeachProfileSaveInput;

interface BeachProfileFormProps {
  initial: ProfileFormValues;
  initialCountyId: number | null;
  /** The station being edited (null when new): it cannot be its own primary. */
  stationId: number | null;
  /** Its brackets (a primary): deactivating it asks first. */
  brackets: BeachProfile['brackets'];
  /** The program's stations: primaries to choose, beaches to join, dots on the map. */
  stations: readonly StaffBeachListItem[];
  geography: Geography;
  lhas: readonly Lha[];
  tileUrl: string;
  /** Loads the profile of a station of an existing beach, to fill the beach's fields when it is chosen. */
  loadBeachOf: (stationId: number) => Promise<BeachProfile>;
  submitLabel: string;
  onSubmit: (values: BeachProfileSave) => Promise<void>;
}

const num = (v: unknown): number | null => (v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

/**
 * A station and its beach profile (decision 0024), checked with the server's own schema. The map and the
 * coordinate fields set the same point; the county narrows the municipality and LHA lists.
 */
export function BeachProfileForm({
  initial,
  initialCountyId,
  stationId,
  brackets,
  stations,
  geography,
  lhas,
  tileUrl,
  loadBeachOf,
  submitLabel,
  onSubmit,
}: BeachProfileFormProps) {
  const [countyId, setCountyId] = useState<number | null>(initialCountyId);
  const [pendingDeactivation, setPendingDeactivation] = useState<BeachProfileSave | null>(null);
  const [loadingBeach, setLoadingBeach] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, BeachProfileSave>({ resolver: zodResolver(beachProfileSaveSchema), defaultValues: initial });
  const stationType = useWatch({ control, name: 'station_type' });
  const beachId = useWatch({ control, name: 'beach.beach_id' });
  const latitude = useWatch({ control, name: 'latitude' });
  const longitude = useWatch({ control, name: 'longitude' });

  const primaries = stations.filter((s) => s.type.code === 'PRIMARY' && s.beach_station_id !== stationId);
  const beaches = useMemo(() => {
    const seen = new Map<number, { beach_id: number; name: string; stationId: number }>();
    for (const s of stations) if (!seen.has(s.beach_id)) seen.set(s.beach_id, { beach_id: s.beach_id, name: s.beach_name, stationId: s.beach_station_id });
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [stations]);
  const municipalities = geography.municipalities.filter((m) => countyId !== null && m.county_id === countyId).sort((a, b) => a.name.localeCompare(b.name));
  const countyLhas = lhas.filter((l) => countyId === null || l.county_id === null || l.county_id === countyId);
  const point = num(latitude) !== null && num(longitude) !== null ? { latitude: num(latitude)!, longitude: num(longitude)! } : null;

  const message = (field: FieldPath<ProfileFormValues>): string | undefined => {
    const parts = field.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    if (Array.isArray(node)) return (node.find((e) => (e as { message?: string } | undefined)?.message) as { message?: string } | undefined)?.message;
    return (node as { message?: string } | undefined)?.message;
  };

  const { failure, setFailure, submit: save } = useServerFailure(
    onSubmit,
    (field, text) => {
      setError(field as FieldPath<ProfileFormValues>, { type: 'server', message: text });
      return true;
    },
    'The beach could not be saved.',
  );

  const submit = async (values: BeachProfileSave) => {
    if (initial.active !== false && !values.active && brackets.some((b) => b.active)) {
      setPendingDeactivation(values);
      return;
    }
    await save(values);
  };

  const chooseBeach = async (value: string) => {
    const id = value === '' ? null : Number(value);
    setValue('beach.beach_id', id);
    if (id === null) return;
    const station = beaches.find((b) => b.beach_id === id);
    if (!station) return;
    setLoadingBeach(true);
    try {
      const profile = await loadBeachOf(station.stationId);
      const { county_id, station_count: _count, ...fields } = profile.beach;
      void _count;
      setCountyId(county_id);
      reset({ ...getValues(), beach: { ...fields } }, { keepDefaultValues: true });
    } catch {
      setFailure(['The chosen beach could not be loaded: its fields were left as they were.']);
    } finally {
      setLoadingBeach(false);
    }
  };

  const summaryFields: FieldPath<ProfileFormValues>[] = [
    'station_name',
    'station_type',
    'primary_station_id',
    'latitude',
    'longitude',
    'epa_station_id',
    'beach.name',
    'beach.category',
    'beach.municipality_id',
    'beach.local_health_authority_id',
    'beach.water_body_name',
    'beach.description',
    'beach.length_miles',
    'beach.epa_beach_id',
    'beach.swim_season_start',
    'beach.swim_season_end',
    'beach.monitoring_frequency',
    'beach.tier',
    'beach.amenities',
    'beach.access_notes',
    'beach.pollution_sources',
  ];
  const idOf = (field: string) => field.replace('.', '-');
  const summary = summaryFields.flatMap((field) => {
    const text = message(field);
    return text ? [{ id: idOf(field), message: text }] : [];
  });

  const monthDay = (field: 'beach.swim_season_start' | 'beach.swim_season_end', legend: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => {
        const [month = '', day = ''] = typeof f.value === 'string' && f.value ? f.value.split('-') : [];
        const set = (m: string, d: string) => f.onChange(m && d ? `${m}-${d}` : m || d ? `${m || '00'}-${d || '00'}` : null);
        const error = message(field);
        return (
          <fieldset className="usa-fieldset margin-top-2" id={idOf(field)} tabIndex={-1}>
            <legend className="usa-legend">{legend}</legend>
            {error && <span className="usa-error-message">{error}</span>}
            <div className="display-flex flex-gap-1">
              <div>
                <label className="usa-label margin-top-1" htmlFor={`${idOf(field)}-month`}>
                  Month
                </label>
                <select className="usa-select" id={`${idOf(field)}-month`} value={month} onChange={(e) => set(e.target.value, day)}>
                  <option value="">- None -</option>
                  {MONTHS.map((name, i) => (
                    <option key={name} value={String(i + 1).padStart(2, '0')}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="usa-label margin-top-1" htmlFor={`${idOf(field)}-day`}>
                  Day
                </label>
                <select className="usa-select" id={`${idOf(field)}-day`} value={day} onChange={(e) => set(month, e.target.value)}>
                  <option value="">-</option>
                  {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((d) => (
                    <option key={d} value={d}>
                      {Number(d)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </fieldset>
        );
      }}
    />
  );

  const codeChecks = <T extends string>(field: 'beach.amenities' | 'beach.pollution_sources', legend: string, codes: readonly T[], labels: Record<T, string>) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => {
        const chosen = new Set((f.value ?? []) as string[]);
        return (
          <fieldset className="usa-fieldset margin-top-3" id={idOf(field)} tabIndex={-1}>
            <legend className="usa-legend">{legend}</legend>
            {message(field) && <span className="usa-error-message">{message(field)}</span>}
            <div className="beach-code-grid">
              {codes.map((code) => (
                <Checkbox
                  key={code}
                  id={`${idOf(field)}-${code}`}
                  name={field}
                  label={labels[code]}
                  checked={chosen.has(code)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(code);
                    else next.delete(code);
                    f.onChange(codes.filter((c) => next.has(c)));
                  }}
                />
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="maxw-full beach-profile-form">
        <Fieldset legend="Station" legendStyle="large">
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>
              <TextField id="station_name" label="Station name" type="text" registration={register('station_name')} error={message('station_name')} hint="Unique in the program, e.g. OC1020 or OC1020N1" />
            </Grid>
            <Grid tablet={{ col: 6 }}>
              <TextField id="epa_station_id" label="EPA station ID (optional)" type="text" registration={register('epa_station_id')} error={message('epa_station_id')} />
            </Grid>
          </Grid>
          <fieldset className="usa-fieldset margin-top-3" id="station_type" tabIndex={-1}>
            <legend className="usa-legend">Station type</legend>
            {message('station_type') && <span className="usa-error-message">{message('station_type')}</span>}
            <Radio id="station_type-primary" label="Primary: carries the beach's status" value="PRIMARY" {...register('station_type')} />
            <Radio id="station_type-bracket" label="Bracket: sampled beside a primary, acts on its status" value="BRACKET" {...register('station_type')} />
          </fieldset>
          {stationType === 'BRACKET' && (
            <Field id="primary_station_id" label="Primary station" error={message('primary_station_id')} hint="The primary this bracket is sampled beside.">
              {(a11y) => (
                <Select {...a11y} {...register('primary_station_id', { setValueAs: num })}>
                  <option value="">- Choose the primary -</option>
                  {primaries.map((p) => (
                    <option key={p.beach_station_id} value={p.beach_station_id}>
                      {p.station_name} ({p.beach_name})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <div className="margin-top-3">
            <Checkbox id="active" label="Active: sampled, and shown in the results entry grids" {...register('active')} />
            <Checkbox id="public_visible" label="Shown to the public (map, beach pages, downloads)" {...register('public_visible')} />
          </div>
        </Fieldset>

        <Fieldset legend="Location" legendStyle="large" className="margin-top-4">
          <p className="usa-hint margin-top-0">
            Click the map where the station is, or type its coordinates ({SERVICE_AREA.name}: latitude {SERVICE_AREA.south} to {SERVICE_AREA.north}, longitude{' '}
            {SERVICE_AREA.west} to {SERVICE_AREA.east}).
          </p>
          <Suspense fallback={<Loading label="Loading the map…" />}>
            <LocationPicker
              value={point}
              tileUrl={tileUrl}
              onPick={(p) => {
                setValue('latitude', p.latitude, { shouldDirty: true, shouldValidate: true });
                setValue('longitude', p.longitude, { shouldDirty: true, shouldValidate: true });
              }}
            />
          </Suspense>
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>
              <Field id="latitude" label="Latitude" error={message('latitude')}>
                {(a11y) => <TextInput {...a11y} type="text" inputMode="decimal" {...register('latitude')} validationStatus={message('latitude') ? 'error' : undefined} />}
              </Field>
            </Grid>
            <Grid tablet={{ col: 6 }}>
              <Field id="longitude" label="Longitude" error={message('longitude')} hint="West is negative, e.g. -74.05">
                {(a11y) => <TextInput {...a11y} type="text" inputMode="decimal" {...register('longitude')} validationStatus={message('longitude') ? 'error' : undefined} />}
              </Field>
            </Grid>
          </Grid>
        </Fieldset>

        <Fieldset legend="Beach" legendStyle="large" className="margin-top-4">
          <Field id="beach-beach_id" label="Beach" hint="A beach's details are shared by all its stations.">
            {(a11y) => (
              <Select {...a11y} name="beach.beach_id" value={beachId == null ? '' : String(beachId)} onChange={(event) => void chooseBeach(event.target.value)}>
                <option value="">A new beach</option>
                {beaches.map((b) => (
                  <option key={b.beach_id} value={b.beach_id}>
                    {b.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {loadingBeach && <Loading label="Loading the beach…" />}
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>
              <TextField id="beach-name" label="Beach name" type="text" registration={register('beach.name')} error={message('beach.name')} />
            </Grid>
            <Grid tablet={{ col: 6 }}>
              <Field id="beach-category" label="Location type" error={message('beach.category')}>
                {(a11y) => (
                  <Select {...a11y} {...register('beach.category')}>
                    {Object.entries(CATEGORY_LABELS).map(([code, label]) => (
                      <option key={code} value={code}>
                        {label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <Field id="beach-county" label="County">
                {(a11y) => (
                  <Select
                    {...a11y}
                    name="beach-county"
                    value={countyId ?? ''}
                    onChange={(event) => {
                      setCountyId(num(event.target.value));
                      setValue('beach.municipality_id', '' as unknown as number);
                      setValue('beach.local_health_authority_id', null);
                    }}
                  >
                    <option value="">- Choose a county -</option>
                    {geography.counties.map((c) => (
                      <option key={c.county_id} value={c.county_id}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <Field id="beach-municipality_id" label="Municipality" error={message('beach.municipality_id')} hint={countyId === null ? 'Choose a county first.' : undefined}>
                {(a11y) => (
                  <Select {...a11y} disabled={countyId === null} {...register('beach.municipality_id', { setValueAs: (v) => num(v) ?? undefined })}>
                    <option value="">- Choose a municipality -</option>
                    {municipalities.map((m) => (
                      <option key={m.municipality_id} value={m.municipality_id}>
                        {m.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <Field id="beach-local_health_authority_id" label="Local health authority" error={message('beach.local_health_authority_id')}>
                {(a11y) => (
                  <Select {...a11y} {...register('beach.local_health_authority_id', { setValueAs: num })}>
                    <option value="">- None -</option>
                    {countyLhas.map((l) => (
                      <option key={l.local_health_authority_id} value={l.local_health_authority_id}>
                        {l.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <TextField id="beach-water_body_name" label="Water body (optional)" type="text" registration={register('beach.water_body_name')} error={message('beach.water_body_name')} />
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <Field id="beach-length_miles" label="Length in miles (optional)" error={message('beach.length_miles')}>
                {(a11y) => <TextInput {...a11y} type="text" inputMode="decimal" {...register('beach.length_miles')} />}
              </Field>
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <TextField id="beach-epa_beach_id" label="EPA beach ID (optional)" type="text" registration={register('beach.epa_beach_id')} error={message('beach.epa_beach_id')} />
            </Grid>
          </Grid>
          <Field id="beach-description" label="Description (optional)" error={message('beach.description')}>
            {(a11y) => <Textarea {...a11y} {...register('beach.description')} className="maxw-full" />}
          </Field>
        </Fieldset>

        <Fieldset legend="Season and monitoring" legendStyle="large" className="margin-top-4">
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>{monthDay('beach.swim_season_start', 'Swim season starts (optional)')}</Grid>
            <Grid tablet={{ col: 6 }}>{monthDay('beach.swim_season_end', 'Swim season ends')}</Grid>
            <Grid tablet={{ col: 6 }}>
              <Field id="beach-monitoring_frequency" label="Monitoring frequency in season" error={message('beach.monitoring_frequency')}>
                {(a11y) => (
                  <Select {...a11y} {...register('beach.monitoring_frequency')}>
                    <option value="">- Not set -</option>
                    {MONITORING_FREQUENCIES.map((code) => (
                      <option key={code} value={code}>
                        {FREQUENCY_LABELS[code]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </Grid>
            <Grid tablet={{ col: 6 }}>
              <Field id="beach-tier" label="BEACON tier" error={message('beach.tier')} hint="1: high use or high risk, sampled most; 3: least.">
                {(a11y) => (
                  <Select {...a11y} {...register('beach.tier')}>
                    <option value="">- Not set -</option>
                    <option value="1">Tier 1</option>
                    <option value="2">Tier 2</option>
                    <option value="3">Tier 3</option>
                  </Select>
                )}
              </Field>
            </Grid>
          </Grid>
          <div className="margin-top-3">
            <Checkbox id="beach-lifeguards" label="Lifeguards on duty in season" {...register('beach.lifeguards')} />
          </div>
        </Fieldset>

        <Fieldset legend="Amenities, access and pollution sources" legendStyle="large" className="margin-top-4">
          {codeChecks('beach.amenities', 'Amenities', BEACH_AMENITIES, AMENITY_LABELS)}
          <Field id="beach-access_notes" label="Access (optional)" error={message('beach.access_notes')} hint="Entrances, ramps, parking, fees.">
            {(a11y) => <Textarea {...a11y} {...register('beach.access_notes')} className="maxw-full" />}
          </Field>
          {codeChecks('beach.pollution_sources', 'Possible pollution sources nearby (BEACON)', BEACON_SOURCES, BEACON_SOURCE_LABELS)}
        </Fieldset>

        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting || loadingBeach}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        id="deactivate-primary-dialog"
        open={pendingDeactivation !== null}
        heading={`Deactivate ${initial.station_name}?`}
        confirmLabel="Deactivate and save"
        busy={isSubmitting}
        onConfirm={async () => {
          const values = pendingDeactivation;
          setPendingDeactivation(null);
          if (values) await save(values);
        }}
        onCancel={() => setPendingDeactivation(null)}
      >
        <p>
          It is the primary of {brackets.filter((b) => b.active).length === 1 ? 'an active bracket station' : `${brackets.filter((b) => b.active).length} active bracket stations`}:{' '}
          {brackets
            .filter((b) => b.active)
            .map((b) => b.station_name)
            .join(', ')}
          . They stay active, but the beach's status will no longer follow new samples at this station.
        </p>
      </ConfirmDialog>
    </>
  );
}
