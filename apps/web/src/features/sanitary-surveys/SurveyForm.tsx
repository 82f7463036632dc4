import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, Fieldset, Form, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import {
  BEACON_SOURCES,
  latestSampleDate,
  NOT_APPLICABLE,
  programToday,
  surveyCreateSchema,
  surveyUpdateSchema,
  type Survey,
  type SurveyCreate,
  type SurveyFilters,
  type SurveyUpdate,
} from '@beach/domain';
import { Field } from '../../components/Field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';

/**
 * A sanitary survey's form (EPA's marine beach sanitary survey), grouped in fieldsets with legends. Text
 * left empty is sent as 'N/A' (SPEC 5) and shown empty again; measures left empty are sent as null.
 */

const TEXTS = ['surveyor', 'weather', 'water_conditions', 'debris', 'algae', 'odour', 'potential_sources', 'observations'] as const;
const MEASURES = ['rainfall_24h_in', 'rainfall_48h_in', 'rainfall_72h_in', 'wind_speed_mph', 'wave_height_ft', 'water_temp_f', 'air_temp_f', 'bather_load'] as const;
const CHOICES = ['sky_condition', 'tide', 'wind_direction', 'turbidity', 'debris_level', 'algae_level'] as const;
type Scalar = 'beach_station_id' | 'survey_date' | 'survey_time_hh' | 'survey_time_mm' | (typeof TEXTS)[number] | (typeof MEASURES)[number] | (typeof CHOICES)[number];

export interface SurveyValues extends Record<Scalar, string> {
  animals: { kind: string; count: string; description: string }[];
  outfalls: { description: string; is_flowing: boolean }[];
  /** The BEACON sources ticked, with their descriptions. */
  sources: Record<string, { checked: boolean; description: string }>;
}

const shown = (text: string) => (text === NOT_APPLICABLE ? '' : text);
const sent = (text: string) => text.trim() || NOT_APPLICABLE;
const number = (text: string) => (text.trim() === '' ? null : Number(text));
const pad = (text: string) => (text.trim() === '' ? '' : text.trim().padStart(2, '0'));

/** The form's values for a survey (or a blank one for a new survey). */
export function valuesOf(survey: Survey | null, defaults: { surveyor?: string; stationId?: number } = {}): SurveyValues {
  const sources = Object.fromEntries(BEACON_SOURCES.map((code) => [code, { checked: false, description: '' }]));
  for (const s of survey?.sources ?? []) sources[s.source_code] = { checked: true, description: shown(s.description) };
  const scalars = Object.fromEntries([...TEXTS, ...MEASURES, ...CHOICES].map((k) => [k, survey ? shown(String(survey[k] ?? '')) : ''])) as Record<Scalar, string>;
  return {
    ...scalars,
    beach_station_id: String(survey?.beach_station_id ?? defaults.stationId ?? ''),
    survey_date: survey?.survey_date ?? programToday(),
    survey_time_hh: survey?.survey_time_hh ?? '',
    survey_time_mm: survey?.survey_time_mm ?? '',
    surveyor: survey ? shown(survey.surveyor) : (defaults.surveyor ?? ''),
    animals: (survey?.animals ?? []).map((a) => ({ kind: a.kind, count: String(a.count), description: shown(a.description) })),
    outfalls: (survey?.outfalls ?? []).map((o) => ({ description: o.description, is_flowing: o.is_flowing })),
    sources,
  };
}

/** What the server takes: 'N/A' for missing text, null for missing measures and choices, times padded. */
export function bodyOf(values: SurveyValues, complete: boolean) {
  return {
    survey_date: values.survey_date,
    survey_time_hh: pad(values.survey_time_hh),
    survey_time_mm: pad(values.survey_time_mm),
    ...Object.fromEntries(TEXTS.map((k) => [k, sent(values[k])])),
    ...Object.fromEntries(MEASURES.map((k) => [k, number(values[k])])),
    ...Object.fromEntries(CHOICES.map((k) => [k, values[k] || null])),
    animals: values.animals.map((a) => ({ kind: a.kind, count: number(a.count), description: sent(a.description) })),
    outfalls: values.outfalls.map((o) => ({ description: o.description.trim(), is_flowing: o.is_flowing })),
    sources: Object.entries(values.sources)
      .filter(([, s]) => s.checked)
      .map(([source_code, s]) => ({ source_code, description: sent(s.description) })),
    complete,
  };
}

