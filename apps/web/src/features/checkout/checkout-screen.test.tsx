import { type Cart, messages, type ShippingConfigurations } from '@farmacia/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { emptyCart } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CheckoutScreen } from './checkout-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const m = messages.saleRules;

const config: ShippingConfigurations = {
  deliveryTypes: {
    inShop: { enabled: true, label: 'Ritiro in farmacia', methods: [{ type: 'inShop', label: 'Ritiro al banco', price: 0, free_above: null }] },
    vendingMachine: { enabled: false, label: 'Distributore', methods: [] },
    pickupPoint: { enabled: true, label: 'Punto di ritiro', methods: [{ type: 'pickupPoint', label: 'Al punto', price: 3.9, free_above: null }] },
    address: {
      enabled: true,
      label: 'Consegna a domicilio',
      methods: [
        { type: 'pharmacyDelivery', label: 'Fattorino della farmacia', price: 3.5, free_above: null },
        { type: 'courier', label: 'Corriere espresso', price: 5.9, free_above: null },
      ],
    },
  },
  paymentTypes: {
    payInShop: { label: 'Pagamento in farmacia', description: 'Al ritiro', shippingTypes: ['inShop'] },
    cashOnDelivery: { label: 'Alla consegna', description: 'Al fattorino', shippingTypes: ['address'] },
  },
};

const rxCart: Cart = {
  ...emptyCart,
  products: [
    { code: '012745093', name: 'Amoxicillina', amount: 8, quantity: 1, total: 8, image: null, promo: false, prescription_only: true, unavailable: false, not_sold_here: false },
  ],
  subTotal: 8,
  total: 8,
  totalQuantity: 1,
  shipping_restriction: { refusedTypes: { pickupPoint: m.prescriptionPickupOnly, address: m.prescriptionPickupOnly }, methodsOnly: null },
};

const codes = [
  { id: 1, codice_fiscale: 'RSSMRA85T10A562S', main: true, system: false },
  { id: 2, codice_fiscale: 'RSSLCU15A41A944Y', main: false, system: false },
];

function serve(cart: Cart) {
  return mockFetch({
    'GET /api/cart': json({ data: cart }),
    'GET /api/option/order_shipping_configurations': json({ data: config }),
    'GET /api/payment/methods': json({ data: {} }),
    'GET /api/address': json({ data: [] }),
    'GET /api/fiscalcode': json({ data: codes }),
    'POST /api/cart/checkout': json({ id: 77 }, 201),
  });
}

/** Opens a checkout step by its row's title (the row's button says 'Scegli' or 'Modifica'). */
const open = async (step: string) => {
  const title = (await screen.findAllByText(step, { selector: '.checkout-step__title' }))[0] as HTMLElement;
  const row = title.closest('li') as HTMLElement;
  await userEvent.setup().click(within(row).getByRole('button'));
  return screen.findByRole('dialog');
};

describe('checkout under the online-sale rules (decision 0400)', () => {
  it('offers only the pickup at the pharmacy for a prescription order and says why the others are not offered', async () => {
    serve(rxCart);
    renderInApp(() => <CheckoutScreen />);
    const dialog = await open(messages.checkout.stepDelivery);
    const offered = within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value);
    expect(offered).toEqual(['inShop']);
    expect(within(dialog).getByText(`${m.notOffered} Punto di ritiro, Consegna a domicilio. ${m.prescriptionPickupOnly}`)).toBeTruthy();
  });

  it('offers every enabled type when nothing is restricted', async () => {
    serve({
      ...rxCart,
      products: [{ ...(rxCart.products[0] as Cart['products'][number]), prescription_only: false, name: 'Crema mani' }],
      shipping_restriction: { refusedTypes: {}, methodsOnly: null },
    });
    renderInApp(() => <CheckoutScreen />);
    const dialog = await open(messages.checkout.stepDelivery);
    expect(within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['inShop', 'pickupPoint', 'address']);
    expect(within(dialog).queryByText(new RegExp(m.notOffered))).toBeNull();
  });

  it("offers only the pharmacy's own staff for home delivery when the shop enabled it", async () => {
    serve({
      ...rxCart,
      shippingType: 'address',
      shipping_restriction: {
        refusedTypes: { pickupPoint: m.prescriptionStaffOnly },
        methodsOnly: { types: ['pharmacyDelivery'], reason: m.prescriptionStaffOnly },
      },
    });
    renderInApp(() => <CheckoutScreen />);
    const dialog = await open(messages.checkout.stepDeliveryMethod);
    expect(within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pharmacyDelivery']);
    expect(within(dialog).getByText(`${m.notOffered} Corriere espresso. ${m.prescriptionStaffOnly}`)).toBeTruthy();
  });
});

describe('receipt fiscal code at checkout (decision 0401)', () => {
  const ready: Cart = {
    ...rxCart,
    shippingType: 'inShop',
    shippingMethod: { type: 'inShop', label: 'Ritiro al banco', price: 0 },
    paymentType: 'payInShop',
    shipping_restriction: { refusedTypes: {}, methodsOnly: null },
  };

  it("defaults to the customer's own code and sends none chosen", async () => {
    const { calls } = serve(ready);
    renderInApp(() => <CheckoutScreen />);
    expect(await screen.findByText(`RSSMRA85T10A562S (il tuo)`)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: messages.checkout.submit }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '', fiscal_code_id: null }));
  });

  it("sends the family member's code the customer picked", async () => {
    const { calls } = serve(ready);
    renderInApp(() => <CheckoutScreen />);
    const user = userEvent.setup();
    const dialog = await open(m.receiptFiscalCode);
    await user.click(within(dialog).getByRole('radio', { name: 'RSSLCU15A41A944Y' }));
    await user.click(within(dialog).getByRole('button', { name: messages.checkout.confirmChoice }));
    expect(await screen.findByText('RSSLCU15A41A944Y')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: messages.checkout.submit }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '', fiscal_code_id: 2 }));
  });
});
