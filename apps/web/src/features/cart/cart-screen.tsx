import { type Cart, fillMessage, isCartEmpty, appMessages, cartMessages, checkoutMessages, prescriptionMessages, productRequestMessages, tabsMessages, type Prescription, type ProductRequest } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ConfirmButton } from '../../components/confirm-modal';
import { Button } from '../../components/ui/button';
import { Collapsible } from '../../components/ui/collapsible';
import { Loader } from '../../components/ui/loader';
import { PlainLink } from '../../components/ui/plain-link';
import { Price } from '../../components/ui/price';
import { showToast } from '../../components/ui/toast';
import { optionQueryOptions } from '../../lib/shop-api';
import { amountDue, cartQueryOptions, discountOf, useClearCart } from '../../lib/cart-api';
import { useShopKey } from '../../lib/current-shop';
import { CartProducts } from './cart-products';
import { PullToRefresh } from './pull-to-refresh';
import { VoucherBox } from '../../components/voucher-box';
import { EmptyState } from '../../components/ui/empty-state';
import '../../components/ui/item-lists.css';

/** The checkout comes with the orders feature: 'Procedi' shows only once its route exists. */
const CHECKOUT_PATH = '/app/checkout';

function PrescriptionItem({ prescription }: { prescription: Prescription }) {
  const detail = prescription.nre ?? prescription.file?.name ?? (prescription.fse_consent ? prescriptionMessages.fseShort : '');
  return (
    <li className="cart-item">
      <div className="cart-item__text">
        <span className="cart-item__title">{prescriptionMessages.modeTitles[prescription.mode]}</span>
        {detail ? <span className="cart-item__detail">{detail}</span> : null}
        <span className="cart-item__detail">
          {prescriptionMessages.fiscalCodeShort}: {prescription.codice_fiscale}
        </span>
      </div>
      <PlainLink href={`/app/prescription/${prescription.id}`} className="button button--link">
        {cartMessages.edit}
        <span className="visually-hidden"> {prescriptionMessages.modeTitles[prescription.mode]}</span>
      </PlainLink>
    </li>
  );
}

function RequestItem({ request }: { request: ProductRequest }) {
  const title = productRequestMessages.typeTitles[request.type];
  return (
    <li className="cart-item">
      <div className="cart-item__text">
        <span className="cart-item__title">{title}</span>
        <span className="cart-item__detail cart-item__detail--clamp">{request.note}</span>
        {request.file ? <span className="cart-item__detail">{request.file.name}</span> : null}
      </div>
      {request.type === 'galenica' ? (
        <PlainLink href={`/app/galenica/${request.id}`} className="button button--link">
          {cartMessages.edit}
          <span className="visually-hidden"> {title}</span>
        </PlainLink>
      ) : (
        <PlainLink href={`/app/productphoto/${request.id}`} className="button button--link">
          {cartMessages.edit}
          <span className="visually-hidden"> {title}</span>
        </PlainLink>
      )}
    </li>
  );
}

/** Links to what can be added besides products: a prescription, a photo request, a galenica request. */
function AddMore({ galenica }: { galenica: boolean }) {
  return (
    <ul className="cart-add">
      <li>
        <PlainLink href="/app/prescription" className="button button--secondary button--block">
          {prescriptionMessages.title}
        </PlainLink>
      </li>
      <li>
        <PlainLink href="/app/productPhoto" className="button button--secondary button--block">
          {productRequestMessages.photoTitle}
        </PlainLink>
      </li>
      {galenica ? (
        <li>
          <PlainLink href="/app/galenica" className="button button--secondary button--block">
            {productRequestMessages.galenicaTitle}
          </PlainLink>
        </li>
      ) : null}
    </ul>
  );
}

