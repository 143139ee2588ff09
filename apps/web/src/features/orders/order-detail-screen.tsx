import {
  allowedMoves,
  canPayOnline,
  customerOrderActions,
  isOnlinePaymentType,
  ordersMessages,
  prescriptionMessages,
  productRequestMessages,
  saleRulesMessages,
  type Order,
  orderStatusDetailLabel,
  type PaymentType,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ConfirmButton } from '../../components/confirm-modal';
import { isApiError } from '../../lib/api-client';
import { NotFoundPage } from '../../components/not-found-page';
import { Button } from '../../components/ui/button';
import { DateText } from '../../components/ui/date-text';
import { Loader } from '../../components/ui/loader';
import { showToast } from '../../components/ui/toast';
import { addressLine } from '../../lib/addresses-api';
import { paymentMethodsQueryOptions, paymentTypeLabel } from '../../lib/payment-api';
import { OrderLines, OrderTotals, orderTitle } from './order-parts';
import { OrderRefundsBlock } from './order-refunds';
import { OrderWithdrawalBlock } from './order-withdrawal';
import {
  orderPaymentMethodsQueryOptions,
  orderQueryOptions,
  useCancelOrder,
  useChangePaymentType,
  useConfirmOrder,
  useDuplicateOrder,
} from '../../lib/orders-api';
import { RadioChoices } from '../../components/ui/radio-choices';
import '../../components/ui/item-lists.css';
import '../../components/ui/order-cards.css';
import { ChoiceDialog } from '../../components/dialog-actions';
import { TitledCard } from '../../components/ui/titled-card';

/** Spec §4: in finalizing, change the payment type (a modal of the types the order allows). */
function ChangePayment({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const methods = useQuery({ ...orderPaymentMethodsQueryOptions(order.id), enabled: open });
  const change = useChangePaymentType(order.id);
  const [chosen, setChosen] = useState<string | null>(order.paymentType);
  const choices = Object.values(methods.data ?? {}).map((m) => ({ value: m.type, label: m.label, description: m.description }));
  const onConfirm = () => {
    if (!chosen) return;
    change.mutate(chosen as PaymentType, {
      onSuccess: () => {
        showToast(ordersMessages.paymentMethodUpdated, { tone: 'success' });
        onClose();
      },
      onError: () => showToast(ordersMessages.paymentMethodUpdateFailed, { tone: 'warning' }),
    });
  };
  return (
    <ChoiceDialog open={open} title={ordersMessages.changePaymentTitle} busy={change.isPending} ready={!!chosen} onClose={onClose} onConfirm={onConfirm}>
      {methods.isPending ? <Loader /> : <RadioChoices legend={ordersMessages.changePaymentTitle} choices={choices} value={chosen} onChange={setChosen} />}
    </ChoiceDialog>
  );
}

function FinalizingActions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const confirm = useConfirmOrder(order.id);
  const cancel = useCancelOrder(order.id);
  const [changing, setChanging] = useState(false);
  const actions = customerOrderActions(order);
  const payOnline = canPayOnline(order);

  const onConfirm = () => {
    // Spec §4: an online type goes to the payment screen; the provider's notification confirms.
    if (payOnline && order.paymentType) {
      void navigate({ to: '/app/payment/$type/$id', params: { type: order.paymentType, id: order.id } });
      return;
    }
    confirm.mutate(undefined, {
      onSuccess: () => void navigate({ to: '/app/order-confirmed/$id', params: { id: order.id } }),
      onError: (error) => {
        if (isApiError(error) && error.status === 0) return;
        showToast(ordersMessages.confirmFailed, { tone: 'warning' });
      },
    });
  };
  const onCancel = (close: () => void) => {
    cancel.mutate(undefined, {
      onSuccess: () => {
        close();
        showToast(ordersMessages.cancelled, { tone: 'success' });
      },
      onError: () => {
        close();
        showToast(ordersMessages.cancelFailed, { tone: 'warning' });
      },
    });
  };

  return (
    <div className="order-actions">
      {actions.confirm ? (
        <Button block busy={confirm.isPending} onClick={onConfirm}>
          {payOnline ? ordersMessages.confirmAndPay : ordersMessages.confirm}
        </Button>
      ) : null}
      {actions.changePaymentType ? (
        <Button block variant="secondary" onClick={() => setChanging(true)}>
          {ordersMessages.changePayment}
        </Button>
      ) : null}
      {actions.cancel ? (
        <ConfirmButton
          label={ordersMessages.cancel}
          question={{ title: ordersMessages.cancelTitle, text: ordersMessages.cancelConfirm, confirmLabel: ordersMessages.cancel, cancelLabel: ordersMessages.keep }}
          busy={cancel.isPending}
          onConfirm={onCancel}
        />
      ) : null}
      {changing ? <ChangePayment order={order} open={changing} onClose={() => setChanging(false)} /> : null}
    </div>
  );
}

