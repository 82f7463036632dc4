import '../styles/uswds/modal.scss';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, ButtonGroup, Modal, ModalFooter, ModalHeading, type ModalRef } from '@trussworks/react-uswds';

interface ConfirmDialogProps {
  id: string;
  /** Mounted (and shown) only while open. */
  open: boolean;
  heading: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for deletions and other changes that are hard to undo. */
  destructive?: boolean;
  busy?: boolean;
  /** Shown inside the dialog when the action failed, so the user can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" before a destructive or account-changing action. Cancel, X, Escape and a click on the
 * overlay all cancel; focus is trapped inside while open and returns to the page when it closes.
 */
export function ConfirmDialog({ open, ...props }: ConfirmDialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ id, heading, children, confirmLabel, destructive, busy, error, onConfirm, onCancel }: Omit<ConfirmDialogProps, 'open'>) {
  const wasOpen = useRef(false);
  const handleRef = useRef<ModalRef | null>(null);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  });
  // The library re-creates its handle on every change; a close it made by itself (X, Escape, overlay) shows there.
  const attach = useCallback((handle: ModalRef | null) => {
    handleRef.current = handle;
    if (!handle) return;
    if (wasOpen.current && !handle.modalIsOpen) onCancelRef.current();
    wasOpen.current = handle.modalIsOpen;
  }, []);
  useEffect(() => {
    // Opened through the handle, the library does not know the button that opened it: give focus back
    // to that button when the dialog goes away (if it is still on the page).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    handleRef.current?.toggleModal(undefined, true);
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const headingId = `${id}-heading`;
  const descriptionId = `${id}-description`;
  return (
    <Modal ref={attach} id={id} aria-labelledby={headingId} aria-describedby={descriptionId} forceAction={busy}>
      <ModalHeading id={headingId}>{heading}</ModalHeading>
      <div id={descriptionId} className="usa-prose">
        {children}
      </div>
      {error && (
        <Alert type="error" headingLevel="h3" slim role="alert" className="margin-top-2">
          {error}
        </Alert>
      )}
      <ModalFooter>
        <ButtonGroup>
          <Button type="button" secondary={destructive} onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
          <Button type="button" unstyled className="padding-105 text-center" onClick={() => onCancelRef.current()} disabled={busy}>
            Cancel
          </Button>
        </ButtonGroup>
      </ModalFooter>
    </Modal>
  );
}