function Summary({ cart }: { cart: Cart }) {
  const discount = discountOf(cart);
  return (
    <section className="card cart-summary" aria-label={cartMessages.summary}>
      <dl>
        <div>
          <dt>{cartMessages.subtotal}</dt>
          <dd>
            <Price euro={cart.subTotal} />
          </dd>
        </div>
        {cart.shippingMethod ? (
          <div>
            <dt>{cart.shippingMethod.label}</dt>
            <dd>
              <Price euro={cart.shippingMethod.price} />
            </dd>
          </div>
        ) : null}
        {discount > 0 ? (
          <div>
            <dt>{cartMessages.discount}</dt>
            <dd>
              <Price euro={-discount} />
            </dd>
          </div>
        ) : null}
        <div className="cart-summary__total">
          <dt>{cartMessages.total}</dt>
          <dd>
            <Price euro={amountDue(cart)} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ClearCart({ cart }: { cart: Cart }) {
  const clear = useClearCart();
  const onConfirm = (close: () => void) =>
    clear.mutate(cart.id, {
      onSuccess: () => {
        close();
        showToast(cartMessages.cleared, { tone: 'success' });
      },
      onError: () => showToast(cartMessages.updateFailed, { tone: 'warning' }),
    });
  return (
    <ConfirmButton
      label={cartMessages.clear}
      question={{ title: cartMessages.clearTitle, text: cartMessages.clearText, confirmLabel: cartMessages.clearConfirm }}
      busy={clear.isPending}
      onConfirm={onConfirm}
    />
  );
}

function CartContent({ cart }: { cart: Cart }) {
  const router = useRouter();
  const galenica = useQuery(optionQueryOptions('galenica'));
  const note = useQuery(optionQueryOptions('cart_note'));
  const galenicaOffered = galenica.data === '1';
  const empty = isCartEmpty(cart);
  const blocked = cart.products.some((line) => line.unavailable);

  if (empty) {
    return (
      <>
        <EmptyState title={checkoutMessages.emptyCart} hint={cartMessages.emptyHint}>
          <PlainLink href="/app/search" className="button button--primary">
            {cartMessages.searchProducts}
          </PlainLink>
        </EmptyState>
        <AddMore galenica={galenicaOffered} />
      </>
    );
  }

  return (
    <>
      {note.data ? <p className="notice notice--info">{note.data}</p> : null}
      <Collapsible
        level={2}
        title={fillMessage(cartMessages.prescriptionsSection, { count: cart.prescriptions.length + cart.product_requests.length })}
        defaultOpen
      >
        {cart.prescriptions.length > 0 ? (
          <ul className="cart-items">
            {cart.prescriptions.map((p) => (
              <PrescriptionItem key={p.id} prescription={p} />
            ))}
          </ul>
        ) : (
          <p className="cart-section__empty">{cartMessages.noPrescriptions}</p>
        )}
        {cart.product_requests.length > 0 ? (
          <>
            <h3 className="cart-section__subtitle">{fillMessage(cartMessages.requestsSection, { count: cart.product_requests.length })}</h3>
            <ul className="cart-items">
              {cart.product_requests.map((r) => (
                <RequestItem key={r.id} request={r} />
              ))}
            </ul>
          </>
        ) : null}
        <AddMore galenica={galenicaOffered} />
      </Collapsible>
      <Collapsible level={2} title={fillMessage(cartMessages.productsSection, { count: cart.totalQuantity })} defaultOpen>
        {cart.products.length > 0 ? (
          <CartProducts products={cart.products} />
        ) : (
          <p className="cart-section__empty">
            {cartMessages.noProducts} <PlainLink href="/app/search">{cartMessages.searchProducts}</PlainLink>
          </p>
        )}
      </Collapsible>
      <VoucherBox cart={cart} />
      <Summary cart={cart} />
      {blocked ? <p className="notice notice--warning">{cartMessages.unavailableHint}</p> : null}
      <div className="cart-actions">
        {CHECKOUT_PATH in router.routesByPath ? (
          blocked ? (
            <Button block disabled>
              {cartMessages.proceed}
            </Button>
          ) : (
            <PlainLink href={CHECKOUT_PATH} className="button button--primary button--block">
              {cartMessages.proceed}
            </PlainLink>
          )
        ) : null}
        <ClearCart cart={cart} />
      </div>
    </>
  );
}

/** /app/cart (spec §2 Cart). */
export function CartScreen() {
  const query = useQuery(cartQueryOptions(useShopKey()));
  const refresh = () => query.refetch();
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page cart">
        <div className="cart__header">
          <h1>{tabsMessages.cart}</h1>
          <Button variant="link" busy={query.isFetching && !query.isPending} onClick={() => void refresh()}>
            {cartMessages.refresh}
          </Button>
        </div>
        {query.isPending ? (
          <Loader />
        ) : query.isError ? (
          <div>
            <p className="notice">{appMessages.loadFailed}</p>
            <Button variant="secondary" onClick={() => void refresh()}>
              {cartMessages.refresh}
            </Button>
          </div>
        ) : (
          <CartContent cart={query.data} />
        )}
      </div>
    </PullToRefresh>
  );
}
