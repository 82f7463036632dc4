import { useState } from 'react';
import { Button } from '@trussworks/react-uswds';
import { CODES, MESSAGES } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSetUserActiveMutation } from './api';

interface ActiveToggleProps {
  user: { user_id: number; first_name: string; last_name: string; active: boolean };
  /** Called with a success notice once the server confirmed the change. */
  onDone: (notice: string) => void;
  className?: string;
  /** A quiet outline button, for a row of a list. */
  quiet?: boolean;
}

/**
 * Activate or deactivate an account, after a confirmation. Success is SAVED_USER_ACTIVE; anything else is
 * 'Failed to update user status.' (SPEC 8).
 */
export function ActiveToggle({ user, onDone, className, quiet }: ActiveToggleProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [setActive, { isLoading }] = useSetUserActiveMutation();
  const signedInUserId = useAppSelector((state) => state.user.user?.user_id);
  const name = `${user.first_name} ${user.last_name}`;
  const next = !user.active;
  // Nobody deactivates their own account (the server refuses it: SELF_STATUS_CHANGE), so it is not offered.
  if (user.user_id === signedInUserId) return <span className="font-body-3xs text-base-dark">Your own account</span>;

  const confirm = async () => {
    setError(null);
    try {
      const response = await setActive({ id: user.user_id, active: next }).unwrap();
      if (response.code !== CODES.SAVED_USER_ACTIVE) throw new Error(response.code);
      setOpen(false);
      onDone(next ? `${name} was activated.` : `${name} was deactivated.`);
    } catch {
      setError(MESSAGES.userStatusFailed);
    }
  };

  return (
    <>
      <Button
        type="button"
        secondary={user.active && !quiet}
        outline={!user.active || quiet}
        className={className}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        aria-label={`${user.active ? 'Deactivate' : 'Activate'} ${name}`}
      >
        {user.active ? 'Deactivate' : 'Activate'}
      </Button>
      <ConfirmDialog
        id={`active-dialog-${user.user_id}`}
        open={open}
        heading={next ? `Activate ${name}?` : `Deactivate ${name}?`}
        confirmLabel={next ? 'Activate' : 'Deactivate'}
        destructive={!next}
        busy={isLoading}
        error={error}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>
          {next
            ? `${name} will be able to sign in to the portal again with their permissions.`
            : `${name} will no longer be able to sign in. Their records and permissions are kept, and you can activate the account again later.`}
        </p>
      </ConfirmDialog>
    </>
  );
}
