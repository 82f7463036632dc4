import '../styles/uswds/modal.scss';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Button, ButtonGroup, Modal, ModalFooter, ModalHeading, type ModalRef } from '@trussworks/react-uswds';

interface ControlledModalProps {
  id: string;
  heading: ReactNode;
  /** Mounted (and shown) only while open, so a closed modal leaves nothing in the page. */
  open: boolean;
  /** Called once when the user closes it: X, Close, Escape or a click on the overlay. */
  onClose: () => void;
  children: ReactNode;
  large?: boolean;
  /** The footer button's text (default 'Close'), for a page shown in another language. */
  closeLabel?: string;
  /** The X button's accessible name (react-uswds fixes it to 'Close this window'). */
  closeWindowLabel?: string;
}

/**
 * The USWDS modal driven by an `open` prop. The library keeps its open state inside and reports it only
 * through its ref handle, which it re-creates on every change: a callback ref sees the X, Escape and
 * overlay closes and turns them into `onClose`.
 */
export function ControlledModal({ open, ...props }: ControlledModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({ id, heading, onClose, children, large, closeLabel = 'Close', closeWindowLabel }: Omit<ControlledModalProps, 'open'>) {
  const handleRef = useRef<ModalRef | null>(null);
  const wasOpen = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const attach = useCallback((handle: ModalRef | null) => {
    handleRef.current = handle;
    if (!handle) return;
    if (wasOpen.current && !handle.modalIsOpen) onCloseRef.current();
    wasOpen.current = handle.modalIsOpen;
  }, []);

  // Opening through the handle (not isInitiallyOpen) lets the library hide the page behind the dialog.
  useEffect(() => {
    handleRef.current?.toggleModal(undefined, true);
  }, []);

  // The library hard-codes the X's name; a translated page renames it once the dialog is in the document.
  useEffect(() => {
    if (!closeWindowLabel) return;
    document.getElementById(id)?.querySelector('.usa-modal__close')?.setAttribute('aria-label', closeWindowLabel);
  }, [id, closeWindowLabel]);

  const headingId = `${id}-heading`;
  const descriptionId = `${id}-description`;
  return (
    <Modal ref={attach} id={id} isLarge={large} aria-labelledby={headingId} aria-describedby={descriptionId}>
      <ModalHeading id={headingId}>{heading}</ModalHeading>
      <div id={descriptionId} className="usa-prose">
        {children}
      </div>
      <ModalFooter>
        <ButtonGroup>
          <Button type="button" onClick={() => onCloseRef.current()}>
            {closeLabel}
          </Button>
        </ButtonGroup>
      </ModalFooter>
    </Modal>
  );
}
