import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form } from '@trussworks/react-uswds';
import { newPasswordSchema, selfPasswordChangeSchema, type SelfPasswordChangeInput } from '@beach/domain';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { PASSWORD_HINT } from './messages';

const FIELDS = ['currentPassword', 'newPassword', 'newPasswordRetype'] as const;

/** The form's values: the current password only when the form asks for it. */
export type PasswordFormValues = Partial<Pick<SelfPasswordChangeInput, 'currentPassword'>> & Omit<SelfPasswordChangeInput, 'currentPassword'>;

interface NewPasswordFormProps {
  onSubmit: (values: PasswordFormValues) => Promise<void>;
  submitting: boolean;
  submitLabel: string;
  /** A signed-in user's own change asks for the current password too (a reset link does not). */
  askCurrent?: boolean;
}

/** New password and its retype, with the spec's password rules (shared by reset and change). */
export function NewPasswordForm({ onSubmit, submitting, submitLabel, askCurrent = false }: NewPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors: formErrors },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(askCurrent ? selfPasswordChangeSchema : newPasswordSchema),
    defaultValues: askCurrent ? { currentPassword: '', newPassword: '', newPasswordRetype: '' } : { newPassword: '', newPasswordRetype: '' },
  });
  const errors = formErrors as FieldErrors<SelfPasswordChangeInput>;

  const summary = FIELDS.flatMap((field) => {
    const message = errors[field]?.message;
    return message ? [{ id: field, message }] : [];
  });

  return (
    <>
      <ErrorSummary errors={summary} />
      <Form onSubmit={handleSubmit(onSubmit)} noValidate large>
        {askCurrent && (
          <TextField
            id="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={errors.currentPassword?.message}
          />
        )}
        <TextField
          id="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
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
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
