import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, ErrorMessage, Fieldset, Form, Grid, Select, Table, Textarea } from '@trussworks/react-uswds';
import { organizationSaveSchema, type OrganizationSave, type OrganizationSaveInput } from '@beach/domain';
import type { FieldError } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { TextField } from '../../components/TextField';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import type { OrganizationFilters } from './api';
import { RULES, RULE_FIELDS, zeroRules } from './rules';

const TOP_FIELDS = [
  'name',
  'abbv',
  'desc',
  'email',
  'phone',
  'organization_group_id',
  'organization_category_id',
  'county_id',
  'local_health_authority_id',
  'is_admin_organization',
] as const;
type TopField = (typeof TOP_FIELDS)[number];

const toOptionalId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

interface OrganizationFormProps {
  filters: OrganizationFilters;
  initial: OrganizationSaveInput;
  submitLabel: string;
  onSubmit: (values: OrganizationSave) => Promise<void>;
}

/** Every message in the form, in page order, each pointing at its field. */
function collectErrors(errors: FieldErrors<OrganizationSaveInput>, programIds: number[]): FieldError[] {
  const out: FieldError[] = [];
  for (const field of TOP_FIELDS) {
    const message = errors[field]?.message;
    if (typeof message === 'string') out.push({ id: field, message });
  }
  errors.programs?.forEach?.((program, i) => {
    if (!program) return;
    const programId = programIds[i];
    if (program.program_id?.message) out.push({ id: `program-${programId}`, message: program.program_id.message });
    for (const f of RULE_FIELDS) {
      const message = program.rules?.[f]?.message;
      if (message) out.push({ id: `rule-${programId}-${f}`, message: `${RULES[f].label}: ${message}` });
    }
  });
  return out;
}

/**
 * An organization: its details, links (group, category, county, LHA), the admin flag, the programs it takes
 * part in and each program's rules. Checked with organizationSaveSchema, the server's own schema.
 */
