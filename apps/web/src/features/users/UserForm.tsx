import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Form, Radio, Select } from '@trussworks/react-uswds';
import { userCreateSchema, userUpdateSchema, type ProgramRules, type UserCreate, type UserCreateInput } from '@beach/domain';
import { applyServerErrors } from '../../components/api-errors';
import { ErrorSummary } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { TextField } from '../../components/TextField';
import type { UserFilters } from './api';
import { PermissionGrid, cleanProgramRules } from './PermissionGrid';

const PASSWORD_HINT = 'Use 8 to 32 characters. The user must change it at the first sign-in.';

/** The form's fields, in page order (the error summary follows it). */
const FIELDS = ['first_name', 'last_name', 'email', 'primary_email', 'organization_id', 'password'] as const;
type FormField = (typeof FIELDS)[number];

export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  primary_email?: string;
  organization_id: number | undefined;
  programRules: ProgramRules;
}

interface UserFormProps {
  mode: 'create' | 'edit';
  filters: UserFilters;
  initial: UserFormValues;
  /** Levels the user holds now (edit): they may stay even above a lowered cap. */
  held?: ProgramRules;
  submitLabel: string;
  /** Sends the checked values; a rejection's field errors are shown on the fields. */
  onSubmit: (values: UserCreate) => Promise<void>;
}

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const toId = (v: unknown) => (v === '' || v === undefined || v === null ? undefined : Number(v));

/**
 * Create or edit a user: name, login and mail address, organization and the per-program permission grid.
 * Checked with the same zod schema the server validates with (userCreateSchema / userUpdateSchema).
 */
export function UserForm({ mode, filters, initial, held, submitLabel, onSubmit }: UserFormProps) {
  const [passwordMode, setPasswordMode] = useState<'link' | 'set'>('link');
  const [gridErrors, setGridErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const schema = mode === 'create' ? userCreateSchema : userUpdateSchema;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<UserCreateInput, unknown, UserCreate>({
    resolver: zodResolver(schema) as never,
    defaultValues: { ...initial, primary_email: initial.primary_email ?? '' } as UserCreateInput,
  });

  const organizationId = useWatch({ control, name: 'organization_id' });
  const organization = filters.organizations.find((o) => o.organization_id === Number(organizationId));
  const sameOrganization = Number(organizationId) === initial.organization_id;

  const submit = async (values: UserCreate) => {
    setGridErrors({});
    setFormErrors([]);
    try {
      await onSubmit({ ...values, programRules: cleanProgramRules(values.programRules, organization) });
    } catch (thrown) {
      const grid: Record<string, string> = {};
      const left = applyServerErrors(
        thrown,
        (field, message) => {
          if (field.startsWith('programRules')) {
            grid[field] = message;
            return true;
          }
          if ((FIELDS as readonly string[]).includes(field)) {
            setError(field as FormField, { type: 'server', message });
            return true;
          }
          return false;
        },
        'The user could not be saved.',
      );
      setFormErrors(left);
      setGridErrors(grid);
    }
  };

  const fieldMessage = (field: FormField): string | undefined => {
    const message = (errors as Partial<Record<FormField, { message?: string }>>)[field]?.message;
    if (field === 'organization_id' && message && !organization) return 'Choose an organization';
    return message;
  };
  const summary = [
    ...FIELDS.flatMap((field) => {
      const message = fieldMessage(field);
      return message ? [{ id: field, message }] : [];
    }),
    ...Object.entries(gridErrors).map(([field, message]) => ({ id: gridCellId(field), message })),
  ];
  const onlyOrganization = filters.organizations.length === 1 ? filters.organizations[0] : undefined;

  return (
    <>
      <ErrorSummary errors={summary} />
      {formErrors.length > 0 && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {formErrors.join(' ')}
        </Alert>
      )}
      <Form onSubmit={handleSubmit(submit)} noValidate large className="maxw-full">
        <Fieldset legend="Person" legendStyle="large">
          <TextField id="first_name" label="First name" type="text" autoComplete="off" registration={register('first_name')} error={fieldMessage('first_name')} />
          <TextField id="last_name" label="Last name" type="text" autoComplete="off" registration={register('last_name')} error={fieldMessage('last_name')} />
          <TextField
            id="email"
            label="Email address (used to sign in)"
            type="email"
            autoComplete="off"
            registration={register('email')}
            error={fieldMessage('email')}
          />
          <TextField
            id="primary_email"
            label="Mail address (optional)"
            hint="Where portal mail goes, if not the sign-in address."
            type="email"
            autoComplete="off"
            registration={register('primary_email', { setValueAs: emptyToUndefined })}
            error={fieldMessage('primary_email')}
          />
        </Fieldset>

        <Fieldset legend="Organization and permissions" legendStyle="large" className="margin-top-4">
          {onlyOrganization && filters.scope === 'OWN_ORGANIZATION' ? (
            <p>
              Organization: <strong>{onlyOrganization.name}</strong> (you manage the users of your own organization)
            </p>
          ) : (
            <Field id="organization_id" label="Organization" error={fieldMessage('organization_id')}>
              {(control) => (
                <Select
                  {...control}
                  {...register('organization_id', {
                    setValueAs: toId,
                    onChange: (event: { target: { value: string } }) => {
                      // A different organization has other programs and caps: start its grid afresh
                      // (or from the saved levels when going back to the user's own organization).
                      const back = Number(event.target.value) === initial.organization_id;
                      setValue('programRules', back ? initial.programRules : {});
                      setGridErrors({});
                    },
                  })}
                  validationStatus={fieldMessage('organization_id') ? 'error' : undefined}
                >
                  <option value="">- Select an organization -</option>
                  {filters.organizations.map((o) => (
                    <option key={o.organization_id} value={o.organization_id}>
                      {o.name} ({o.abbv})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Controller
            control={control}
            name="programRules"
            render={({ field }) => (
              <PermissionGrid
                organization={organization}
                value={(field.value ?? {}) as ProgramRules}
                onChange={field.onChange}
                held={sameOrganization ? held : undefined}
                errors={gridErrors}
              />
            )}
          />
        </Fieldset>

        {mode === 'create' && (
          <Fieldset legend="Password" legendStyle="large" className="margin-top-4">
            <Radio
              id="password-mode-link"
              name="password-mode"
              label="E-mail the user a link to choose a password (valid for 7 days)"
              checked={passwordMode === 'link'}
              onChange={() => setPasswordMode('link')}
            />
            <Radio
              id="password-mode-set"
              name="password-mode"
              label="Set a first password now and give it to the user"
              checked={passwordMode === 'set'}
              onChange={() => setPasswordMode('set')}
            />
            {passwordMode === 'set' && (
              <TextField
                id="password"
                label="First password"
                type="password"
                autoComplete="new-password"
                hint={PASSWORD_HINT}
                registration={register('password', { shouldUnregister: true })}
                error={fieldMessage('password')}
              />
            )}
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

/** The grid cell a server message about `programRules.<abbv>.<AREA>` belongs to. */
function gridCellId(field: string): string {
  const [, abbv = '', area = ''] = field.split('.');
  return area ? `permission-${abbv}-${area}`.replace(/[^A-Za-z0-9_-]/g, '_') : 'organization_id';
}
