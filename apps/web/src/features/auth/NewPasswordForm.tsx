import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form } from '@trussworks/react-uswds';
import { newPasswordSchema, type NewPasswordInput } from '@beach/domain';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { PASSWORD_HINT } from './messages';

const FIELDS = ['newPassword', 'newPasswordRetype'] as const;

interface NewPasswordFormProps {
  onSubmit: (values: NewPasswordInput) => Promise<void>;
  submitting: boolean;
  submitLabel: string;
}

/** New password and its retype, with the spec's password rules (shared by reset and change). */
export function NewPasswordForm({ onSubmit, submitting, submitLabel }: NewPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', newPasswordRetype: '' },
  });

  const summary = FIELDS.flatMap((field) => {
    const message = errors[field]?.message;
    return message ? [{ id: field, message }] : [];
  });

  return (
    <>
      <ErrorSummary errors={summary} />
      <Form onSubmit={handleSubmit(onSubmit)} noValidate large>
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
