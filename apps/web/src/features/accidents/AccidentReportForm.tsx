import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Form, Radio, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import {
  ACCIDENT_TYPES,
  ACCIDENT_TYPE_LABELS,
  AGE_GROUPS,
  AGE_GROUP_LABELS,
  ACCIDENT_MESSAGES,
  accidentReportSaveSchema,
  latestSampleDate,
  type AccidentReport,
  type AccidentReportSave,
} from '@beach/domain';
import { z } from 'zod';
import { applyServerErrors } from '../../components/api-errors';
import { Field } from '../../components/Field';

const FIELDS = [
  'beach_station_id',
  'occurred_date',
  'occurred_time',
  'accident_type',
  'is_fatal',
  'age_group',
  'lifeguard_on_duty',
  'description',
  'reporter_name',
  'reporter_contact',
] as const;
type AccidentField = (typeof FIELDS)[number];

export interface StationChoice {
  beach_station_id: number;
  label: string;
}

interface Props {
  report: AccidentReport | null;
  stations: StationChoice[];
  onSubmit: (values: AccidentReportSave) => Promise<void>;
  onCancel: () => void;
}

/**
 * A yes / no radio pair's value. react-hook-form gives radios their input's value as text ('true' or
 * 'false') and applies no setValueAs to them, so the text is read here; nothing chosen says `message`.
 */
const yesNo = (message: string) => z.enum(['true', 'false'], { error: message }).transform((v) => v === 'true');

/**
 * The server's schema with a form's words where a field was left empty ("Must be a number" for a station
 * not chosen, or a format rule for a date or time not entered, would not say what to do) and the radios'
 * text read as yes or no.
 */
