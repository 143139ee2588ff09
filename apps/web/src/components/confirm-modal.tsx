import { messages } from '@farmacia/contract';
import { Button } from './ui/button';
import { Modal } from './ui/modal';

/**
 * A step that cannot be undone, asked first: the question, the way out ('Annulla' unless told
 * otherwise) and the red confirm button, busy while the step runs.
 */
export function ConfirmModal({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = messages.cart.cancel,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
