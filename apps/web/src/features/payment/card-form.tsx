import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARD_NUMBER_MAX_LENGTH,
  type CardForm as ParsedCard,
  type CardFormValues,
  cardExpiryYears,
  cardFormSchema,
  fillMessage,
  formatEuro,
  paymentMessages,
} from '@farmacia/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { formField } from '../../components/form-field';
import '../../lib/validation-locale';

/** What the app needs from the create call to post the card (Axerve: submit URL, paymentToken, shopLogin, buyer). */
export interface CardPaymentTarget {
  submit: string;
  paymentToken: string;
  paymentID: string;
  shopLogin: string;
  buyer: { name: string; email: string };
}

/** The provider's answer to the card, as the screen needs it. */
export type CardOutcome =
  | { kind: 'redirect'; href: string }
  /** The request never got an answer (offline, blocked): nothing says the card is wrong. */
  | { kind: 'unreachable' }
  | { kind: 'done'; result: 'OK' | 'KO' | 'PENDING'; paymentID: string }
  | { kind: 'error'; code: string; description: string };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/**
 * Posts the card straight to the provider's submit URL with the paymentToken header (spec §7
 * "Card provider"): the card number never reaches the pharmacy's server.
 */
export async function submitCard(target: CardPaymentTarget, body: unknown): Promise<CardOutcome> {
  let response: Response;
  try {
    response = await fetch(target.submit, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', paymentToken: target.paymentToken },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const answer = obj(await response.json().catch(() => ({})));
  const error = obj(answer.error);
  const payload = obj(answer.payload);
  const code = String(error.code ?? '');
  if (code !== '0') return { kind: 'error', code: code || String(response.status), description: String(error.description ?? '') };
  const href = String(obj(payload.userRedirect).href ?? '');
  if (String(payload.transactionErrorCode ?? '') === '8006' && href) return { kind: 'redirect', href };
  const result = String(payload.transactionResult ?? '').toUpperCase();
  return { kind: 'done', result: result === 'OK' ? 'OK' : result === 'KO' ? 'KO' : 'PENDING', paymentID: String(payload.paymentID ?? target.paymentID) };
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * The card form (spec §5): holder, number (16–22 digits or spaces), month and year ('Compila
 * questo campo.' when missing; year from now to +20), CVV 000–999; month and year sent as 2 digits.
 */
export function CardForm({ amount, onSubmit }: { amount: number; onSubmit: (card: ParsedCard) => Promise<void> }) {
  const schema = useMemo(() => cardFormSchema(), []);
  const years = useMemo(() => cardExpiryYears().map(String), []);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFormValues, unknown, ParsedCard>({
    resolver: zodResolver(schema),
    defaultValues: { holder: '', number: '', month: '', year: '', cvv: '' },
  });
  const field = formField(register, errors);
  const submit = handleSubmit(async (card) => {
    setBusy(true);
    try {
      await onSubmit(card);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={paymentMessages.cardTitle}>
      <TextField label={paymentMessages.cardHolder} autoComplete="cc-name" {...field('holder')} />
      <TextField
        label={paymentMessages.cardNumberLabel}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        {...field('number')}
      />
      <div className="card-form__expiry">
        <SelectField label={paymentMessages.cardMonth} autoComplete="cc-exp-month" choices={MONTHS} {...field('month')} />
        <SelectField label={paymentMessages.cardYear} autoComplete="cc-exp-year" choices={years} {...field('year')} />
        <TextField label={paymentMessages.cardCvv} autoComplete="cc-csc" inputMode="numeric" maxLength={3} {...field('cvv')} />
      </div>
      <p className="cart-item__detail">{paymentMessages.cardSecure}</p>
      <Button type="submit" block busy={busy}>
        {fillMessage(paymentMessages.pay, { amount: formatEuro(amount) })}
      </Button>
    </form>
  );
}

