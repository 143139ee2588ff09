import { cartMessages, checkoutMessages } from '@farmacia/contract';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './ui/button';
import { Modal } from './ui/modal';

/**
 * A dialog's footer: the way out ('Annulla' unless told otherwise), then the button for the step the
 * dialog asks for (every other prop and the label go to that one).
 */
export function DialogActions({ onCancel, cancelLabel = cartMessages.cancel, ...confirm }: ButtonProps & { onCancel: () => void; cancelLabel?: string }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button {...confirm} />
    </>
  );
}

/** A dialog whose footer is DialogActions: `confirm` holds the confirm button's props and label (`children`). */
export function ActionDialog({
  open = true,
  title,
  onClose,
  cancelLabel,
  confirm,
  children,
}: {
  open?: boolean;
  title: string;
  onClose: () => void;
  cancelLabel?: string;
  confirm: ButtonProps;
  children: ReactNode;
}) {
  return (
    <Modal open={open} title={title} onClose={onClose} footer={<DialogActions onCancel={onClose} cancelLabel={cancelLabel} {...confirm} />}>
      {children}
    </Modal>
  );
}

/**
 * A dialog where the customer makes a choice and confirms it: 'Annulla', and 'Conferma' (off until
 * `ready`, busy while the choice is saved).
 */
export function ChoiceDialog({
  ready,
  busy,
  onConfirm,
  ...dialog
}: {
  open?: boolean;
  title: string;
  busy?: boolean;
  ready: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return <ActionDialog {...dialog} confirm={{ busy, disabled: !ready, onClick: onConfirm, children: checkoutMessages.confirmChoice }} />;
}
