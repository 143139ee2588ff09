import type { ReactNode } from 'react';

/**
 * A button styled as a link whose visible verb ("Modifica", "Elimina"…) is completed, for screen
 * readers, by what it acts on: `Modifica <hint>`, so each row's button has its own name.
 */
export function LinkButton({ hint, children, disabled, onClick }: { hint: ReactNode; children: ReactNode; disabled?: boolean; onClick: () => unknown }) {
  return (
    <button type="button" className="link" disabled={disabled} onClick={onClick}>
      {children} <span className="sr-only">{hint}</span>
    </button>
  );
}
