import { messages } from '@farmacia/contract';
import { Modal } from './ui/modal';
import { DialogActions } from './dialog-actions';

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
        <DialogActions onCancel={onClose} cancelLabel={cancelLabel} variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </DialogActions>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
