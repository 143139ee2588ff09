import { type CartProduct, messages } from '@farmacia/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { CartProducts } from './cart-products';

afterEach(cleanup);

const line = (over: Partial<CartProduct>): CartProduct => ({
  code: '012745093',
  name: 'Tachipirina 500 mg',
  amount: 4.5,
  quantity: 2,
  total: 9,
  image: null,
  promo: false,
  prescription_only: false,
  unavailable: false,
  not_sold_here: false,
  ...over,
});


describe('cart lines', () => {
  it('says why a line is unavailable: gone from the catalogue, or not sold by this pharmacy (whose page still opens)', async () => {
    renderInApp(() => (
      <CartProducts
        products={[
          line({ code: '000000017', name: 'Sciroppo ritirato', amount: 0, total: 0, unavailable: true }),
          line({ code: '000000029', name: 'Offertol crema', amount: 0, total: 0, unavailable: true, not_sold_here: true }),
        ]}
      />
    ));
    const [gone, notSold] = within(await screen.findByRole('list', { name: messages.cart.productsLabel })).getAllByRole('listitem');
    if (!gone || !notSold) throw new Error('two lines expected');
    expect(gone.textContent).toContain(`${messages.cart.productUnavailable}. ${messages.cart.unavailableHint}`);
    expect(within(gone).queryByRole('link', { name: 'Sciroppo ritirato' })).toBeNull();

    expect(notSold.textContent).toContain(`${messages.catalogue.notSoldHere}. ${messages.cart.notSoldHereHint}`);
    expect(notSold.textContent).not.toContain(messages.cart.productUnavailable);
    expect(within(notSold).getByRole('link', { name: 'Offertol crema' }).getAttribute('href')).toBe('/app/product/000000029');
  });

  // A 64-px line picture is asked at the list's width, not the product page's (decision 0627).
  it("shows the product's picture at the list's width", async () => {
    const { container } = renderInApp(() => <CartProducts products={[line({ image: '/api/product/012745093/image' })]} />);
    await screen.findByRole('list', { name: messages.cart.productsLabel });
    expect(container.querySelector('img.cart-line__image')?.getAttribute('src')).toBe('/api/product/012745093/image?w=144');
  });
});
