import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@trussworks/react-uswds';
import { CODES, MESSAGES, type NewPasswordInput } from '@beach/domain';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../components/use-page-title';
import { useCheckRecoveryTokenQuery, useResetPasswordMutation } from './api';
import { PASSWORD_CHANGED_NOTICE, RECOVERY_LINK_INVALID, asApiError, passwordChangeErrorMessage } from './messages';
import { NewPasswordForm } from './NewPasswordForm';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from './paths';

/** The page a recovery e-mail links to: checks the link, then sets a new password. */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = useParams().token ?? '';
  const [changed, setChanged] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // A used link turns invalid, so once the password is changed the check is not repeated.
  const check = useCheckRecoveryTokenQuery(token, { skip: changed || !token, refetchOnFocus: false });
  const [resetPassword, { isLoading }] = useResetPasswordMutation();

  const onSubmit = async (values: NewPasswordInput) => {
    setServerError(null);
    try {
      const response = await resetPassword({ token, ...values }).unwrap();
      if (response.code === CODES.PASSWORD_CHANGED) setChanged(true);
      else setServerError(MESSAGES.passwordChangeFailed);
    } catch (thrown) {
      setServerError(passwordChangeErrorMessage(asApiError(thrown)));
    }
  };

  let body;
  if (changed) {
    body = (
      <>
        <Alert type="success" headingLevel="h2" role="status">
          {PASSWORD_CHANGED_NOTICE} You can now log in with your new password.
        </Alert>
        <p>
          <Link className="usa-link" to={LOGIN_PATH}>
            Go to Login
          </Link>
        </p>
      </>
    );
  } else if (check.isLoading || check.isFetching) {
    body = <Loading label="Checking your reset link…" />;
  } else if (!token || check.isError || check.data?.code !== CODES.TOKEN_VALID) {
    body = (
      <>
        <Alert type="error" headingLevel="h2" role="alert">
          {RECOVERY_LINK_INVALID}
        </Alert>
        <p>
          <Link className="usa-link" to={FORGOT_PASSWORD_PATH}>
            Request a new link
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p className="usa-intro">Choose a new password for your account.</p>
        {serverError && (
          <Alert type="error" headingLevel="h2" slim role="alert">
            {serverError}
          </Alert>
        )}
        <NewPasswordForm onSubmit={onSubmit} submitting={isLoading} submitLabel="Change password" />
      </>
    );
  }

  return (
    <>
      <h1>Reset Password</h1>
      {body}
    </>
  );
}
