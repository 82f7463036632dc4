import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form } from '@trussworks/react-uswds';
import { CODES, MESSAGES, newPasswordSchema, type NewPasswordInput } from '@beach/domain';
import { applyServerErrors, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { ActiveToggle } from './ActiveToggle';
import { useForcePasswordResetMutation, useSetUserPasswordMutation, type UserDetail } from './api';

interface AccountActionsProps {
  user: UserDetail;
  onNotice: (notice: string) => void;
}

/** Account status, the forced password change and a new password set by the manager. */
export function AccountActions({ user, onNotice }: AccountActionsProps) {
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <section aria-labelledby="account-heading" className="margin-top-6 border-top-1px border-base-lighter padding-top-2">
      <h2 id="account-heading">Account</h2>
      <dl className="account-facts">
        <dt className="text-bold">Status</dt>
        <dd className="margin-left-0 margin-bottom-1">{user.active ? 'Active: can sign in' : 'Inactive: cannot sign in'}</dd>
        <dt className="text-bold">Password</dt>
        <dd className="margin-left-0 margin-bottom-1">
          {user.force_password_reset ? 'Must be changed at the next sign-in' : 'Set by the user'}
        </dd>
      </dl>
      <div className="display-flex flex-wrap">
        <ActiveToggle user={user} onDone={onNotice} />
        <ForceResetButton user={user} name={name} onDone={onNotice} />
      </div>
      <SetPasswordForm userId={user.user_id} name={name} onDone={onNotice} />
    </section>
  );
}

function ForceResetButton({ user, name, onDone }: { user: UserDetail; name: string; onDone: (notice: string) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forceReset, { isLoading }] = useForcePasswordResetMutation();
  const reset = !user.force_password_reset;

  const confirm = async () => {
    setError(null);
    try {
      await forceReset({ id: user.user_id, reset }).unwrap();
      setOpen(false);
      onDone(reset ? `${name} must change the password at the next sign-in.` : `${name} no longer has to change the password.`);
    } catch (thrown) {
      setError(toApiError(thrown).message ?? 'The change could not be saved.');
    }
  };

  return (
    <>
      <Button type="button" outline onClick={() => setOpen(true)}>
        {reset ? 'Force password reset' : 'Cancel forced password reset'}
      </Button>
      <ConfirmDialog
        id="force-reset-dialog"
        open={open}
        heading={reset ? `Make ${name} change the password?` : `Cancel the forced password change for ${name}?`}
        confirmLabel={reset ? 'Force password reset' : 'Cancel the reset'}
        busy={isLoading}
        error={error}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>
          {reset
            ? `At the next sign-in ${name} will have to choose a new password before using the portal.`
            : `${name} will be able to use the portal with the current password.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

const PASSWORD_FIELDS = ['newPassword', 'newPasswordRetype'] as const;

/** PUT user/password/{userId}: the manager sets a password (8 to 32 characters, the spec's messages). */
function SetPasswordForm({ userId, name, onDone }: { userId: number; name: string; onDone: (notice: string) => void }) {
  const [setPassword] = useSetUserPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({ resolver: zodResolver(newPasswordSchema), defaultValues: { newPassword: '', newPasswordRetype: '' } });

  const submit = async (values: NewPasswordInput) => {
    setFailure(null);
    try {
      const response = await setPassword({ id: userId, body: values }).unwrap();
      if (response.code !== CODES.PASSWORD_CHANGED) throw toApiError({ status: 200, code: response.code });
      reset();
      onDone(`The password of ${name} was changed. They must choose their own at the next sign-in.`);
    } catch (thrown) {
      const left = applyServerErrors(
        thrown,
        (field, message) => {
          if (!(PASSWORD_FIELDS as readonly string[]).includes(field)) return false;
          setError(field as (typeof PASSWORD_FIELDS)[number], { type: 'server', message });
          return true;
        },
        MESSAGES.passwordChangeFailed,
      );
      // USER_BAD_VALIDATION carries its field list with the spec's one-line message.
      setFailure(toApiError(thrown).code === CODES.USER_BAD_VALIDATION ? MESSAGES.passwordChangeFailed : (left[0] ?? null));
    }
  };

  const summary = PASSWORD_FIELDS.flatMap((field) => (errors[field]?.message ? [{ id: field, message: errors[field].message }] : []));
  return (
    <section aria-labelledby="set-password-heading" className="margin-top-4">
      <h3 id="set-password-heading">Set a new password</h3>
      <p className="usa-hint">For a user who cannot use the e-mailed link. Tell them the password in person or by phone.</p>
      <ErrorSummary errors={summary} />
      {failure && (
        <Alert type="error" headingLevel="h4" slim role="alert">
          {failure}
        </Alert>
      )}
      <Form onSubmit={handleSubmit(submit)} noValidate>
        <TextField
          id="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="Use 8 to 32 characters."
          registration={register('newPassword')}
          error={errors.newPassword?.message}
        />
        <TextField
          id="newPasswordRetype"
          label="Retype new password"
          type="password"
          autoComplete="new-password"
          registration={register('newPasswordRetype')}
          error={errors.newPasswordRetype?.message}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Set password'}
        </Button>
      </Form>
    </section>
  );
}
