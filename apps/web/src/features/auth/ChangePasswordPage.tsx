import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@trussworks/react-uswds';
import { CODES, MESSAGES, type SelfPasswordChangeInput } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { ScreenPage } from '../../components/ScreenPage';
import { useChangeOwnPasswordMutation } from './api';
import { PASSWORD_CHANGED_NOTICE, asApiError, passwordChangeErrorMessage } from './messages';
import { NewPasswordForm, type PasswordFormValues } from './NewPasswordForm';
import { PORTAL_HOME_PATH } from './paths';
import { selectMustChangePassword } from './user-slice';

/** The signed-in user's own password; also the page a forced change holds the user on. */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const forced = useAppSelector(selectMustChangePassword);
  const [changePassword, { isLoading }] = useChangeOwnPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  // Remount the form after a change so the fields empty.
  const [formKey, setFormKey] = useState(0);

  const onSubmit = async (values: PasswordFormValues) => {
    setServerError(null);
    setChanged(false);
    try {
      const response = await changePassword(values as SelfPasswordChangeInput).unwrap();
      if (response.code !== CODES.PASSWORD_CHANGED) {
        setServerError(MESSAGES.passwordChangeFailed);
        return;
      }
      if (forced) {
        navigate(PORTAL_HOME_PATH, { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
        return;
      }
      setChanged(true);
      setFormKey((key) => key + 1);
    } catch (thrown) {
      setServerError(passwordChangeErrorMessage(asApiError(thrown)));
    }
  };

  return (
    <ScreenPage title="Change Password" description="Choose a new password for signing in to the portal.">
      {forced && (
        <Alert type="warning" headingLevel="h2" slim>
          You must change your password before you can use the portal.
        </Alert>
      )}
      {changed && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {PASSWORD_CHANGED_NOTICE}
        </Alert>
      )}
      {serverError && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {serverError}
        </Alert>
      )}
      <NewPasswordForm key={formKey} askCurrent onSubmit={onSubmit} submitting={isLoading} submitLabel="Change password" />
    </ScreenPage>
  );
}
