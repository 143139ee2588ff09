import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { CardForm, submitCard } from './card-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const target = {
  submit: 'https://sandbox.gestpay.net/api/v1/payment/submit',
  paymentToken: 'tok123',
  paymentID: '12345678901',
  shopLogin: 'GESPAY00001',
  buyer: { name: 'Ada', email: 'ada@example.it' },
};
const body = { shopLogin: 'GESPAY00001', buyer: target.buyer, paymentTypeDetails: { creditcard: { number: '4111111111111111', expMonth: '07', expYear: '30', CVV: '123' } } };
const answer = (payload: object, code = '0') => json({ error: { code, description: code === '0' ? 'ok' : 'Carta scaduta' }, payload });

describe('submitCard (spec §7 card provider)', () => {
  it('posts the card to the provider with the paymentToken header, never to our API', async () => {
    const { calls } = mockFetch({ 'POST /api/v1/payment/submit': answer({ transactionResult: 'OK', paymentID: '12345678901' }) });
    expect(await submitCard(target, body)).toEqual({ kind: 'done', result: 'OK', paymentID: '12345678901' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.paymentToken).toBe('tok123');
    expect(calls[0]?.body).toEqual(body);
  });

  it('maps refused, pending, 3-D Secure and provider errors', async () => {
    mockFetch({ 'POST /api/v1/payment/submit': answer({ transactionResult: 'KO', paymentID: '1' }) });
    expect(await submitCard(target, body)).toMatchObject({ kind: 'done', result: 'KO' });
    mockFetch({ 'POST /api/v1/payment/submit': answer({ transactionResult: 'XX', paymentID: '1' }) });
    expect(await submitCard(target, body)).toMatchObject({ kind: 'done', result: 'PENDING' });
    mockFetch({ 'POST /api/v1/payment/submit': answer({ transactionErrorCode: '8006', userRedirect: { href: 'https://acs/3ds' } }) });
    expect(await submitCard(target, body)).toEqual({ kind: 'redirect', href: 'https://acs/3ds' });
    mockFetch({ 'POST /api/v1/payment/submit': answer({}, '1124') });
    expect(await submitCard(target, body)).toEqual({ kind: 'error', code: '1124', description: 'Carta scaduta' });
  });

  it('tells a request that never got an answer (offline, refused by the page policy) from a refused card', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await submitCard(target, body)).toEqual({ kind: 'unreachable' });
  });
});

describe('CardForm (spec §5)', () => {
  it("requires every field ('Compila questo campo.' for month and year) and sends month and year as 2 digits", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CardForm amount={25} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Paga 25,00\u00a0€$/ }));
    expect(await screen.findAllByText('Compila questo campo.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Titolare della carta'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Numero della carta'), '4111 1111 1111');
    await user.selectOptions(screen.getByLabelText('Mese di scadenza'), '07');
    const year = String(new Date().getFullYear() + 1);
    await user.selectOptions(screen.getByLabelText('Anno di scadenza'), year);
    await user.type(screen.getByLabelText('CVV'), '12');
    await user.click(screen.getByRole('button', { name: /^Paga 25,00\u00a0€$/ }));
    expect(await screen.findByText('Il numero della carta deve contenere da 16 a 22 cifre.')).toBeTruthy();
    expect(screen.getByText('Il CVV deve essere un numero da 000 a 999.')).toBeTruthy();

    await user.type(screen.getByLabelText('Numero della carta'), ' 1111');
    await user.type(screen.getByLabelText('CVV'), '3');
    await user.click(screen.getByRole('button', { name: /^Paga 25,00\u00a0€$/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ holder: 'Ada Lovelace', number: '4111111111111111', month: '07', year: year.slice(-2), cvv: '123' });
  }, 20_000);
});
