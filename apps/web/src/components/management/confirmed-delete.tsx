import { useState, type ReactNode } from 'react';
import { Button } from '@trussworks/react-uswds';
import { errorMessage, toApiError } from '../api-errors';
import { ConfirmDialog } from '../ConfirmDialog';

interface ConfirmedDeleteOptions<T> {
  /** The record's name, as the button, the dialog and the notice say it. */
  nameOf: (item: T) => string;
  /** Deletes it on the server (throws when refused). */
  remove: (item: T) => Promise<unknown>;
  /** What a refusal without the server's own words says. */
  failure: string;
  /** Called with "X was deleted." once it is gone. */
  onDeleted: (notice: string) => void;
}

/**
 * Delete with confirmation, as every management list does it: a Delete button per record opens a dialog;
 * nothing is sent until it is confirmed; a refusal (409 in use, 403) shows in the dialog in the server's words.
 */
export function useConfirmedDelete<T>({ nameOf, remove, failure, onDeleted }: ConfirmedDeleteOptions<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (deleting === null) return;
    setError(null);
    setBusy(true);
    try {
      await remove(deleting);
      onDeleted(`${nameOf(deleting)} was deleted.`);
      setDeleting(null);
    } catch (thrown) {
      setError(errorMessage(toApiError(thrown), failure));
    } finally {
      setBusy(false);
    }
  };

  const button = (item: T) => (
    <Button
      type="button"
      outline
      className="margin-0"
      aria-label={`Delete ${nameOf(item)}`}
      onClick={() => {
        setError(null);
        setDeleting(item);
      }}
    >
      Delete
    </Button>
  );

  const dialog = (id: string, explanation: ReactNode) => (
    <ConfirmDialog
      id={id}
      open={deleting !== null}
      heading={`Delete ${deleting === null ? '' : nameOf(deleting)}?`}
      confirmLabel="Delete"
      destructive
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setDeleting(null)}
    >
      {explanation}
    </ConfirmDialog>
  );

  return { button, dialog };
}
