import { useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { Button, Checkbox, Fieldset, Form, Select, Textarea } from '@trussworks/react-uswds';
import { latestSampleDate, SOURCE_TRACKDOWN_LIMITS, SOURCE_TRACKDOWN_MESSAGES, TRACKDOWN_FORM_NAMES, type SourceTrackdown, type TrackdownIncident } from '@beach/domain';
import { Field } from '../../components/Field';
import { FileField } from '../../components/management/file-field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { fileTypeName, incidentLabel } from './trackdown-labels';

/** What the server's document rule accepts, in words and as the picker's hint. */
const FILE_HINT = 'PDF, Word (.docx), Excel (.xlsx), CSV or an image (PNG, JPEG, GIF, WebP), up to 25 MB.';
const FILE_ACCEPT = '.pdf,.docx,.xlsx,.csv,.png,.jpg,.jpeg,.gif,.webp';

interface FixValues {
  id?: number;
  attempted_on: string;
  comments: string;
  was_improved: boolean;
}
interface FileValues {
  id?: number;
  /** The stored file's name and type (saved entries only). */
  name?: string;
  type?: string;
  description: string;
}
export interface TrackdownFormValues {
  /** The incident followed up ('' for none). */
  incident_id: string;
  identified_problems: string;
  suggested_solutions: string;
  description: string;
  is_applying_for_loan_or_grant: boolean;
  has_received_loan_or_grant: boolean;
  water_quality_file_delete: boolean;
  attempted_fixes: FixValues[];
  trackdown_files: FileValues[];
}

const TEXT_FIELDS = ['identified_problems', 'suggested_solutions', 'description'] as const;
const LABELS: Record<(typeof TEXT_FIELDS)[number], string> = {
  identified_problems: 'Identified problems',
  suggested_solutions: 'Suggested solutions',
  description: 'Description',
};

/** The description a trackdown started from an incident begins with: the incident's station and dates (issue 28). */
export function followUpDescription(i: TrackdownIncident, place: string): string {
  return `Follow-up of the incident at ${place} that started on ${i.start_date}${i.end_date ? ` and ended on ${i.end_date}` : ' (still open)'}.`;
}

function initialValues(t: SourceTrackdown | undefined, followUp: { incident: TrackdownIncident; place: string } | undefined): TrackdownFormValues {
  return {
    incident_id: String(t ? (t.incident?.incident_id ?? '') : (followUp?.incident.incident_id ?? '')),
    identified_problems: t?.identified_problems ?? '',
    suggested_solutions: t?.suggested_solutions ?? '',
    description: t?.description ?? (followUp ? followUpDescription(followUp.incident, followUp.place) : ''),
    is_applying_for_loan_or_grant: t?.is_applying_for_loan_or_grant ?? false,
    has_received_loan_or_grant: t?.has_received_loan_or_grant ?? false,
    water_quality_file_delete: false,
    attempted_fixes: (t?.attempted_fixes ?? []).map((f) => ({
      id: f.source_attempted_fix_id,
      attempted_on: f.attempted_on,
      comments: f.comments,
      was_improved: f.was_improved,
    })),
    trackdown_files: (t?.trackdown_files ?? []).map((f) => ({ id: f.source_trackdown_file_id, name: f.name, type: f.type, description: f.description })),
  };
}

/**
 * The multipart form of packages/domain schemas/source-trackdowns.ts: text, flags as 1/0, the water quality
 * file, and the fixes and files as indexed entries (kept and new ones first, then the removed ones with delete=1).
 */
export function trackdownFormData(
  values: TrackdownFormValues,
  files: { waterQuality: File | null; entries: (File | null)[] },
  removed: { fixes: number[]; files: number[] },
  update: boolean,
): FormData {
  const data = new FormData();
  if (update) data.append('_method', 'PUT');
  data.append(TRACKDOWN_FORM_NAMES.incident, values.incident_id);
  for (const key of TEXT_FIELDS) data.append(key, values[key]);
  data.append('is_applying_for_loan_or_grant', values.is_applying_for_loan_or_grant ? '1' : '0');
  data.append('has_received_loan_or_grant', values.has_received_loan_or_grant ? '1' : '0');
  if (files.waterQuality) data.append(TRACKDOWN_FORM_NAMES.waterQualityFile, files.waterQuality, files.waterQuality.name);
  else if (values.water_quality_file_delete) data.append(TRACKDOWN_FORM_NAMES.waterQualityFileDelete, '1');
  const fixes = [...values.attempted_fixes.map((fix) => ({ fix, remove: false })), ...removed.fixes.map((id) => ({ fix: { id } as FixValues, remove: true }))];
  fixes.forEach(({ fix, remove }, i) => {
    if (fix.id !== undefined) data.append(TRACKDOWN_FORM_NAMES.fix(i, 'id'), String(fix.id));
    if (remove) {
      data.append(TRACKDOWN_FORM_NAMES.fix(i, 'delete'), '1');
      return;
    }
    data.append(TRACKDOWN_FORM_NAMES.fix(i, 'attempted_on'), fix.attempted_on);
    data.append(TRACKDOWN_FORM_NAMES.fix(i, 'comments'), fix.comments);
    data.append(TRACKDOWN_FORM_NAMES.fix(i, 'was_improved'), fix.was_improved ? '1' : '0');
  });
  const entries = [...values.trackdown_files.map((entry, i) => ({ entry, file: files.entries[i] ?? null, remove: false })), ...removed.files.map((id) => ({ entry: { id } as FileValues, file: null, remove: true }))];
  entries.forEach(({ entry, file, remove }, i) => {
    if (entry.id !== undefined) data.append(TRACKDOWN_FORM_NAMES.file(i, 'id'), String(entry.id));
    if (remove) {
      data.append(TRACKDOWN_FORM_NAMES.file(i, 'delete'), '1');
      return;
    }
    data.append(TRACKDOWN_FORM_NAMES.file(i, 'description'), entry.description);
    if (file) data.append(TRACKDOWN_FORM_NAMES.file(i, 'file'), file, file.name);
  });
  return data;
}

/** The id of a field's control, for the error summary's links (`attempted_fixes.0.attempted_on` -> `trackdown-attempted_fixes-0-attempted_on`). */
const controlId = (path: string) => `trackdown-${path.replaceAll('.', '-')}`;

interface TrackdownFormProps {
  trackdown?: SourceTrackdown;
  /** The station's incidents a trackdown may name. */
  incidents: TrackdownIncident[];
  /** A new trackdown started from this incident (issue 28): it is chosen and its station and dates fill the description. */
  followUp?: { incident: TrackdownIncident; place: string };
  onSubmit: (body: FormData) => Promise<void>;
  onCancel: () => void;
}

/** Add or edit a source trackdown: its text and flags, the water quality file, attempted fixes and files (each a repeatable group). */
export function TrackdownForm({ trackdown, incidents, followUp, onSubmit, onCancel }: TrackdownFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TrackdownFormValues>({ defaultValues: initialValues(trackdown, followUp) });
  const fixes = useFieldArray({ control, name: 'attempted_fixes', keyName: 'key' });
  const entries = useFieldArray({ control, name: 'trackdown_files', keyName: 'key' });
  const [waterQuality, setWaterQuality] = useState<File | null>(null);
  /** Chosen files by the entry's field-array key. */
  const [chosen, setChosen] = useState<Record<string, File | null>>({});
  const [removed, setRemoved] = useState<{ fixes: number[]; files: number[] }>({ fixes: [], files: [] });
  /** Messages about files (`water_quality_file`, `trackdown_files.0.file`): kept apart from the form's fields, cleared at each submit. */
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const latest = latestSampleDate();

  const { failure, submit } = useServerFailure<TrackdownFormValues>(
    async (values) => {
      const missing = values.trackdown_files.flatMap((entry, i) => (entry.id === undefined && !chosen[entries.fields[i]!.key] ? [i] : []));
      setFileErrors(Object.fromEntries(missing.map((i) => [`trackdown_files.${i}.file`, SOURCE_TRACKDOWN_MESSAGES.fileRequired])));
      if (missing.length) return;
      const body = trackdownFormData(values, { waterQuality, entries: entries.fields.map((f) => chosen[f.key] ?? null) }, removed, trackdown !== undefined);
      await onSubmit(body);
    },
    (field, message) => {
      const known =
        field === 'incident_id' ||
        (TEXT_FIELDS as readonly string[]).includes(field) ||
        ['is_applying_for_loan_or_grant', 'has_received_loan_or_grant', 'water_quality_file', 'water_quality_file_delete'].includes(field) ||
        (/^attempted_fixes\.(\d+)\.(attempted_on|comments|was_improved|id|delete)$/.test(field) && Number(field.split('.')[1]) < getValues('attempted_fixes').length) ||
        (/^trackdown_files\.(\d+)\.(file|description|id|delete)$/.test(field) && Number(field.split('.')[1]) < getValues('trackdown_files').length);
      if (!known) return false;
      if (field === 'water_quality_file' || field.endsWith('.file')) {
        setFileErrors((e) => ({ ...e, [field]: message }));
        return true;
      }
      const [group, index, key] = field.split('.');
      // Messages about an entry's id or delete flag belong to the entry's first control.
      const target = key === 'id' || key === 'delete' ? `${group}.${index}.${group === 'attempted_fixes' ? 'attempted_on' : 'description'}` : field;
      setError(target as FieldPath<TrackdownFormValues>, { type: 'server', message });
      return true;
    },
    'The source trackdown could not be saved.',
  );

  const summary: { id: string; message: string }[] = [];
  if (errors.incident_id?.message) summary.push({ id: controlId('incident_id'), message: errors.incident_id.message });
  for (const key of TEXT_FIELDS) if (errors[key]?.message) summary.push({ id: controlId(key), message: errors[key].message });
  if (fileErrors.water_quality_file) summary.push({ id: controlId('water_quality_file'), message: fileErrors.water_quality_file });
  errors.attempted_fixes?.forEach?.((e, i) => {
    for (const key of ['attempted_on', 'comments'] as const) {
      const message = e?.[key]?.message;
      if (message) summary.push({ id: controlId(`attempted_fixes.${i}.${key}`), message: `Attempted fix ${i + 1}: ${message}` });
    }
  });
  errors.trackdown_files?.forEach?.((e, i) => {
    const message = e?.description?.message;
    if (message) summary.push({ id: controlId(`trackdown_files.${i}.description`), message: `File ${i + 1}: ${message}` });
  });
  entries.fields.forEach((_field, i) => {
    const message = fileErrors[`trackdown_files.${i}.file`];
    if (message) summary.push({ id: controlId(`trackdown_files.${i}.file`), message: `File ${i + 1}: ${message}` });
  });

  const current = trackdown?.water_quality_file != null && trackdown.water_quality_filename ? { name: trackdown.water_quality_filename } : undefined;
  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="trackdown-form">
        <Field
          id={controlId('incident_id')}
          label="Incident it follows up (optional)"
          hint={incidents.length === 0 ? 'This station has no incidents.' : 'An incident of this station.'}
          error={errors.incident_id?.message}
        >
          {(a11y) => (
            <Select {...a11y} {...register('incident_id')}>
              <option value="">None</option>
              {incidents.map((i) => (
                <option key={i.incident_id} value={String(i.incident_id)}>
                  {incidentLabel(i)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {TEXT_FIELDS.map((key) => (
          <Field key={key} id={controlId(key)} label={`${LABELS[key]} (optional)`} error={errors[key]?.message}>
            {(a11y) => (
              <Textarea
                {...a11y}
                {...register(key, { maxLength: { value: SOURCE_TRACKDOWN_LIMITS.text, message: `At most ${SOURCE_TRACKDOWN_LIMITS.text} characters` } })}
              />
            )}
          </Field>
        ))}
        <Fieldset legend="Loans and grants" className="margin-top-3">
          <Checkbox id={controlId('is_applying_for_loan_or_grant')} label="Applying for a loan or grant" {...register('is_applying_for_loan_or_grant')} />
          <Checkbox id={controlId('has_received_loan_or_grant')} label="Has received a loan or grant" {...register('has_received_loan_or_grant')} />
        </Fieldset>
        <FileField
          name={TRACKDOWN_FORM_NAMES.waterQualityFile}
          label="Water quality file (optional)"
          hint={FILE_HINT}
          accept={FILE_ACCEPT}
          error={fileErrors.water_quality_file}
          current={current}
          onChange={(file) => {
            setWaterQuality(file);
            setFileErrors(({ water_quality_file: _gone, ...rest }) => rest);
          }}
        />
        {current && !waterQuality && (
          <Checkbox id={controlId('water_quality_file_delete')} label={`Remove the water quality file ${current.name}`} {...register('water_quality_file_delete')} />
        )}

        <Fieldset legend="Attempted fixes" className="margin-top-4">
          {fixes.fields.length === 0 && <p className="margin-y-1">No attempted fixes yet.</p>}
          {fixes.fields.map((field, i) => {
            const e = errors.attempted_fixes?.[i];
            return (
              <div key={field.key} className="trackdown-group padding-2 margin-top-2 border-1px border-base-lighter radius-md" role="group" aria-label={`Attempted fix ${i + 1}`}>
                <h5 className="margin-top-0 margin-bottom-1">Attempted fix {i + 1}</h5>
                <Field id={controlId(`attempted_fixes.${i}.attempted_on`)} label="Date" hint="Not later than tomorrow." error={e?.attempted_on?.message} required>
                  {(a11y) => (
                    <input
                      {...a11y}
                      className="usa-input"
                      type="date"
                      max={latest}
                      {...register(`attempted_fixes.${i}.attempted_on`, {
                        required: SOURCE_TRACKDOWN_MESSAGES.dateRequired,
                        validate: (v) => !v || v <= latest || SOURCE_TRACKDOWN_MESSAGES.dateAfterTomorrow,
                      })}
                    />
                  )}
                </Field>
                <Field id={controlId(`attempted_fixes.${i}.comments`)} label="Comments (optional)" error={e?.comments?.message}>
                  {(a11y) => <Textarea {...a11y} {...register(`attempted_fixes.${i}.comments`)} />}
                </Field>
                <Checkbox id={controlId(`attempted_fixes.${i}.was_improved`)} label="Water quality improved" {...register(`attempted_fixes.${i}.was_improved`)} />
                <Button
                  type="button"
                  unstyled
                  className="margin-top-1"
                  onClick={() => {
                    const id = getValues(`attempted_fixes.${i}.id`);
                    if (id !== undefined) setRemoved((r) => ({ ...r, fixes: [...r.fixes, id] }));
                    fixes.remove(i);
                  }}
                >
                  Remove attempted fix {i + 1}
                </Button>
              </div>
            );
          })}
          <Button type="button" outline className="margin-top-2" onClick={() => fixes.append({ attempted_on: '', comments: '', was_improved: false })}>
            Add an attempted fix
          </Button>
        </Fieldset>

        <Fieldset legend="Trackdown files" className="margin-top-4">
          {entries.fields.length === 0 && <p className="margin-y-1">No files yet.</p>}
          {entries.fields.map((field, i) => {
            const e = errors.trackdown_files?.[i];
            const saved = field.id !== undefined && field.name ? { name: `${field.name} (${fileTypeName(field.type ?? '')})` } : undefined;
            return (
              <div key={field.key} className="trackdown-group padding-2 margin-top-2 border-1px border-base-lighter radius-md" role="group" aria-label={`File ${i + 1}`}>
                <h5 className="margin-top-0 margin-bottom-1">File {i + 1}</h5>
                <div id={controlId(`trackdown_files.${i}.file`)} tabIndex={-1}>
                  <FileField
                    name={`trackdown-file-${i}`}
                    label={saved ? 'Replace the file (optional)' : 'File'}
                    hint={FILE_HINT}
                    accept={FILE_ACCEPT}
                    required={!saved}
                    error={fileErrors[`trackdown_files.${i}.file`]}
                    current={saved}
                    onChange={(file) => {
                      setChosen((c) => ({ ...c, [field.key]: file }));
                      setFileErrors(({ [`trackdown_files.${i}.file`]: _gone, ...rest }) => rest);
                    }}
                  />
                </div>
                <Field id={controlId(`trackdown_files.${i}.description`)} label="Description (optional)" error={e?.description?.message}>
                  {(a11y) => <Textarea {...a11y} {...register(`trackdown_files.${i}.description`)} />}
                </Field>
                <Button
                  type="button"
                  unstyled
                  className="margin-top-1"
                  onClick={() => {
                    const id = getValues(`trackdown_files.${i}.id`);
                    if (id !== undefined) setRemoved((r) => ({ ...r, files: [...r.files, id] }));
                    entries.remove(i);
                  }}
                >
                  Remove file {i + 1}
                </Button>
              </div>
            );
          })}
          <Button type="button" outline className="margin-top-2" onClick={() => entries.append({ description: '' })}>
            Add a file
          </Button>
        </Fieldset>

        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : trackdown ? 'Save the trackdown' : 'Add the trackdown'}
          </Button>
          <Button type="button" outline onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </>
  );
}
