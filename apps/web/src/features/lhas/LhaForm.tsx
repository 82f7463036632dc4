import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Fieldset, Form, Grid, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import { lhaSaveSchema, type LhaSave, type LhaSaveInput } from '@beach/domain';
import { Field } from '../../components/Field';
import { TextField } from '../../components/TextField';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import type { Geography } from './api';

const FIELDS = ['name', 'desc', 'county_id', 'contact_person', 'email', 'phone_number', 'url', 'address', 'city', 'zip_code', 'municipalities'] as const;
type LhaField = (typeof FIELDS)[number];

const toOptionalId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

interface LhaFormProps {
  geography: Geography;
  initial: LhaSaveInput;
  submitLabel: string;
  onSubmit: (values: LhaSave) => Promise<void>;
}

/**
 * A local health authority: name, contact, address, phone, web address, county and the municipalities it
 * serves (only the chosen county's). Checked with lhaSaveSchema, the server's own schema.
 */
export function LhaForm({ geography, initial, submitLabel, onSubmit }: LhaFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LhaSaveInput, unknown, LhaSave>({ resolver: zodResolver(lhaSaveSchema), defaultValues: initial });
  const countyId = useWatch({ control, name: 'county_id' });
  const inCounty = geography.municipalities
    .filter((m) => countyId != null && m.county_id === Number(countyId))
    .sort((a, b) => a.name.localeCompare(b.name));

  const message = (field: LhaField): string | undefined => {
    const error = errors[field] as { message?: string } | { message?: string }[] | undefined;
    if (Array.isArray(error)) return error.find((e) => e?.message)?.message;
    return error?.message;
  };

  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, text) => {
      const top = field.split('.')[0] as LhaField;
      if (!(FIELDS as readonly string[]).includes(top)) return false;
      setError(top, { type: 'server', message: text });
      return true;
    },
    'The local health authority could not be saved.',
  );

  const summary = FIELDS.flatMap((field) => {
    const text = message(field);
    return text ? [{ id: field === 'municipalities' ? 'municipalities-group' : field, message: text }] : [];
  });
  const text = (field: 'contact_person' | 'phone_number' | 'address' | 'city' | 'zip_code', label: string, autoComplete?: string) => (
    <TextField id={field} label={label} type="text" autoComplete={autoComplete} registration={register(field)} error={message(field)} />
  );

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="maxw-full">
        <Fieldset legend="Authority" legendStyle="large">
          <TextField id="name" label="Name" type="text" registration={register('name')} error={message('name')} />
          <Field id="desc" label="Description (optional)" error={message('desc')}>
            {(a11y) => <Textarea {...a11y} {...register('desc')} className="maxw-full" />}
          </Field>
        </Fieldset>

        <Fieldset legend="Contact (optional)" legendStyle="large" className="margin-top-4">
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>{text('contact_person', 'Contact person', 'off')}</Grid>
            <Grid tablet={{ col: 6 }}>
              <TextField id="email" label="E-mail" type="email" registration={register('email')} error={message('email')} />
            </Grid>
            <Grid tablet={{ col: 6 }}>{text('phone_number', 'Phone number', 'off')}</Grid>
            <Grid tablet={{ col: 6 }}>
              <Field id="url" label="Web address" hint="Starting with http:// or https://" error={message('url')}>
                {(a11y) => <TextInput {...a11y} type="url" {...register('url')} validationStatus={message('url') ? 'error' : undefined} />}
              </Field>
            </Grid>
          </Grid>
          {text('address', 'Street address', 'off')}
          <Grid row gap>
            <Grid tablet={{ col: 8 }}>{text('city', 'City', 'off')}</Grid>
            <Grid tablet={{ col: 4 }}>{text('zip_code', 'ZIP code', 'off')}</Grid>
          </Grid>
        </Fieldset>

        <Fieldset legend="Area served" legendStyle="large" className="margin-top-4">
          <Field id="county_id" label="County" error={message('county_id')}>
            {(a11y) => (
              <Select
                {...a11y}
                {...register('county_id', {
                  setValueAs: toOptionalId,
                  onChange: (event: { target: { value: string } }) => {
                    // Municipalities of another county no longer apply.
                    const county = Number(event.target.value);
                    const keep = new Set(geography.municipalities.filter((m) => m.county_id === county).map((m) => m.municipality_id));
                    setValue(
                      'municipalities',
                      ((getValues('municipalities') ?? []) as number[]).filter((id) => keep.has(id)),
                    );
                  },
                })}
              >
                <option value="">- No county -</option>
                {geography.counties.map((c) => (
                  <option key={c.county_id} value={c.county_id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Controller
            control={control}
            name="municipalities"
            render={({ field }) => {
              const chosen = new Set(((field.value ?? []) as unknown[]).map(Number));
              const toggle = (id: number, on: boolean) => {
                const next = new Set(chosen);
                if (on) next.add(id);
                else next.delete(id);
                field.onChange([...next]);
              };
              return (
                <fieldset className="usa-fieldset margin-top-3" id="municipalities-group" tabIndex={-1} aria-describedby="municipalities-hint">
                  <legend className="usa-legend">Municipalities served</legend>
                  <span className="usa-hint" id="municipalities-hint">
                    {countyId == null
                      ? 'Choose a county above to pick its municipalities.'
                      : `${chosen.size} of ${inCounty.length} chosen.`}
                  </span>
                  {message('municipalities') && <span className="usa-error-message">{message('municipalities')}</span>}
                  {inCounty.length > 0 && (
                    <div className="lha-municipalities">
                      {inCounty.map((m) => (
                        <Checkbox
                          key={m.municipality_id}
                          id={`municipality-${m.municipality_id}`}
                          name="municipalities"
                          label={m.name}
                          checked={chosen.has(m.municipality_id)}
                          onChange={(event) => toggle(m.municipality_id, event.target.checked)}
                        />
                      ))}
                    </div>
                  )}
                </fieldset>
              );
            }}
          />
        </Fieldset>

        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </Form>
    </>
  );
}