function formSchema() {
  const server = accidentReportSaveSchema();
  return server.extend({
    beach_station_id: z.coerce.number({ error: 'Choose the beach station' }).int().positive('Choose the beach station'),
    occurred_date: z.string({ error: 'Enter the date' }).min(1, 'Enter the date').pipe(server.shape.occurred_date),
    occurred_time: z.string({ error: 'Enter the time' }).min(1, 'Enter the time').pipe(server.shape.occurred_time),
    is_fatal: yesNo(ACCIDENT_MESSAGES.fatal),
    lifeguard_on_duty: yesNo(ACCIDENT_MESSAGES.lifeguard),
  });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
const asText = (v: boolean) => (v ? 'true' : 'false');

/** One report: the form checks it with the server's schema (accidentReportSaveSchema); messages sit by their fields. */
export function AccidentReportForm({ report, stations, onSubmit, onCancel }: Props) {
  const [failure, setFailure] = useState<string[]>([]);
  const initial: Partial<FormInput> = report
    ? {
        beach_station_id: report.beach_station_id ?? undefined,
        occurred_date: report.occurred_date,
        occurred_time: report.occurred_time,
        accident_type: report.accident_type,
        is_fatal: asText(report.is_fatal),
        age_group: report.age_group,
        lifeguard_on_duty: asText(report.lifeguard_on_duty),
        description: report.description,
        reporter_name: report.reporter_name,
        reporter_contact: report.reporter_contact,
      }
    : {};
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, AccidentReportSave>({
    resolver: zodResolver(formSchema()),
    defaultValues: initial as FormInput,
  });
  const message = (field: AccidentField) => errors[field]?.message;
  // A saved report keeps its station even when the station is no longer in the public list.
  const choices =
    report?.beach_station_id && !stations.some((s) => s.beach_station_id === report.beach_station_id)
      ? [{ beach_station_id: report.beach_station_id, label: `${report.beach_name ?? ''} - ${report.station_name ?? ''}` }, ...stations]
      : stations;

  const submit = async (values: AccidentReportSave) => {
    setFailure([]);
    try {
      await onSubmit(values);
    } catch (thrown) {
      setFailure(
        applyServerErrors(
          thrown,
          (field, text) => {
            if (!(FIELDS as readonly string[]).includes(field)) return false;
            setError(field as AccidentField, { message: text });
            return true;
          },
          'The report could not be saved.',
        ),
      );
    }
  };
  const id = (f: AccidentField) => `accident-${f}`;

  return (
    <Form onSubmit={handleSubmit(submit)} large className="maxw-full" aria-labelledby="accident-form-heading">
      <h2 id="accident-form-heading">{report ? 'Edit accident report' : 'File an accident report'}</h2>
      {failure.length > 0 && (
        <Alert type="error" headingLevel="h3" slim role="alert">
          {failure.join(' ')}
        </Alert>
      )}
      <Field id={id('beach_station_id')} label="Beach station" required error={message('beach_station_id')}>
        {(control) => (
          <Select {...control} {...register('beach_station_id', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })}>
            <option value="">- Select a station -</option>
            {choices.map((s) => (
              <option key={s.beach_station_id} value={s.beach_station_id}>
                {s.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid-row grid-gap">
        <div className="tablet:grid-col-6">
          <Field id={id('occurred_date')} label="Date" required hint="Not later than tomorrow" error={message('occurred_date')}>
            {(control) => <input {...control} className="usa-input" type="date" max={latestSampleDate()} {...register('occurred_date')} />}
          </Field>
        </div>
        <div className="tablet:grid-col-6">
          {/*
            A text box that takes what its hint says (issue 28): a time input shows the browser's own clock ("02:20 PM"
            in an American browser), which a "24-hour" hint contradicted.
          */}
          <Field id={id('occurred_time')} label="Time" required hint="24-hour clock, HH:MM (for example 14:20)" error={message('occurred_time')}>
            {(control) => (
              <input {...control} className="usa-input maxw-card" type="text" inputMode="text" autoComplete="off" maxLength={5} spellCheck={false} {...register('occurred_time')} />
            )}
          </Field>
        </div>
      </div>
      <Field id={id('accident_type')} label="Type" required error={message('accident_type')}>
        {(control) => (
          <Select {...control} {...register('accident_type', { setValueAs: (v) => (v === '' ? undefined : v) })}>
            <option value="">- Select a type -</option>
            {ACCIDENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {ACCIDENT_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <YesNo field="is_fatal" legend="Fatal" error={message('is_fatal')} register={register} initial={initial.is_fatal} />
      <Field id={id('age_group')} label="Age group" required error={message('age_group')}>
        {(control) => (
          <Select {...control} {...register('age_group', { setValueAs: (v) => (v === '' ? undefined : v) })}>
            <option value="">- Select an age group -</option>
            {AGE_GROUPS.map((g) => (
              <option key={g} value={g}>
                {AGE_GROUP_LABELS[g]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <YesNo field="lifeguard_on_duty" legend="Lifeguard on duty" error={message('lifeguard_on_duty')} register={register} initial={initial.lifeguard_on_duty} />
      <Field id={id('description')} label="Description" required hint="What happened and what was done" error={message('description')}>
        {(control) => <Textarea {...control} {...register('description')} />}
      </Field>
      <Field id={id('reporter_name')} label="Reporter" required error={message('reporter_name')}>
        {(control) => <TextInput {...control} type="text" {...register('reporter_name')} />}
      </Field>
      <Field id={id('reporter_contact')} label="Contact" required hint="Phone number or e-mail address" error={message('reporter_contact')}>
        {(control) => <TextInput {...control} type="text" {...register('reporter_contact')} />}
      </Field>
      <div className="margin-top-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : report ? 'Save report' : 'File report'}
        </Button>
        <Button type="button" outline onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function YesNo({
  field,
  legend,
  error,
  register,
  initial,
}: {
  field: 'is_fatal' | 'lifeguard_on_duty';
  legend: string;
  error?: string;
  register: ReturnType<typeof useForm<FormInput, unknown, AccidentReportSave>>['register'];
  initial: FormInput['is_fatal'] | undefined;
}) {
  const errorId = `accident-${field}-error`;
  const reg = register(field);
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <Fieldset
        legend={
          <>
            {legend}
            <span className="text-base"> (required)</span>
          </>
        }
        aria-describedby={error ? errorId : undefined}
      >
        {error && (
          <span className="usa-error-message" id={errorId} role="alert">
            {error}
          </span>
        )}
        <Radio id={`accident-${field}-yes`} label="Yes" value="true" defaultChecked={initial === 'true'} {...reg} />
        <Radio id={`accident-${field}-no`} label="No" value="false" defaultChecked={initial === 'false'} {...reg} />
      </Fieldset>
    </div>
  );
}