export function OrganizationForm({ filters, initial, submitLabel, onSubmit }: OrganizationFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrganizationSaveInput, unknown, OrganizationSave>({ resolver: zodResolver(organizationSaveSchema), defaultValues: initial });
  const { fields, append, remove } = useFieldArray({ control, name: 'programs' });

  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, message) => {
      if (!(TOP_FIELDS as readonly string[]).includes(field) && !/^programs\.\d+\./.test(field)) return false;
      setError(field as TopField, { type: 'server', message });
      return true;
    },
    'The organization could not be saved.',
  );

  const programName = new Map(filters.programs.map((p) => [p.program_id, p]));
  const programIds = fields.map((f) => Number(f.program_id));
  const summary = collectErrors(errors, programIds);
  const message = (field: TopField) => {
    const m = errors[field]?.message;
    return typeof m === 'string' ? m : undefined;
  };
  const idSelect = (field: 'organization_group_id' | 'organization_category_id' | 'county_id' | 'local_health_authority_id', label: string, none: string, options: { id: number; name: string }[]) => (
    <Field id={field} label={label} error={message(field)}>
      {(a11y) => (
        <Select {...a11y} {...register(field, { setValueAs: toOptionalId })} validationStatus={message(field) ? 'error' : undefined}>
          <option value="">{none}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="maxw-full">
        <Fieldset legend="Details" legendStyle="large">
          <Grid row gap>
            <Grid tablet={{ col: 8 }}>
              <TextField id="name" label="Name" type="text" registration={register('name')} error={message('name')} />
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <TextField id="abbv" label="Abbreviation" type="text" registration={register('abbv')} error={message('abbv')} />
            </Grid>
          </Grid>
          <Field id="desc" label="Description (optional)" error={message('desc')}>
            {(a11y) => <Textarea {...a11y} {...register('desc')} className="maxw-full" />}
          </Field>
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>
              <TextField id="email" label="E-mail (optional)" type="email" registration={register('email')} error={message('email')} />
            </Grid>
            <Grid tablet={{ col: 6 }}>
              <TextField id="phone" label="Phone (optional)" type="text" registration={register('phone')} error={message('phone')} />
            </Grid>
          </Grid>
          <Grid row gap>
            <Grid tablet={{ col: 6 }}>
              {idSelect('organization_group_id', 'Group (optional)', '- No group -', filters.groups.map((g) => ({ id: g.organization_group_id, name: g.name })))}
            </Grid>
            <Grid tablet={{ col: 6 }}>
              {idSelect(
                'organization_category_id',
                'Category (optional)',
                '- No category -',
                filters.categories.map((c) => ({ id: c.organization_category_id, name: c.name })),
              )}
            </Grid>
            <Grid tablet={{ col: 6 }}>
              {idSelect('county_id', 'County (optional)', '- No county -', filters.counties.map((c) => ({ id: c.county_id, name: c.name })))}
            </Grid>
            <Grid tablet={{ col: 6 }}>
              {idSelect(
                'local_health_authority_id',
                'Local health authority (optional)',
                '- No LHA -',
                filters.lhas.map((l) => ({ id: l.local_health_authority_id, name: l.name })),
              )}
            </Grid>
          </Grid>
          <Checkbox
            id="is_admin_organization"
            label="Administering organization"
            labelDescription="Its users manage organizations, programs, LHAs and the public website (when it takes part in at least one program)."
            {...register('is_admin_organization')}
          />
        </Fieldset>

        <Fieldset legend="Programs" legendStyle="large" className="margin-top-4">
          <p className="usa-hint" id="programs-hint">
            The programs the organization takes part in. Its users lose their permissions in a program it leaves.
          </p>
          {filters.programs.map((p) => {
            const index = fields.findIndex((f) => Number(f.program_id) === p.program_id);
            return (
              <Checkbox
                key={p.program_id}
                id={`program-${p.program_id}`}
                name={`program-${p.program_id}`}
                label={`${p.abbv} - ${p.name}`}
                checked={index >= 0}
                aria-describedby="programs-hint"
                onChange={(event) => (event.target.checked ? append({ program_id: p.program_id, rules: zeroRules() }) : remove(index))}
              />
            );
          })}
        </Fieldset>

        {fields.length > 0 && (
          <Fieldset legend="Rules per program" legendStyle="large" className="margin-top-4">
            <p className="usa-hint">
              What the organization’s users may hold in each program. All rules start at None (0); a user’s own
              permission never goes above its organization’s rule.
            </p>
            <div className="overflow-x-auto">
              <Table bordered compact fullWidth caption="Rules per program">
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    {fields.map((f) => (
                      <th key={f.id} scope="col" id={`rules-col-${f.program_id}`}>
                        {programName.get(Number(f.program_id))?.abbv ?? `Program ${f.program_id}`}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {RULE_FIELDS.map((rule) => (
                    <tr key={rule}>
                      <th scope="row">
                        <span id={`rules-row-${rule}`}>{RULES[rule].label}</span>
                        <span className="display-block text-normal font-body-3xs text-base-dark">{RULES[rule].hint}</span>
                      </th>
                      {fields.map((f, i) => {
                        const id = `rule-${f.program_id}-${rule}`;
                        const error = errors.programs?.[i]?.rules?.[rule]?.message;
                        return (
                          <td key={f.id}>
                            {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
                            <select
                              id={id}
                              className={error ? 'usa-select usa-input--error' : 'usa-select'}
                              aria-labelledby={`rules-row-${rule} rules-col-${f.program_id}`}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${id}-error` : undefined}
                              {...register(`programs.${i}.rules.${rule}`, { valueAsNumber: true })}
                            >
                              {RULES[rule].choices.map((label, value) => (
                                <option key={value} value={value}>
                                  {label}
                                </option>
                              ))}
                            </select>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </Fieldset>
        )}

        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </Form>
    </>
  );
}