const fieldId = (path: string) => `survey-${path.replace(/\./g, '-')}`;

interface SurveyFormProps {
  /** The survey being edited, or null for a new one (then a station is chosen). */
  survey: Survey | null;
  initial: SurveyValues;
  options: SurveyFilters;
  onSave: (body: SurveyUpdate | SurveyCreate, complete: boolean) => Promise<void>;
  onCancel: () => void;
}

export function SurveyForm({ survey, initial, options, onSave, onCancel }: SurveyFormProps) {
  const [values, setValues] = useState<SurveyValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const completed = survey?.status === 'COMPLETED';
  const set = (change: Partial<SurveyValues>) => setValues((v) => ({ ...v, ...change }));
  const { failure, setFailure, submit } = useServerFailure<{ body: SurveyUpdate | SurveyCreate; complete: boolean }>(
    async ({ body, complete }) => onSave(body, complete),
    (field, message) => {
      setErrors((e) => ({ ...e, [field]: message }));
      return true;
    },
    'The survey could not be saved.',
  );

  const save = async (complete: boolean) => {
    const raw = { ...bodyOf(values, complete), ...(survey ? {} : { beach_station_id: number(values.beach_station_id), incident_id: null }) };
    const parsed = (survey ? surveyUpdateSchema() : surveyCreateSchema()).safeParse(raw);
    setFailure([]);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!found[path]) found[path] = path === 'beach_station_id' ? 'Choose the beach station' : issue.message;
      }
      setErrors(found);
      document.getElementById(fieldId(Object.keys(found)[0] ?? ''))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await submit({ body: parsed.data, complete });
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(completed);
  };

  const error = (path: string) => errors[path];
  const summary = Object.entries(errors).map(([path, message]) => ({ id: fieldId(path), message }));
  const text = (name: (typeof TEXTS)[number], label: string, hint?: string, long = false) => (
    <Field id={fieldId(name)} label={`${label} (optional)`} hint={hint} error={error(name)}>
      {(a11y) =>
        long ? (
          <Textarea {...a11y} name={name} value={values[name]} onChange={(e) => set({ [name]: e.target.value })} />
        ) : (
          <TextInput {...a11y} name={name} type="text" value={values[name]} onChange={(e) => set({ [name]: e.target.value })} />
        )
      }
    </Field>
  );
  const measure = (name: (typeof MEASURES)[number], label: string, unit: string) => (
    <Field id={fieldId(name)} label={`${label} (${unit}, optional)`} error={error(name)} className="grid-col-12 tablet:grid-col-4">
      {(a11y) => (
        <input
          {...a11y}
          className="usa-input"
          name={name}
          type="number"
          inputMode="decimal"
          step="any"
          value={values[name]}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      )}
    </Field>
  );
  const choice = (name: (typeof CHOICES)[number], label: string, list: { code: string; name: string }[]) => (
    <Field id={fieldId(name)} label={`${label} (optional)`} error={error(name)} className="grid-col-12 tablet:grid-col-4">
      {(a11y) => (
        <Select {...a11y} name={name} value={values[name]} onChange={(e) => set({ [name]: e.target.value })}>
          <option value="">Not recorded</option>
          {list.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  const group = (legend: string, children: ReactNode) => (
    <Fieldset legend={legend} legendStyle="large" className="margin-top-4">
      {children}
    </Fieldset>
  );

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={onSubmit} noValidate large aria-label={survey ? 'Sanitary survey' : 'New sanitary survey'} className="survey-form">
        {group(
          'When and who',
          <>
            {!survey && (
              <Field id={fieldId('beach_station_id')} label="Beach station" required error={error('beach_station_id')}>
                {(a11y) => (
                  <Select {...a11y} name="beach_station_id" value={values.beach_station_id} onChange={(e) => set({ beach_station_id: e.target.value })}>
                    <option value="">- Choose a station -</option>
                    {options.stations.map((s) => (
                      <option key={s.beach_station_id} value={s.beach_station_id}>
                        {s.beach_name} - {s.station_name}
                        {s.requires_sanitary_survey ? ' (survey required)' : ''}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            <div className="grid-row grid-gap-2">
              <Field id={fieldId('survey_date')} label="Day of the survey" required error={error('survey_date')} className="grid-col-12 tablet:grid-col-4">
                {(a11y) => (
                  <input
                    {...a11y}
                    className="usa-input"
                    name="survey_date"
                    type="date"
                    max={latestSampleDate()}
                    value={values.survey_date}
                    onChange={(e) => set({ survey_date: e.target.value })}
                  />
                )}
              </Field>
              <Field id={fieldId('survey_time_hh')} label="Hour (00-23, optional)" error={error('survey_time_hh')} className="grid-col-6 tablet:grid-col-4">
                {(a11y) => (
                  <TextInput {...a11y} name="survey_time_hh" type="text" inputMode="numeric" maxLength={2} value={values.survey_time_hh} onChange={(e) => set({ survey_time_hh: e.target.value })} />
                )}
              </Field>
              <Field id={fieldId('survey_time_mm')} label="Minute (00-59, optional)" error={error('survey_time_mm')} className="grid-col-6 tablet:grid-col-4">
                {(a11y) => (
                  <TextInput {...a11y} name="survey_time_mm" type="text" inputMode="numeric" maxLength={2} value={values.survey_time_mm} onChange={(e) => set({ survey_time_mm: e.target.value })} />
                )}
              </Field>
            </div>
            {text('surveyor', 'Surveyor')}
          </>,
        )}
        {group(
          'Weather',
          <>
            <div className="grid-row grid-gap-2">{choice('sky_condition', 'Sky now', options.sky_conditions)}</div>
            {text('weather', 'Weather now', 'What the weather is like during the survey.')}
            <div className="grid-row grid-gap-2">
              {measure('rainfall_24h_in', 'Rainfall, previous 24 hours', 'inches')}
              {measure('rainfall_48h_in', 'Rainfall, previous 48 hours', 'inches')}
              {measure('rainfall_72h_in', 'Rainfall, previous 72 hours', 'inches')}
            </div>
          </>,
        )}
        {group(
          'Water and beach',
          <>
            <div className="grid-row grid-gap-2">
              {choice('tide', 'Tide', options.tides)}
              {measure('wind_speed_mph', 'Wind speed', 'mph')}
              {choice('wind_direction', 'Wind direction', options.wind_directions)}
              {measure('wave_height_ft', 'Wave height', 'feet')}
              {measure('water_temp_f', 'Water temperature', '°F')}
              {measure('air_temp_f', 'Air temperature', '°F')}
              {choice('turbidity', 'Turbidity', options.turbidities)}
              {measure('bather_load', 'Bather load', 'people in the water')}
            </div>
            {text('water_conditions', 'Water conditions', 'Colour, surface, anything unusual.')}
          </>,
        )}
        {group(
          'Birds and animals',
          <>
            {values.animals.length === 0 && <p>No birds or animals recorded.</p>}
            {values.animals.map((a, i) => (
              <div key={i} className="grid-row grid-gap-2 survey-form__row">
                <Field id={fieldId(`animals.${i}.kind`)} label={`Kind (${i + 1})`} error={error(`animals.${i}.kind`)} className="grid-col-12 tablet:grid-col-3">
                  {(a11y) => (
                    <Select {...a11y} name={`animals.${i}.kind`} value={a.kind} onChange={(e) => set({ animals: values.animals.map((x, j) => (j === i ? { ...x, kind: e.target.value } : x)) })}>
                      {options.animal_kinds.map((o) => (
                        <option key={o.code} value={o.code}>
                          {o.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field id={fieldId(`animals.${i}.count`)} label={`Count (${i + 1})`} error={error(`animals.${i}.count`)} className="grid-col-12 tablet:grid-col-2">
                  {(a11y) => (
                    <input
                      {...a11y}
                      className="usa-input"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      value={a.count}
                      onChange={(e) => set({ animals: values.animals.map((x, j) => (j === i ? { ...x, count: e.target.value } : x)) })}
                    />
                  )}
                </Field>
                <Field id={fieldId(`animals.${i}.description`)} label={`Where and what (${i + 1}, optional)`} error={error(`animals.${i}.description`)} className="grid-col-12 tablet:grid-col-5">
                  {(a11y) => (
                    <TextInput
                      {...a11y}
                      name={`animals.${i}.description`}
                      type="text"
                      value={a.description}
                      onChange={(e) => set({ animals: values.animals.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)) })}
                    />
                  )}
                </Field>
                <div className="grid-col-12 tablet:grid-col-2 survey-form__remove">
                  <Button type="button" unstyled onClick={() => set({ animals: values.animals.filter((_, j) => j !== i) })}>
                    Remove row {i + 1}
                  </Button>
                </div>
              </div>
            ))}
            <Button type="button" outline onClick={() => set({ animals: [...values.animals, { kind: 'GULLS', count: '', description: '' }] })}>
              Add birds or animals
            </Button>
          </>,
        )}
        {group(
          'Debris, algae and odour',
          <>
            <div className="grid-row grid-gap-2">{choice('debris_level', 'Debris and floatables', options.amount_levels)}</div>
            {text('debris', 'Debris and floatables seen', 'Kinds: plastics, food waste, medical or sewage-related items, fishing gear...')}
            <div className="grid-row grid-gap-2">{choice('algae_level', 'Algae', options.amount_levels)}</div>
            {text('algae', 'Algae seen', 'Kind, colour, on the beach or in the water.')}
            {text('odour', 'Odour')}
          </>,
        )}
        {group(
          'Outfalls and pipes',
          <>
            {values.outfalls.length === 0 && <p>No outfalls or pipes recorded.</p>}
            {values.outfalls.map((o, i) => (
              <div key={i} className="grid-row grid-gap-2 survey-form__row">
                <Field id={fieldId(`outfalls.${i}.description`)} label={`Outfall or pipe (${i + 1})`} error={error(`outfalls.${i}.description`)} className="grid-col-12 tablet:grid-col-6">
                  {(a11y) => (
                    <TextInput
                      {...a11y}
                      name={`outfalls.${i}.description`}
                      type="text"
                      value={o.description}
                      onChange={(e) => set({ outfalls: values.outfalls.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)) })}
                    />
                  )}
                </Field>
                <div className="grid-col-12 tablet:grid-col-4 survey-form__check">
                  <Checkbox
                    id={fieldId(`outfalls.${i}.is_flowing`)}
                    name={`outfalls.${i}.is_flowing`}
                    label={`Flowing (${i + 1})`}
                    checked={o.is_flowing}
                    onChange={(e) => set({ outfalls: values.outfalls.map((x, j) => (j === i ? { ...x, is_flowing: e.target.checked } : x)) })}
                  />
                </div>
                <div className="grid-col-12 tablet:grid-col-2 survey-form__remove">
                  <Button type="button" unstyled onClick={() => set({ outfalls: values.outfalls.filter((_, j) => j !== i) })}>
                    Remove outfall {i + 1}
                  </Button>
                </div>
              </div>
            ))}
            <Button type="button" outline onClick={() => set({ outfalls: [...values.outfalls, { description: '', is_flowing: false }] })}>
              Add an outfall or pipe
            </Button>
          </>,
        )}
        {group(
          'Potential pollution sources',
          <>
            <p className="usa-hint margin-top-0">Tick each BEACON source seen, and say where or what.</p>
            {error('sources') && <p className="usa-error-message">{error('sources')}</p>}
            {options.sources.map((s) => {
              const entry = values.sources[s.code] ?? { checked: false, description: '' };
              const update = (change: Partial<typeof entry>) => set({ sources: { ...values.sources, [s.code]: { ...entry, ...change } } });
              return (
                <div key={s.code} className="survey-form__source">
                  <Checkbox id={fieldId(`source.${s.code}`)} name={`source.${s.code}`} label={s.name} checked={entry.checked} onChange={(e) => update({ checked: e.target.checked })} />
                  {entry.checked && (
                    <Field id={fieldId(`source.${s.code}.description`)} label={`${s.name}: where or what (optional)`}>
                      {(a11y) => <TextInput {...a11y} name={`source.${s.code}.description`} type="text" value={entry.description} onChange={(e) => update({ description: e.target.value })} />}
                    </Field>
                  )}
                </div>
              );
            })}
            {text('potential_sources', 'Notes on potential sources', undefined, true)}
          </>,
        )}
        {group('Comments', text('observations', 'Comments and observations', undefined, true))}
        <div className="margin-top-4">
          {completed ? (
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save changes'}
            </Button>
          ) : (
            <>
              <Button type="button" outline disabled={busy} onClick={() => void save(false)}>
                {busy ? 'Saving…' : 'Save draft'}
              </Button>
              <Button type="button" disabled={busy} onClick={() => void save(true)}>
                Save and complete
              </Button>
            </>
          )}
          <Button type="button" unstyled className="margin-left-1" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        {!completed && <p className="usa-hint">Completing the survey clears the station’s “sanitary survey required” flag. A completed survey can still be corrected.</p>}
      </Form>
    </>
  );
}
