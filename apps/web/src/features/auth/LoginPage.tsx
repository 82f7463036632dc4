import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form } from '@trussworks/react-uswds';
import { CODES, MESSAGES, loginSchema } from '@beach/domain';
import type { z } from 'zod';
import { useAppDispatch } from '../../app/hooks';
import { startSession } from './start-session';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { usePageTitle } from '../../components/use-page-title';
import { useLoginMutation } from './api';
import { asApiError, loginErrorMessage, validationFieldErrors } from './messages';
import { CHANGE_PASSWORD_PATH, FORGOT_PASSWORD_PATH, returnPathFrom } from './paths';

type LoginFields = z.input<typeof loginSchema>;
type LoginValues = z.output<typeof loginSchema>;
const FIELDS = ['email', 'password'] as const;

export default function LoginPage() {
  usePageTitle('Login');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFields, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    setServerError(null);
    try {
      const response = await login(values).unwrap();
      const payload = response.payload;
      if (!payload?.token || !payload.user) {
        setServerError(MESSAGES.loginNoPayload);
        return;
      }
      const forced = response.code === CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE;
      dispatch(startSession({ token: payload.token, user: payload.user, forcePasswordChange: forced }));
      navigate(forced ? CHANGE_PASSWORD_PATH : returnPathFrom(location.state), { replace: true });
    } catch (thrown) {
      const error = asApiError(thrown);
      const fieldErrors = validationFieldErrors(error).filter((e) => (FIELDS as readonly string[]).includes(e.field));
      if (fieldErrors.length > 0) {
        for (const e of fieldErrors) setError(e.field as (typeof FIELDS)[number], { message: e.message });
        return;
      }
      setServerError(loginErrorMessage(error));
    }
  };

  const summary = FIELDS.flatMap((field) => {
    const message = errors[field]?.message;
    return message ? [{ id: field, message }] : [];
  });

  return (
    <>
      <h1>Login</h1>
      <p className="usa-intro">Sign in to the Beach Portal with your work email address.</p>
      {serverError && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {serverError}
        </Alert>
      )}
      <ErrorSummary errors={summary} />
      <Form onSubmit={handleSubmit(onSubmit)} noValidate large>
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="username"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Signing in…' : 'Login'}
        </Button>
        <p>
          <Link className="usa-link" to={FORGOT_PASSWORD_PATH}>
            Forgot Password
          </Link>
        </p>
      </Form>
    </>
  );
}
