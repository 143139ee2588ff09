import { type Cart, cartMessages, checkoutMessages, voucherMessages, voucherState } from '@farmacia/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from './ui/button';
import { Price } from './ui/price';
import { TextField } from './ui/text-field';
import { showToast } from './ui/toast';
import { useApplyVoucher, useRemoveVoucher } from '../lib/cart-api';
import { TitledCard } from './ui/titled-card';

/** The code's check (zod) loads on first use, not with the screen (decision 0579). */
const voucherCode = () => import('./voucher-code');

/**
 * The discount code (spec §4 Voucher state, §5, §8): success → applied and 'Codice sconto
 * inserito'; minimum_cart_total → not applied, the minimum shown; any other type → invalid, with
 * the server's reason. A failed call → 'Si è verificato un errore'.
 */
export function VoucherBox({ cart, inDialog }: { cart: Cart; inDialog?: { formId: string; onApplied: () => void } }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const apply = useApplyVoucher();
  const remove = useRemoveVoucher();
  const statusId = useId();
  const applied = cart.vouchers[0];
  const outcome = cart.apply_voucher;
  const state = outcome ? voucherState(outcome) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (await voucherCode()).parseVoucherCode(code);
    if (parsed.code === undefined) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    apply.mutate(parsed.code, {
      onSuccess: (next) => {
        if (next.apply_voucher && voucherState(next.apply_voucher) === 'applied') {
          setCode('');
          showToast(voucherMessages.added, { tone: 'success' });
          inDialog?.onApplied();
        }
      },
      onError: () => showToast(voucherMessages.error, { tone: 'warning' }),
    });
  };

  // In a dialog the dialog's title names it and its footer holds the 'Applica' button (VoucherDialog).
  const body = (
    <>
      {applied ? (
        <div className="voucher__applied">
          <p>
            <strong>{applied.code}</strong> — {applied.name}
            {applied.description ? <span className="voucher__description">{applied.description}</span> : null}
          </p>
          <p className="voucher__discount">
            {cartMessages.discount}: <Price euro={-applied.discount_amount} />
          </p>
          <Button
            variant="link"
            busy={remove.isPending}
            onClick={() => remove.mutate(applied.id, { onError: () => showToast(voucherMessages.error, { tone: 'warning' }) })}
          >
            {cartMessages.removeVoucher}
          </Button>
        </div>
      ) : null}
      {outcome && state !== 'applied' ? (
        <p id={statusId} className={state === 'belowMinimum' ? 'notice' : 'notice notice--warning'} role="status">
          {outcome.message}
        </p>
      ) : null}
      <form className="voucher__form" id={inDialog?.formId} onSubmit={onSubmit} noValidate>
        <TextField
          label={cartMessages.voucherLabel}
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={error}
          hint={voucherMessages.medicinesExcluded}
          onChange={(event) => setCode(event.target.value)}
          // Fetches the check while the code is typed, so 'Applica' does not wait for it.
          onFocus={() => void voucherCode()}
          className="field--uppercase"
        />
        {inDialog ? null : (
          <Button type="submit" variant="secondary" busy={apply.isPending}>
            {cartMessages.applyVoucher}
          </Button>
        )}
      </form>
    </>
  );
  if (inDialog) return <div className="voucher">{body}</div>;
  return (
    <TitledCard id={`${statusId}-title`} title={checkoutMessages.stepVoucher} className="voucher">
      {body}
    </TitledCard>
  );
}
