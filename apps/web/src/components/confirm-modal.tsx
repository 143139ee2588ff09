import { ActionDialog } from './dialog-actions';

/**
 * A step that cannot be undone, asked first: the question, the way out ('Annulla' unless told
 * otherwise) and the red confirm button, busy while the step runs.
 */
export function ConfirmModal({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
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
    <ActionDialog open={open} title={title} onClose={onClose} cancelLabel={cancelLabel} confirm={{ variant: 'danger', busy, onClick: onConfirm, children: confirmLabel }}>
      <p>{text}</p>
    </ActionDialog>
  );
}
