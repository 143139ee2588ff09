import { formatDate, healthConsentStatusText, appMessages, healthDataMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../confirm-modal';
import { isApiError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast';
import { HealthConsentDialog } from './health-consent-dialog';
import { healthConsentQueryOptions, useWithdrawHealthConsent } from '../../lib/health-consent-api';

const m = healthDataMessages;

/** The profile's "Dati sanitari": the consent's state, given or withdrawn here (decision 0410). */
export function HealthConsentSection() {
  const state = useQuery(healthConsentQueryOptions);
  const withdraw = useWithdrawHealthConsent();
  const [giving, setGiving] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);

  const onWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setWithdrawing(false);
        showToast(m.withdrawn, { tone: 'success' });
      },
      onError: (e) => {
        if (!isApiError(e) || e.status !== 0) showToast(isApiError(e) ? e.message : appMessages.genericError, { tone: 'warning' });
      },
    });

  return (
    <section className="card profile__data" aria-labelledby="health-consent-title">
      <h2 id="health-consent-title">{m.sectionTitle}</h2>
      {state.data ? (
        <>
          <p>{healthConsentStatusText(state.data, formatDate)}</p>
          {state.data.valid ? (
            <Button variant="secondary" block onClick={() => setWithdrawing(true)}>
              {m.withdraw}
            </Button>
          ) : (
            <Button variant="secondary" block onClick={() => setGiving(true)}>
              {m.give}
            </Button>
          )}
        </>
      ) : state.isError ? (
        <p className="notice">{appMessages.loadFailed}</p>
      ) : null}
      <HealthConsentDialog open={giving} confirmLabel={m.give} onClose={() => setGiving(false)} onGiven={() => setGiving(false)} />
      <ConfirmModal
        open={withdrawing}
        title={m.withdrawTitle}
        text={m.withdrawText}
        confirmLabel={m.withdraw}
        cancelLabel={m.cancel}
        busy={withdraw.isPending}
        onClose={() => setWithdrawing(false)}
        onConfirm={onWithdraw}
      />
    </section>
  );
}
