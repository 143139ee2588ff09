import { useState } from 'react';
import { ActionDialog } from './dialog-actions';
import { Button } from './ui/button';

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

/**
 * A red full-width button for a step that cannot be undone, asked first with ConfirmModal; the step
 * gets `close` to call once it is done with the question.
 */
export function ConfirmButton({
  label,
  question,
  busy,
  onConfirm,
}: {
  label: string;
  question: { title: string; text: string; confirmLabel: string; cancelLabel?: string };
  busy: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="danger" block onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmModal open={open} {...question} busy={busy} onClose={close} onConfirm={() => onConfirm(close)} />
    </>
  );
}
