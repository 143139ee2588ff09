import type { Cart } from '@farmacia/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { emptyCart } from '../test/fixtures';
import { renderInApp } from '../test/render';
import { amountDue } from '../lib/cart-api';
import { VoucherBox } from './voucher-box';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cart: Cart = { ...emptyCart, subTotal: 40, total: 45.9, totalQuantity: 2 };
const voucher = { id: 3, code: 'SCONTO5', name: '5 euro', description: null, discount_amount: 5, minimum_cart_total: 30, include_promo_product: 1 as const };

async function applyCode(code: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Inserisci il codice sconto'), code);
  await user.click(screen.getByRole('button', { name: 'Applica' }));
}

describe('VoucherBox (spec §4 Voucher state, §8)', () => {
  it("applies a code: 'Codice sconto inserito'", async () => {
    const { calls } = mockFetch({
      'POST /api/cart/vouchers/SCONTO5': json({
        data: { ...cart, vouchers: [voucher], apply_voucher: { type: 'success', message: 'Codice sconto inserito', discount_amount: 5 } },
      }),
    });
    renderInApp(() => <VoucherBox cart={cart} />);
    await applyCode(' sconto5 ');
    await waitFor(() => expect(calls[0]?.body).toEqual({ code: 'SCONTO5' }));
    expect(await screen.findByText('Codice sconto inserito')).toBeTruthy();
  });

  it('shows the minimum when the cart is below it, and the reason of an invalid code', async () => {
    renderInApp(() => (
      <VoucherBox cart={{ ...cart, apply_voucher: { type: 'minimum_cart_total', message: 'Il codice sconto è valido per una spesa minima di 50,00 €.', discount_amount: 0 } }} />
    ));
    expect(await screen.findByText('Il codice sconto è valido per una spesa minima di 50,00 €.')).toBeTruthy();
    cleanup();
    renderInApp(() => <VoucherBox cart={{ ...cart, apply_voucher: { type: 'expired', message: 'Il codice sconto è scaduto.', discount_amount: 0 } }} />);
    expect(await screen.findByText('Il codice sconto è scaduto.')).toBeTruthy();
  });

  it("says 'Si è verificato un errore' when the call fails, and needs a code", async () => {
    mockFetch({ 'POST /api/cart/vouchers/X1': json({ code: 'INTERNAL', message: 'x' }, 500) });
    renderInApp(() => <VoucherBox cart={cart} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Applica' }));
    expect(await screen.findByText('Inserire un codice sconto.')).toBeTruthy();
    await applyCode('x1');
    expect(await screen.findByText('Si è verificato un errore')).toBeTruthy();
  });

  it('says under the field that codes never apply to medicines (decision 0696)', async () => {
    renderInApp(() => <VoucherBox cart={cart} />);
    const field = await screen.findByLabelText('Inserisci il codice sconto');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint?.textContent).toBe('I codici sconto non si applicano ai medicinali.');
  });

  it('shows the applied voucher and computes what is due', () => {
    expect(amountDue({ total: 45.9, vouchers: [voucher] })).toBe(40.9);
    expect(amountDue({ total: 3, vouchers: [{ ...voucher, discount_amount: 5 }] })).toBe(0);
    expect(amountDue({ total: 12.3, vouchers: [] })).toBe(12.3);
  });
});
