import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Select, TextInput } from '@trussworks/react-uswds';
import type { z } from 'zod';
import {
  countySaveSchema,
  idWith,
  municipalitySaveSchema,
  MUNICIPALITY_TYPE_NAMES,
  MUNICIPALITY_TYPES,
  type CountySave,
  type CountySaveInput,
} from '@beach/domain';
import { Field } from '../../components/Field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { TextField } from '../../components/TextField';
import type { CountyRecord } from './api';

export const FIPS_HINT = '5 digits: the state’s 2 and the county’s 3, e.g. 34029';

interface FormProps<Input, Output> {
  initial: Input;
  submitLabel: string;
  onSubmit: (values: Output) => Promise<void>;
}

/** A county: name and FIPS code, checked with countySaveSchema (the server's own). */
export function CountyForm({ initial, submitLabel, onSubmit }: FormProps<CountySaveInput, CountySave>) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CountySaveInput, unknown, CountySave>({ resolver: zodResolver(countySaveSchema), defaultValues: initial });
  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, text) => {
      // A 409 PLACE_NAME_TAKEN about the FIPS code belongs on the FIPS code.
      const target = field === 'name' && /^FIPS code/.test(text) ? 'fips' : field;
      if (target !== 'name' && target !== 'fips') return false;
      setError(target, { type: 'server', message: text });
      return true;
    },
    'The county could not be saved.',
  );
  const summary = (['name', 'fips'] as const).flatMap((field) => (errors[field]?.message ? [{ id: field, message: errors[field].message }] : []));

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large>
        <TextField id="name" label="Name" hint="As people write it, without “County”: Cape May" type="text" autoComplete="off" registration={register('name')} error={errors.name?.message} />
        <Field id="fips" label="County FIPS code" hint={FIPS_HINT} error={errors.fips?.message}>
          {(a11y) => (
            <TextInput
              {...a11y}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className="maxw-card"
              validationStatus={errors.fips ? 'error' : undefined}
              {...register('fips')}
            />
          )}
        </Field>
        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </Form>
    </>
  );
}

/** The municipality form's schema: the server's, with "Choose a county" for an empty county. */
export const municipalityFormSchema = municipalitySaveSchema.extend({ county_id: idWith('Choose a county') });
export type MunicipalityFormInput = z.input<typeof municipalityFormSchema>;
export type MunicipalityFormValues = z.output<typeof municipalityFormSchema>;

const MUNICIPALITY_FIELDS = ['name', 'county_id', 'code', 'type'] as const;
const toOptionalId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * A municipality: name, county (the counties in use, plus its own even when retired), FIPS place code or
 * GNIS id (optional) and type (optional).
 */
export function MunicipalityForm({
  counties,
  initial,
  submitLabel,
  onSubmit,
}: FormProps<MunicipalityFormInput, MunicipalityFormValues> & { counties: readonly CountyRecord[] }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MunicipalityFormInput, unknown, MunicipalityFormValues>({ resolver: zodResolver(municipalityFormSchema), defaultValues: initial });
  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, text) => {
      if (!(MUNICIPALITY_FIELDS as readonly string[]).includes(field)) return false;
      setError(field as (typeof MUNICIPALITY_FIELDS)[number], { type: 'server', message: text });
      return true;
    },
    'The municipality could not be saved.',
  );
  const summary = MUNICIPALITY_FIELDS.flatMap((field) => (errors[field]?.message ? [{ id: field, message: errors[field].message }] : []));
  const current = initial.county_id === undefined || initial.county_id === null ? null : Number(initial.county_id);
  const choices = counties.filter((c) => !c.retired || c.county_id === current).sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large>
        <TextField id="name" label="Name" hint="As it is officially written: Belmar, Long Beach Township" type="text" autoComplete="off" registration={register('name')} error={errors.name?.message} />
        <Field id="county_id" label="County" error={errors.county_id?.message}>
          {(a11y) => (
            <Select {...a11y} validationStatus={errors.county_id ? 'error' : undefined} {...register('county_id', { setValueAs: toOptionalId })}>
              <option value="">- Choose a county -</option>
              {choices.map((c) => (
                <option key={c.county_id} value={c.county_id}>
                  {c.name}
                  {c.retired ? ' (retired)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="code" label="Code (optional)" hint="The FIPS place code or GNIS id: 5 to 10 digits" error={errors.code?.message}>
          {(a11y) => (
            <TextInput
              {...a11y}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className="maxw-card-lg"
              validationStatus={errors.code ? 'error' : undefined}
              {...register('code')}
            />
          )}
        </Field>
        <Field id="type" label="Type (optional)" error={errors.type?.message}>
          {(a11y) => (
            <Select {...a11y} {...register('type', { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) })}>
              <option value="">- No type -</option>
              {MUNICIPALITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {MUNICIPALITY_TYPE_NAMES[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </Form>
    </>
  );
}
