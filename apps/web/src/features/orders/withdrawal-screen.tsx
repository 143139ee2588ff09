import {
  appMessages,
  fillMessage,
  formatDate,
  formatTime,
  type OrderWithdrawal,
  ordersMessages,
  randomUuid,
  type Withdrawal,
  WithdrawalBodySchema,
  withdrawalLineText,
  withdrawalMessages,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { NotFoundPage } from '../../components/not-found-page';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Loader } from '../../components/ui/loader';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { orderWithdrawalQueryOptions, useSubmitWithdrawal } from '../../lib/withdrawal-api';
import '../../components/ui/item-lists.css';

const t = withdrawalMessages;

type Field = 'name' | 'email' | 'lines';
type Step = 'details' | 'confirm' | 'done';

/** A fresh id per form: a double tap on «Conferma recesso» sends it twice and stays one withdrawal. */
const formId = randomUuid;

/**
 * Moves focus to the heading of the step just shown (the control that had it is gone, WCAG 2.4.3):
 * `go` changes the step and marks the next heading; the heading's ref focuses it when it mounts.
 */
function useStepFocus(setStep: (step: Step) => void) {
  const pending = useRef(false);
  const go = (step: Step) => {
    pending.current = true;
    setStep(step);
  };
  const heading = (element: HTMLHeadingElement | null) => {
    if (!element || !pending.current) return;
    pending.current = false;
    element.focus();
  };
  return { go, heading };
}

/** What was submitted, and what happens next (shown after step 2 and on a withdrawn order). */
export function WithdrawalReceipt({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <>
      <p>
        {fillMessage(t.done, { date: formatDate(withdrawal.submitted_at), time: formatTime(withdrawal.submitted_at), email: withdrawal.email })}
      </p>
      <ul>
        {withdrawal.lines.map((l) => (
          <li key={l.code}>{withdrawalLineText(l)}</li>
        ))}
      </ul>
      <p>{t.nextSteps}</p>
    </>
  );
}

/**
 * The two steps of art. 11a: (1) name, order, lines and the email for the acknowledgement, checked
 * by the contract's body schema; (2) «Conferma recesso» sends it. Then the receipt on screen.
 */