function Reorder({ order }: { order: Order }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateOrder(order.id);
  if (order.products.length === 0) return null;
  const onClick = () =>
    duplicate.mutate(undefined, {
      onSuccess: (answer) => {
        showToast(answer.message, { tone: 'success' });
        void navigate({ to: '/app/cart' });
      },
      // Spec §8: a failed reorder shows this very text.
      onError: () => showToast(ordersMessages.cancelFailed, { tone: 'warning' }),
    });
  return (
    <Button block variant="secondary" busy={duplicate.isPending} onClick={onClick}>
      {ordersMessages.reorder}
    </Button>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const methods = useQuery(paymentMethodsQueryOptions);
  const detailLabel = orderStatusDetailLabel(order.status);
  const paidOnline = order.payment.valid === 1;
  return (
    <>
      <div className="order-head">
        <h1>{orderTitle(order.id)}</h1>
        {detailLabel ? <span className={`order-status order-status--${order.status}`}>{detailLabel}</span> : null}
      </div>
      <p className="order-card__meta">
        <DateText value={order.created_at} format="datetime" />
      </p>
      <OrderWithdrawalBlock order={order} />

      {order.products.length > 0 ? (
        <TitledCard id="order-products" title={ordersMessages.products}>
          <OrderLines order={order} />
        </TitledCard>
      ) : null}
      <RecordsCard id="order-prescriptions" title={ordersMessages.prescriptions} records={order.prescriptions}>
        {(p) => (
          <>
            <span className="cart-item__title">{prescriptionMessages.modeTitles[p.mode]}</span>
            {p.nre ? <span className="cart-item__detail">{p.nre}</span> : null}
            <span className="cart-item__detail">
              {prescriptionMessages.fiscalCodeShort}: {p.codice_fiscale}
            </span>
          </>
        )}
      </RecordsCard>
      <RecordsCard id="order-requests" title={ordersMessages.requests} records={order.product_requests}>
        {(r) => (
          <>
            <span className="cart-item__title">{productRequestMessages.typeTitles[r.type]}</span>
            <span className="cart-item__detail">{r.note}</span>
          </>
        )}
      </RecordsCard>

      <TitledCard id="order-delivery" title={ordersMessages.delivery}>
        {order.shippingMethod ? <p>{order.shippingMethod.label}</p> : null}
        {order.address ? (
          <p>
            <strong>{order.address.name}</strong>
            <br />
            {addressLine(order.address)}
          </p>
        ) : null}
        {order.delivery_date ? (
          <p>
            {ordersMessages.deliveryDate}: <DateText value={order.delivery_date} />
          </p>
        ) : null}
      </TitledCard>

      <TitledCard id="order-payment" title={ordersMessages.payment}>
        <p>
          {paymentTypeLabel(order.paymentType, methods.data)}
          {isOnlinePaymentType(order.paymentType) ? ` — ${paidOnline ? ordersMessages.paid : ordersMessages.notPaid}` : ''}
        </p>
        {order.requires_pharmacy_settlement ? <p className="notice notice--info">{ordersMessages.pharmacySettlement}</p> : null}
        {order.receipt_fiscal_code ? (
          <p>
            {saleRulesMessages.receiptFiscalCode}: {order.receipt_fiscal_code}
          </p>
        ) : null}
        <OrderTotals order={order} />
        {paidOnline ? <OrderRefundsBlock orderId={order.id} version={order.updated_at} /> : null}
      </TitledCard>

      {order.info ? (
        <TitledCard id="order-info" title={ordersMessages.info}>
          <p className="order-text">{order.info}</p>
        </TitledCard>
      ) : null}
      {order.note ? (
        <TitledCard id="order-note" title={ordersMessages.note}>
          <p className="order-text">{order.note}</p>
        </TitledCard>
      ) : null}

      {allowedMoves(order, 'customer').length > 0 ? <FinalizingActions order={order} /> : null}
      <div className="order-actions">
        <Reorder order={order} />
        <Link to="/app/orders" className="button button--link">
          {ordersMessages.backToOrders}
        </Link>
      </div>
    </>
  );
}

/** /app/orders/{id} (spec §2, §4): the detail, and in finalizing change payment, cancel or confirm. */
export function OrderDetailScreen() {
  const { id: orderId } = useParams({ from: '/_app/_private/app/orders/$id' });
  const query = useQuery(orderQueryOptions(orderId));
  if (query.isError) {
    return (
      <NotFoundPage title={ordersMessages.notFoundTitle} to="/app/orders" linkText={ordersMessages.backToOrders} />
    );
  }
  return <div className="page order">{query.isPending ? <Loader /> : <OrderDetail order={query.data} />}</div>;
}

/** The order's records of one kind (prescriptions, product requests) in a card; no card when there are none. */
function RecordsCard<T extends { id: number }>({ id, title, records, children }: { id: string; title: string; records: readonly T[]; children: (record: T) => ReactNode }) {
  if (records.length === 0) return null;
  return (
    <TitledCard id={id} title={title}>
      <ul className="cart-items">
        {records.map((record) => (
          <li key={record.id} className="cart-item">
            <div className="cart-item__text">{children(record)}</div>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
