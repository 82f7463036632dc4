import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form } from '@trussworks/react-uswds';
import { CODES, MESSAGES, recoverSchema } from '@beach/domain';
import type { z } from 'zod';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { usePageTitle } from '../../components/use-page-title';
import { useRequestPasswordRecoveryMutation } from './api';
import { RECOVERY_SENT, asApiError, recoveryErrorMessage } from './messages';
import { LOGIN_PATH } from './paths';

type RecoverFields = z.input<typeof recoverSchema>;
type RecoverValues = z.output<typeof recoverSchema>;

export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [requestRecovery, { isLoading }] = useRequestPasswordRecoveryMutation();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RecoverFields, unknown, RecoverValues>({
    resolver: zodResolver(recoverSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: RecoverValues) => {
    setServerError(null);
    try {
      const response = await requestRecovery({ email }).unwrap();
      if (response.code === CODES.TOKEN_CREATED) setSent(true);
      else setServerError(MESSAGES.tokenCreateFailed);
    } catch (thrown) {
      setServerError(recoveryErrorMessage(asApiError(thrown)));
    }
  };

  return (
    <>
      <h1>Forgot Password</h1>
      {sent ? (
        <>
          <Alert type="success" headingLevel="h2" role="status">
            {RECOVERY_SENT}
          </Alert>
          <p>
            <Link className="usa-link" to={LOGIN_PATH}>
              Return to Login
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="usa-intro">Enter your email address and we will send you a link to reset your password.</p>
          {serverError && (
            <Alert type="error" headingLevel="h2" slim role="alert">
              {serverError}
            </Alert>
          )}
          <ErrorSummary errors={errors.email?.message ? [{ id: 'email', message: errors.email.message }] : []} />
          <Form onSubmit={handleSubmit(onSubmit)} noValidate large>
            <TextField
              id="email"
              label="Email address"
              type="email"
              autoComplete="email"
              registration={register('email')}
              error={errors.email?.message}
            />
            <Button type="submit" disabled={isLoading}>
              Send reset link
            </Button>
          </Form>
        </>
      )}
    </>
  );
}