export function WithdrawalForm({ facts }: { facts: OrderWithdrawal }) {
  const submit = useSubmitWithdrawal(facts.order_id);
  const [requestId] = useState(formId);
  const [step, setStep] = useState<Step>('details');
  const [name, setName] = useState(facts.name);
  const [email, setEmail] = useState(facts.email);
  const returnable = facts.lines.filter((l) => l.withdrawable);
  const excluded = facts.lines.filter((l) => !l.withdrawable);
  const [chosen, setChosen] = useState<string[]>(returnable.map((l) => l.code));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState<Withdrawal | null>(null);
  const { go, heading } = useStepFocus(setStep);

  const body = { name, email, lines: chosen, request_id: requestId };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WithdrawalBodySchema.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0]) as Field] ??= issue.message;
    setErrors(found);
    const firstInvalid = (['name', 'email', 'lines'] as const).find((f) => found[f]);
    if (firstInvalid) {
      document.getElementById(`withdrawal-${firstInvalid}`)?.focus();
      return;
    }
    go('confirm');
  };

  const onConfirm = () => {
    setRefusal(null);
    submit.mutate(body, {
      onSuccess: (withdrawal) => {
        setSent(withdrawal);
        go('done');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          setErrors({ name: error.fieldMessage('name'), email: error.fieldMessage('email'), lines: error.fieldMessage('lines') });
          go('details');
          return;
        }
        setRefusal(isApiError(error) && error.status === 409 ? error.message : t.failed);
      },
    });
  };

  if (step === 'done' && sent) {
    return (
      <section aria-labelledby="withdrawal-step">
        <h2 id="withdrawal-step" ref={heading} tabIndex={-1}>
          {t.doneTitle}
        </h2>
        <div className="notice notice--info" role="status">
          <WithdrawalReceipt withdrawal={sent} />
        </div>
        <Link to="/app/orders/$id" params={{ id: facts.order_id }} className="button button--link">
          {ordersMessages.backToOrders}
        </Link>
      </section>
    );
  }

  if (step === 'confirm') {
    return (
      <section aria-labelledby="withdrawal-step">
        <h2 id="withdrawal-step" ref={heading} tabIndex={-1}>
          {t.stepConfirm}
        </h2>
        <p>{fillMessage(t.summaryIntro, { id: facts.order_id })}</p>
        <ul>
          {returnable
            .filter((l) => chosen.includes(l.code))
            .map((l) => (
              <li key={l.code}>{withdrawalLineText(l)}</li>
            ))}
        </ul>
        <p>{fillMessage(t.summaryContact, { email, name })}</p>
        {refusal ? (
          <p className="notice notice--warning" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="order-actions">
          <Button block busy={submit.isPending} onClick={onConfirm}>
            {t.confirm}
          </Button>
          <Button block variant="secondary" disabled={submit.isPending} onClick={() => go('details')}>
            {t.back}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form noValidate onSubmit={onNext} aria-labelledby="withdrawal-step">
      <h2 id="withdrawal-step" ref={heading} tabIndex={-1}>
        {t.stepDetails}
      </h2>
      <TextField id="withdrawal-name" label={t.nameLabel} autoComplete="name" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextField
        id="withdrawal-email"
        label={t.emailLabel}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <p>
        <strong>{t.orderLabel}:</strong> {fillMessage(t.orderValue, { id: facts.order_id, date: formatDate(facts.order_created_at) })}
      </p>
      <fieldset id="withdrawal-lines" tabIndex={-1} aria-describedby={errors.lines ? 'withdrawal-lines-error' : undefined}>
        <legend>{t.linesLegend}</legend>
        {returnable.map((l) => (
          <Checkbox
            key={l.code}
            label={withdrawalLineText(l)}
            checked={chosen.includes(l.code)}
            onChange={(e) => setChosen(e.target.checked ? [...chosen, l.code] : chosen.filter((c) => c !== l.code))}
          />
        ))}
        {errors.lines ? (
          <p id="withdrawal-lines-error" className="field__error">
            {errors.lines}
          </p>
        ) : null}
      </fieldset>
      {excluded.length > 0 ? (
        <section aria-labelledby="withdrawal-excluded">
          <h3 id="withdrawal-excluded">{t.excludedLegend}</h3>
          <ul className="cart-items">
            {excluded.map((l) => (
              <li key={l.code} className="cart-item">
                <div className="cart-item__text">
                  <span className="cart-item__title">{withdrawalLineText(l)}</span>
                  <span className="cart-item__detail">{l.reason}</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Button type="submit" block>
        {t.next}
      </Button>
    </form>
  );
}

/** /app/orders/{id}/recesso: the withdrawal function of one order (decision 0698). */
export function WithdrawalScreen() {
  const { id: orderId } = useParams({ from: '/_app/_private/app/orders/$id/recesso' });
  const query = useQuery(orderWithdrawalQueryOptions(orderId));
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <NotFoundPage title={ordersMessages.notFoundTitle} to="/app/orders" linkText={ordersMessages.backToOrders} />;
    }
    return <p className="notice">{appMessages.loadFailed}</p>;
  }
  return (
    <div className="page order">
      <h1>{t.title}</h1>
      {query.isPending ? <Loader /> : <WithdrawalContent facts={query.data} />}
    </div>
  );
}

function WithdrawalContent({ facts }: { facts: OrderWithdrawal }) {
  // Once the form is shown it stays, whatever a refetch says (the live stream refreshes the order
  // as soon as the withdrawal is recorded): its steps, its receipt and the focus are its own.
  const [formShown] = useState(facts.withdrawable && !facts.withdrawal);
  if (formShown) {
    return (
      <>
        <p>{fillMessage(t.intro, { day: facts.last_day ? formatDate(facts.last_day) : '' })}</p>
        <WithdrawalForm facts={facts} />
      </>
    );
  }
  if (facts.withdrawal) {
    return (
      <section aria-labelledby="withdrawal-sent">
        <h2 id="withdrawal-sent">{t.doneTitle}</h2>
        <div className="notice notice--info">
          <WithdrawalReceipt withdrawal={facts.withdrawal} />
        </div>
      </section>
    );
  }
  return <p className="notice notice--info">{facts.reason}</p>;
}
