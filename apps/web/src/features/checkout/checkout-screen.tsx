import {
  allowedPaymentMethods,
  type Address,
  addressBookEntries,
  allowedShippingMethods,
  allowedShippingTypes,
  type Cart,
  canSubmitCheckout,
  countText,
  type DeliveryType,
  deliveryTypeNeedsAddress,
  fillMessage,
  formatEuro,
  isCartEmpty,
  appMessages,
  cartMessages,
  checkoutMessages,
  ordersMessages,
  prescriptionMessages,
  productRequestMessages,
  requestMessages,
  reservationsMessages,
  saleRulesMessages,
  tabsMessages,
  type PaymentMethods,
  pickupPoints,
  requiresPharmacySettlement,
  type ShippingConfigurations,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, startTransition, useEffect, useId, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { hrefOf, PlainLink } from '../../components/ui/plain-link';
import { Price } from '../../components/ui/price';
import { showToast } from '../../components/ui/toast';
import { addressesQueryOptions, addressLine } from '../../lib/addresses-api';
import { amountDue, cartQueryOptions, discountOf } from '../../lib/cart-api';
import { useShopKey } from '../../lib/current-shop';
import { VoucherBox } from '../../components/voucher-box';
import { RadioChoices } from '../../components/ui/radio-choices';
import { paymentMethodsQueryOptions, paymentTypeLabel } from '../../lib/payment-api';
import { NoteField } from '../../components/ui/note-field';
import { optionQueryOptions } from '../../lib/shop-api';
import { fiscalCodesQueryOptions } from '../../lib/fiscal-codes-api';
import { useSubmitCheckout, useUpdateCheckout } from './checkout-api';
import { ReceiptFiscalCodeModal, receiptCodeLabel, receiptCodeOf } from './receipt-fiscal-code';
import { RefusedChoices } from './refused-choices';
import '../../components/ui/item-lists.css';
import '../../components/ui/order-cards.css';
import { ActionDialog, ChoiceDialog } from '../../components/dialog-actions';
import { TitledCard } from '../../components/ui/titled-card';
import { EmptyState } from '../../components/ui/empty-state';
import { MoneyTotals } from '../../components/money-totals';

type Step = 'delivery' | 'method' | 'payment' | 'voucher' | 'notes' | 'receipt' | 'summary';

/** The delivery or pickup address the cart holds for its delivery type. */
const chosenAddress = (cart: Cart): Address | null => (cart.shippingType === 'pickupPoint' ? cart.pickuppoint : cart.address);

/** Orders with prescriptions or prescription-only medicines are paid at the pharmacy (decision 0221): the server's own test. */
const settledAtPharmacy = (cart: Cart) => requiresPharmacySettlement(cart.prescriptions.length, cart.products);

/** The payment types the shop allows with the chosen delivery type. */
function paymentChoices(cart: Cart, methods: PaymentMethods | undefined) {
  const type = cart.shippingType;
  if (!type || !methods) return [];
  return Object.values(allowedPaymentMethods(methods, { deliveryType: type, offlineOnly: settledAtPharmacy(cart) }))
    .map((m) => ({ value: m.type, label: m.label, description: m.description }));
}

function StepRow({ title, value, done, onOpen, disabled }: { title: string; value: ReactNode; done: boolean; onOpen: () => void; disabled?: boolean }) {
  return (
    <li className={done ? 'checkout-step checkout-step--done' : 'checkout-step'}>
      <div className="checkout-step__text">
        <span className="checkout-step__title">{title}</span>
        <span className="checkout-step__value">{value}</span>
      </div>
      {/* A step's dialog opens in a transition: the tap paints at once and React renders the dialog
          (its choices, the addresses, the payment methods) in slices after it; rendered in the tap,
          it held the next paint for ~200–300 ms on a 4× slower phone (issue 22). */}
      <Button variant="link" onClick={() => startTransition(onOpen)} disabled={disabled}>
        {done ? checkoutMessages.change : checkoutMessages.choose}
        <span className="visually-hidden"> {title}</span>
      </Button>
    </li>
  );
}

function DeliveryModal({
  cart,
  config,
  addresses,
  preselect,
  onClose,
}: {
  cart: Cart;
  config: ShippingConfigurations;
  addresses: Address[];
  preselect: { type: DeliveryType; address: number } | null;
  onClose: () => void;
}) {
  const update = useUpdateCheckout();
  // Only what the online-sale rules allow for this cart is offered (decision 0400).
  const offer = allowedShippingTypes(config, cart.shipping_restriction);
  const offered = (t: DeliveryType | null | undefined) => (t && offer.offered.includes(t) ? t : null);
  const [type, setType] = useState<DeliveryType | null>(offered(preselect?.type) ?? offered(cart.shippingType));
  const [addressId, setAddressId] = useState<number | null>(preselect?.address ?? chosenAddress(cart)?.id ?? null);
  const labelOf = (t: DeliveryType) => config.deliveryTypes[t]?.label ?? t;
  const types = offer.offered.map((t) => ({ value: t, label: labelOf(t) }));
  const needsAddress = deliveryTypeNeedsAddress(type);
  const candidates = type === 'pickupPoint' ? pickupPoints(addresses) : addressBookEntries(addresses);
  const selectable = needsAddress && addressId !== null && candidates.some((a) => a.id === addressId);
  const ready = type !== null && (!needsAddress || selectable);

  const onType = (next: string) => {
    setType(next as DeliveryType);
    // A new type keeps the address only when it is one of the new type's choices.
    const list = next === 'pickupPoint' ? pickupPoints(addresses) : next === 'address' ? addressBookEntries(addresses) : [];
    setAddressId(list.find((a) => a.id === addressId)?.id ?? list.find((a) => a.default)?.id ?? (list.length === 1 ? (list[0]?.id ?? null) : null));
  };
  const onConfirm = () => {
    if (!ready || type === null) return;
    update.mutate(
      { shippingType: type, address: needsAddress ? addressId : null },
      { onSuccess: onClose, onError: () => showToast(checkoutMessages.saveFailed, { tone: 'warning' }) },
    );
  };

  return (
    <ChoiceDialog title={checkoutMessages.stepDelivery} busy={update.isPending} ready={ready} onClose={onClose} onConfirm={onConfirm}>
      <RadioChoices legend={checkoutMessages.deliveryQuestion} choices={types} value={type} onChange={onType} name="delivery-type" />
      <RefusedChoices refused={offer.refused.map((r) => ({ label: labelOf(r.choice), reason: r.reason }))} />
      {needsAddress ? (
        candidates.length > 0 ? (
          <RadioChoices
            legend={type === 'pickupPoint' ? checkoutMessages.choosePickupPoint : checkoutMessages.chooseAddress}
            choices={candidates.map((a) => ({ value: String(a.id), label: a.name, description: addressLine(a) }))}
            value={addressId === null ? null : String(addressId)}
            onChange={(v) => setAddressId(Number(v))}
            name="delivery-address"
          />
        ) : (
          <p className="notice notice--info">{type === 'pickupPoint' ? checkoutMessages.noPickupPoints : checkoutMessages.noAddresses}</p>
        )
      ) : null}
      {type === 'address' ? (
        <PlainLink href={hrefOf('/app/address', { redirect: '/app/checkout', action: 'shipping' })} className="button button--link">
          {checkoutMessages.addAddress}
        </PlainLink>
      ) : null}
    </ChoiceDialog>
  );
}

function MethodModal({ cart, config, onClose }: { cart: Cart; config: ShippingConfigurations; onClose: () => void }) {
  const update = useUpdateCheckout();
  const offer = cart.shippingType ? allowedShippingMethods(config, cart.shipping_restriction, cart.shippingType) : { offered: [], refused: [] };
  const current = cart.shippingMethod?.type;
  const [method, setMethod] = useState<string | null>(offer.offered.some((m) => m.type === current) ? (current ?? null) : null);
  const choices = offer.offered.map((m) => ({
    value: m.type,
    label: m.label,
    description:
      m.price === 0
        ? checkoutMessages.free
        : `${formatEuro(m.price)}${m.free_above !== null ? ` · ${fillMessage(checkoutMessages.freeAbove, { amount: formatEuro(m.free_above) })}` : ''}`,
  }));
  const onConfirm = () => {
    if (!method) return;
    update.mutate({ shippingMethod: JSON.stringify({ type: method }) }, { onSuccess: onClose, onError: () => showToast(checkoutMessages.saveFailed, { tone: 'warning' }) });
  };
  return (
    <ChoiceDialog title={checkoutMessages.stepDeliveryMethod} busy={update.isPending} ready={!!method} onClose={onClose} onConfirm={onConfirm}>
      {choices.length > 0 ? (
        <RadioChoices legend={checkoutMessages.stepDeliveryMethod} choices={choices} value={method} onChange={setMethod} name="delivery-method" />
      ) : (
        <p className="notice notice--info">{checkoutMessages.noMethods}</p>
      )}
      <RefusedChoices refused={offer.refused.map((r) => ({ label: r.choice.label, reason: r.reason }))} />
    </ChoiceDialog>
  );
}

function PaymentModal({ cart, methods, onClose }: { cart: Cart; methods: PaymentMethods | undefined; onClose: () => void }) {
  const update = useUpdateCheckout();
  const [payment, setPayment] = useState<string | null>(cart.paymentType);
  const choices = paymentChoices(cart, methods);
  const onConfirm = () => {
    if (!payment) return;
    // Spec §4: choosing a payment type sends the current delivery method along.
    update.mutate(
      { paymentType: payment as Cart['paymentType'], ...(cart.shippingMethod ? { shippingMethod: JSON.stringify(cart.shippingMethod) } : {}) },
      { onSuccess: onClose, onError: () => showToast(checkoutMessages.saveFailed, { tone: 'warning' }) },
    );
  };
  return (
    <ChoiceDialog title={checkoutMessages.stepPayment} busy={update.isPending} ready={!!payment} onClose={onClose} onConfirm={onConfirm}>
      {settledAtPharmacy(cart) ? <p className="notice notice--info">{ordersMessages.pharmacySettlement}</p> : null}
      {choices.length > 0 ? (
        <RadioChoices legend={checkoutMessages.stepPayment} choices={choices} value={payment} onChange={setPayment} name="payment-type" />
      ) : (
        <p className="notice notice--info">{checkoutMessages.noPaymentMethods}</p>
      )}
    </ChoiceDialog>
  );
}

function Totals({ cart }: { cart: Cart }) {
  return (
    <MoneyTotals
      subTotal={cart.subTotal}
      shipping={cart.shippingMethod ? cart.shippingMethod.price === 0 ? checkoutMessages.free : <Price euro={cart.shippingMethod.price} /> : '—'}
      discount={discountOf(cart)}
      total={amountDue(cart)}
    />
  );
}

function Checkout({ cart, config, methods, addresses }: { cart: Cart; config: ShippingConfigurations; methods: PaymentMethods | undefined; addresses: Address[] }) {
  const search = useSearch({ strict: false }) as Record<string, string>;
  const navigate = useNavigate();
  const submit = useSubmitCheckout();
  const [note, setNote] = useState('');
  const [draftNote, setDraftNote] = useState('');
  const [step, setStep] = useState<Step | null>(search.action === 'shipping' ? 'delivery' : null);
  const voucherFormId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const fiscalCodes = useQuery(fiscalCodesQueryOptions);
  const [receiptCodeId, setReceiptCodeId] = useState<number | null>(null);
  const receiptCode = receiptCodeOf(fiscalCodes.data, receiptCodeId);
  const created = search.address && /^\d+$/.test(search.address) ? Number(search.address) : null;
  // The address just created (it may not be in the cached list yet: the list refetches).
  const preselect = created !== null ? { type: 'address' as const, address: created } : null;

  // Coming back with ?action=shipping (e.g. from the address form) reopens the delivery modal.
  useEffect(() => {
    if (search.action === 'shipping') setStep('delivery');
  }, [search.action]);

  const address = chosenAddress(cart);
  const ready = canSubmitCheckout({
    shippingType: cart.shippingType,
    shippingMethod: cart.shippingMethod,
    paymentType: cart.paymentType,
    address: address?.id ?? null,
  });
  const voucher = cart.vouchers[0];

  const onSubmit = () => {
    setProblems([]);
    submit.mutate({ note, fiscal_code_id: receiptCodeId }, {
      onSuccess: ({ id }) => {
        showToast(requestMessages.sent, { tone: 'success' });
        void navigate({ to: '/app/thankyou/$id', params: { id: id } });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 0) return;
        if (isApiError(error)) setProblems(Object.values(error.errors).flat());
        showToast(requestMessages.sendFailed, { tone: 'warning' });
      },
    });
  };

  const deliveryValue = cart.shippingType
    ? `${config.deliveryTypes[cart.shippingType]?.label ?? cart.shippingType}${address ? ` — ${address.name}, ${addressLine(address)}` : ''}`
    : checkoutMessages.notChosen;
  const counts = [
    cart.totalQuantity > 0 ? countText(checkoutMessages.itemsCount, cart.totalQuantity) : '',
    cart.prescriptions.length > 0 ? countText(checkoutMessages.prescriptionsCount, cart.prescriptions.length) : '',
    cart.product_requests.length > 0 ? countText(checkoutMessages.requestsCount, cart.product_requests.length) : '',
  ].filter(Boolean);

  return (
    <>
      <ol className="checkout-steps">
        <StepRow
          title={checkoutMessages.stepDelivery}
          value={deliveryValue}
          done={cart.shippingType !== null && (!deliveryTypeNeedsAddress(cart.shippingType) || address !== null)}
          onOpen={() => setStep('delivery')}
        />
        <StepRow
          title={checkoutMessages.stepDeliveryMethod}
          value={
            cart.shippingMethod
              ? `${cart.shippingMethod.label} — ${cart.shippingMethod.price === 0 ? checkoutMessages.free : formatEuro(cart.shippingMethod.price)}`
              : cart.shippingType
                ? checkoutMessages.notChosen
                : checkoutMessages.chooseDeliveryFirst
          }
          done={cart.shippingMethod !== null}
          disabled={!cart.shippingType}
          onOpen={() => setStep('method')}
        />
        <StepRow
          title={checkoutMessages.stepPayment}
          value={cart.paymentType ? paymentTypeLabel(cart.paymentType, methods) : cart.shippingType ? checkoutMessages.notChosen : checkoutMessages.chooseDeliveryFirst}
          done={cart.paymentType !== null}
          disabled={!cart.shippingType}
          onOpen={() => setStep('payment')}
        />
        <StepRow
          title={checkoutMessages.stepVoucher}
          value={voucher ? `${voucher.code} — − ${formatEuro(discountOf(cart))}` : checkoutMessages.voucherNone}
          done={voucher !== undefined}
          onOpen={() => setStep('voucher')}
        />
        <StepRow
          title={checkoutMessages.stepNotes}
          value={note || checkoutMessages.noNotes}
          done={note !== ''}
          onOpen={() => {
            setDraftNote(note);
            setStep('notes');
          }}
        />
        <StepRow
          title={saleRulesMessages.receiptFiscalCode}
          value={receiptCode ? receiptCodeLabel(receiptCode) : saleRulesMessages.noReceiptFiscalCode}
          done={receiptCode !== undefined}
          disabled={!fiscalCodes.data}
          onOpen={() => setStep('receipt')}
        />
        <StepRow title={checkoutMessages.stepSummary} value={`${counts.join(', ')} — ${formatEuro(amountDue(cart))}`} done={ready} onOpen={() => setStep('summary')} />
      </ol>

      <TitledCard id="checkout-total" title={checkoutMessages.stepSummary}>
        <Totals cart={cart} />
        <p className="cart-item__detail">{checkoutMessages.totalHint}</p>
      </TitledCard>

      {problems.length > 0 ? (
        <ul className="notice notice--warning" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <Button block disabled={!ready} busy={submit.isPending} onClick={onSubmit}>
        {checkoutMessages.submit}
      </Button>

      {step === 'delivery' ? <DeliveryModal cart={cart} config={config} addresses={addresses} preselect={preselect} onClose={() => setStep(null)} /> : null}
      {step === 'method' ? <MethodModal cart={cart} config={config} onClose={() => setStep(null)} /> : null}
      {step === 'payment' ? <PaymentModal cart={cart} methods={methods} onClose={() => setStep(null)} /> : null}
      <ActionDialog
        open={step === 'voucher'}
        title={checkoutMessages.stepVoucher}
        onClose={() => setStep(null)}
        confirm={{ type: 'submit', form: voucherFormId, children: cartMessages.applyVoucher }}
      >
        <VoucherBox cart={cart} inDialog={{ formId: voucherFormId, onApplied: () => setStep(null) }} />
      </ActionDialog>
      <ChoiceDialog
        open={step === 'notes'}
        title={checkoutMessages.stepNotes}
        ready
        onClose={() => setStep(null)}
        onConfirm={() => {
          setNote(draftNote.trim());
          setStep(null);
        }}
      >
        <NoteField label={checkoutMessages.notesLabel} hint={checkoutMessages.notesPlaceholder} value={draftNote} onChange={setDraftNote} maxLength={1000} />
      </ChoiceDialog>
      {step === 'receipt' && fiscalCodes.data ? (
        <ReceiptFiscalCodeModal codes={fiscalCodes.data} chosenId={receiptCodeId} onChoose={setReceiptCodeId} onClose={() => setStep(null)} />
      ) : null}
      <ActionDialog
        open={step === 'summary'}
        title={checkoutMessages.stepSummary}
        onClose={() => setStep(null)}
        cancelLabel={reservationsMessages.close}
        confirm={{
          disabled: !ready,
          onClick: () => {
            // The outcome (problems, the busy button) shows on the page under the dialog.
            setStep(null);
            onSubmit();
          },
          children: checkoutMessages.submit,
        }}
      >
        <ul className="cart-items">
          {cart.products.map((p) => (
            <li key={p.code} className="cart-item">
              <div className="cart-item__text">
                <span className="cart-item__title">{p.name}</span>
                <span className="cart-item__detail">
                  {p.quantity} × <Price euro={p.amount} />
                </span>
              </div>
              <Price euro={p.total} />
            </li>
          ))}
          {cart.prescriptions.map((p) => (
            <li key={`p${p.id}`} className="cart-item">
              <span className="cart-item__title">{prescriptionMessages.modeTitles[p.mode]}</span>
            </li>
          ))}
          {cart.product_requests.map((r) => (
            <li key={`r${r.id}`} className="cart-item">
              <span className="cart-item__title">{productRequestMessages.typeTitles[r.type]}</span>
            </li>
          ))}
        </ul>
        <Totals cart={cart} />
      </ActionDialog>
    </>
  );
}

/** /app/checkout (spec §2 Checkout, §4): six numbered steps, each with its modal, then 'Invia la richiesta'. */
export function CheckoutScreen() {
  const cart = useQuery(cartQueryOptions(useShopKey()));
  const config = useQuery(optionQueryOptions('order_shipping_configurations'));
  const methods = useQuery(paymentMethodsQueryOptions);
  const addresses = useQuery(addressesQueryOptions);
  const loading = cart.isPending || config.isPending || addresses.isPending;
  const empty = cart.data && isCartEmpty(cart.data);
  return (
    <div className="page checkout">
      <h1>{checkoutMessages.title}</h1>
      {loading ? (
        <Loader />
      ) : cart.isError || config.isError || !cart.data || !config.data ? (
        <p className="notice">{appMessages.loadFailed}</p>
      ) : empty ? (
        <EmptyState title={checkoutMessages.emptyCart}>
          <PlainLink href="/app/cart" className="button button--primary">
            {tabsMessages.cart}
          </PlainLink>
        </EmptyState>
      ) : (
        <Checkout cart={cart.data} config={config.data} methods={methods.data} addresses={addresses.data ?? []} />
      )}
    </div>
  );
}
