import { HEALTH_CONSENT_TEXT, appMessages, healthDataMessages } from '@farmacia/contract';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Checkbox } from '../ui/checkbox';
import { showToast } from '../ui/toast';
import { useGiveHealthConsent } from '../../lib/health-consent-api';
import { ActionDialog } from '../dialog-actions';

const m = healthDataMessages;

interface Props {
  open: boolean;
  /** The button's text: 'Conferma e invia' when a send waits for it. */
  confirmLabel?: string;
  onClose: () => void;
  /** Called once the server recorded the consent. */
  onGiven: () => void;
}

/** The consent text, a checkbox and a confirm (decision 0410): nothing is recorded until the box is ticked. */
export function HealthConsentDialog({ open, confirmLabel = m.confirm, onClose, onGiven }: Props) {
  const give = useGiveHealthConsent();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setChecked(false);
    setError(undefined);
    onClose();
  };
  const confirm = () => {
    if (!checked) {
      setError(m.mustCheck);
      return;
    }
    give.mutate(undefined, {
      onSuccess: () => {
        setChecked(false);
        showToast(m.given, { tone: 'success' });
        onGiven();
      },
      onError: (e) => {
        if (!isApiError(e) || e.status !== 0) showToast(isApiError(e) ? e.message : appMessages.genericError, { tone: 'warning' });
      },
    });
  };

  return (
    <ActionDialog open={open} title={m.title} onClose={close} cancelLabel={m.cancel} confirm={{ busy: give.isPending, onClick: confirm, children: confirmLabel }}>
      <p>{HEALTH_CONSENT_TEXT}</p>
      <Checkbox
        label={m.checkbox}
        checked={checked}
        error={error}
        onChange={(event) => {
          setChecked(event.target.checked);
          setError(undefined);
        }}
      />
    </ActionDialog>
  );
}
