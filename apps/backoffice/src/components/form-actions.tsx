import { consoleMessages } from '@farmacia/contract';
import type { ReactNode } from 'react';

/**
 * A form's button row: the submit button (disabled while saving), any further actions, and the
 * "Annulla" button when there is something to cancel (`onCancel` given).
 */
export function FormActions({
  submit,
  pending,
  onCancel,
  cancelLabel = consoleMessages.common.cancel,
  children,
}: {
  submit: ReactNode;
  pending: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="actions">
      <button type="submit" disabled={pending}>
        {submit}
      </button>
      {children}
      {onCancel ? (
        <button type="button" className="secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      ) : null}
    </div>
  );
}

/** A destructive action, asked for confirmation first (the browser's dialog) and disabled while it runs. */
export function DangerButton({
  question,
  pending,
  onConfirm,
  children,
}: {
  question: string;
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="danger" disabled={pending} onClick={() => window.confirm(question) && onConfirm()}>
      {children}
    </button>
  );
}
