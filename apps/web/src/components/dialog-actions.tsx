import { messages } from '@farmacia/contract';
import { Button, type ButtonProps } from './ui/button';

/**
 * A dialog's footer: the way out ('Annulla' unless told otherwise), then the button for the step the
 * dialog asks for (every other prop and the label go to that one).
 */
export function DialogActions({ onCancel, cancelLabel = messages.cart.cancel, ...confirm }: ButtonProps & { onCancel: () => void; cancelLabel?: string }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button {...confirm} />
    </>
  );
}
