import { HealthDataErrorCode } from '@farmacia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { HealthConsentDialog } from './health-consent-dialog';
import { healthConsentQueryOptions } from '../../lib/health-consent-api';

export interface HealthConsentGate {
  /** Runs `send` now when the consent is in force, else after the customer gives it in the dialog. */
  guard(send: () => void): void;
  /** For a send's error: true when it was the server's 403 for a missing consent (the dialog opens). */
  refused(error: unknown, send: () => void): boolean;
  /** The dialog, to render in the form's screen. */
  dialog: ReactNode;
}

/**
 * The consent asked before the first prescription or request is sent (decision 0410). The state
 * is read when the customer sends (cached afterwards); if it cannot be read the send goes on and
 * the server decides — a 403 HEALTH_CONSENT_REQUIRED opens the same dialog.
 */
export function useHealthConsentGate(): HealthConsentGate {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const pending = useRef<(() => void) | null>(null);

  const ask = (send: () => void) => {
    pending.current = send;
    setOpen(true);
  };
  const guard = (send: () => void) => {
    queryClient
      .ensureQueryData(healthConsentQueryOptions)
      .then((state) => (state.valid ? send() : ask(send)))
      .catch(() => send());
  };
  const refused = (error: unknown, send: () => void) => {
    if (!isApiError(error) || error.code !== HealthDataErrorCode.CONSENT_REQUIRED) return false;
    void queryClient.invalidateQueries({ queryKey: healthConsentQueryOptions.queryKey });
    ask(send);
    return true;
  };
  const dialog = (
    <HealthConsentDialog
      open={open}
      onClose={() => {
        pending.current = null;
        setOpen(false);
      }}
      onGiven={() => {
        const send = pending.current;
        pending.current = null;
        setOpen(false);
        send?.();
      }}
    />
  );
  return { guard, refused, dialog };
}
