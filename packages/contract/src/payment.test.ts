import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common/api.js';
import { messages } from './common/messages.js';
import {
  allowedPaymentMethods,
  CardFormSchema,
  cardExpiryYears,
  cardFormSchema,
  cardSubmitBody,
  isOnlinePaymentType,
  PAYMENT_PROVIDER_OF,
  type PaymentMethods,
  PaymentMethodsResponseSchema,
  paymentErrorDetail,
  requiresPharmacySettlement,
  paymentErrorMessage,
  paymentOutcome,
} from './payment.js';

// 15 March 2026, noon in Rome.
const now = new Date('2026-03-15T11:00:00Z');
const schema = cardFormSchema(() => now);
const card = { holder: 'Mario Rossi', number: '4111 1111 1111 1111', month: '7', year: '2027', cvv: '123' };
const errorsOf = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error);
};

describe('card form (spec §5)', () => {
  it('sends the number without spaces and month and year as 2 digits', () => {
    expect(schema.parse(card)).toEqual({ holder: 'Mario Rossi', number: '4111111111111111', month: '07', year: '27', cvv: '123' });
  });

  it('number: 15 characters refused, 16 and 22 accepted, 23 refused', () => {
    expect(errorsOf({ ...card, number: '4'.repeat(15) })).toEqual({ number: [messages.payment.cardNumber] });
    expect(errorsOf({ ...card, number: '4'.repeat(16) })).toBeUndefined();
    expect(errorsOf({ ...card, number: '4'.repeat(22) })).toBeUndefined();
    expect(errorsOf({ ...card, number: '4'.repeat(23) })).toEqual({ number: [messages.payment.cardNumber] });
    expect(errorsOf({ ...card, number: '4111-1111-1111-1111' })).toEqual({ number: [messages.payment.cardNumber] });
  });

  it('CVV: three digits 000 to 999', () => {
    expect(errorsOf({ ...card, cvv: '000' })).toBeUndefined();
    expect(errorsOf({ ...card, cvv: '999' })).toBeUndefined();
    for (const cvv of ['12', '1234', '12a', '-12']) expect(errorsOf({ ...card, cvv })).toEqual({ cvv: [messages.payment.cvv] });
  });

  it('year: now − 1 refused, now and now + 20 accepted, now + 21 refused', () => {
    expect(errorsOf({ ...card, year: '2025' })).toEqual({ year: [messages.payment.expiryYear] });
    expect(errorsOf({ ...card, year: '2026' })).toBeUndefined();
    expect(errorsOf({ ...card, year: '2046' })).toBeUndefined();
    expect(errorsOf({ ...card, year: '2047' })).toEqual({ year: [messages.payment.expiryYear] });
    expect(schema.parse({ ...card, year: '46' }).year).toBe('46');
    expect(cardExpiryYears(now)).toHaveLength(21);
    expect(cardExpiryYears(now)[0]).toBe(2026);
    expect(cardExpiryYears(now).at(-1)).toBe(2046);
  });

  it('month: 1–12 with or without a leading zero; a past month of this year is expired', () => {
    expect(schema.parse({ ...card, month: '12' }).month).toBe('12');
    expect(schema.parse({ ...card, month: 3, year: 2026 })).toMatchObject({ month: '03', year: '26' });
    for (const month of ['0', '13', '00', 'ab']) expect(errorsOf({ ...card, month })).toEqual({ month: [messages.payment.expiryMonth] });
    expect(errorsOf({ ...card, month: '02', year: '2026' })).toEqual({ month: [messages.payment.expired] });
  });

  it("requires every field, 'Compila questo campo.' for month and year", () => {
    expect(errorsOf({})).toEqual({
      holder: [messages.validation.required],
      number: [messages.validation.required],
      month: ['Compila questo campo.'],
      year: ['Compila questo campo.'],
      cvv: [messages.validation.required],
    });
    expect(errorsOf({ ...card, month: ' ', year: '' })).toEqual({ month: ['Compila questo campo.'], year: ['Compila questo campo.'] });
  });

  it('uses the real clock by default', () => {
    const year = new Date().getUTCFullYear();
    expect(CardFormSchema.safeParse({ ...card, month: '12', year: String(year + 1) }).success).toBe(true);
  });

  it('builds the provider body of spec §7', () => {
    const parsed = schema.parse(card);
    expect(cardSubmitBody(parsed, 'GESPAY123', { name: 'Mario Rossi', email: 'm@x.it' })).toEqual({
      shopLogin: 'GESPAY123',
      buyer: { name: 'Mario Rossi', email: 'm@x.it' },
      paymentTypeDetails: { creditcard: { number: '4111111111111111', expMonth: '07', expYear: '27', CVV: '123' } },
    });
  });
});

describe('payment error detail (spec §8)', () => {
  it("no error code → 'Risposta del server non valida'", () => {
    expect(paymentErrorDetail({})).toBe('Risposta del server non valida');
    expect(paymentErrorDetail(null)).toBe('Risposta del server non valida');
    expect(paymentErrorDetail({ error: { description: 'x' } })).toBe('Risposta del server non valida');
  });

  it("code not '0' → '{description} E{code}'", () => {
    expect(paymentErrorDetail({ error: { code: '1142', description: 'Carta scaduta' }, submit: 'https://x' })).toBe(
      'Carta scaduta E1142',
    );
    expect(paymentErrorDetail({ error: { code: 7, description: 'Errore' } })).toBe('Errore E7');
  });

  it("no submit URL → 'Risposta del server incompleta'; all fine → undefined", () => {
    expect(paymentErrorDetail({ error: { code: '0', description: '' } })).toBe('Risposta del server incompleta');
    expect(paymentErrorDetail({ error: { code: '0', description: '' }, submit: 'https://pay' })).toBeUndefined();
    expect(paymentErrorDetail({ error: { code: 0, description: '' }, submit: 'https://pay' })).toBeUndefined();
  });

  it('builds the full message', () => {
    expect(paymentErrorMessage({ error: { code: '0' } })).toBe(
      'Si è verificato un errore: Risposta del server incompleta. Verifica i dati inseriti e riprova.',
    );
    expect(paymentErrorMessage({ error: { code: '0' }, submit: 'https://pay' })).toBeUndefined();
  });
});

describe('payment outcome (spec §4)', () => {
  it('maps status and valid', () => {
    expect(paymentOutcome({ status: 'OK', valid: 1 })).toBe('confirmed');
    expect(paymentOutcome({ status: 'OK', valid: '1' })).toBe('confirmed');
    expect(paymentOutcome({ status: 'OK' })).toBe('pending_processing');
    expect(paymentOutcome({ status: 'OK', valid: 0 })).toBe('pending_processing');
    expect(paymentOutcome({ status: 'KO', valid: 1 })).toBe('refused');
    expect(paymentOutcome({})).toBe('pending_bank');
    expect(paymentOutcome({ status: '' })).toBe('pending_bank');
  });
});

describe('payment types', () => {
  it('knows the online ones and their providers', () => {
    for (const type of ['payOnline', 'gestpay', 'nexi', 'paypal']) expect(isOnlinePaymentType(type)).toBe(true);
    for (const type of ['payInShop', 'cashOnDelivery', null, undefined, '']) expect(isOnlinePaymentType(type)).toBe(false);
    expect(PAYMENT_PROVIDER_OF.payOnline).toBe('gestpay');
  });

  it('reads the methods map keyed by type', () => {
    const methods = { data: { nexi: { type: 'nexi', label: 'Nexi', description: 'Carta', shippingType: ['address', 'inShop'] } } };
    expect(PaymentMethodsResponseSchema.parse(methods)).toEqual(methods);
    expect(PaymentMethodsResponseSchema.safeParse({ data: { cash: methods.data.nexi } }).success).toBe(false);
  });
});

describe('settlement at the pharmacy and the payment methods it leaves (decision 0221)', () => {
  it('a prescription, or an available prescription-only line, settles the order at the pharmacy', () => {
    expect(requiresPharmacySettlement(0, [{ prescription_only: false }])).toBe(false);
    expect(requiresPharmacySettlement(1, [])).toBe(true);
    expect(requiresPharmacySettlement(0, [{ prescription_only: true }])).toBe(true);
    // The server's 0/1 columns: a prescription-only line marked unavailable is out of the order.
    expect(requiresPharmacySettlement(0, [{ prescription_only: 1, unavailable: 1 }])).toBe(false);
    expect(requiresPharmacySettlement(0, [{ prescription_only: 1, unavailable: 0 }])).toBe(true);
  });

  it('keeps the methods of the delivery type, and only offline ones when settled at the pharmacy', () => {
    const methods: PaymentMethods = {
      payInShop: { type: 'payInShop', label: 'In farmacia', description: '', shippingType: ['inShop'] },
      cashOnDelivery: { type: 'cashOnDelivery', label: 'Contrassegno', description: '', shippingType: ['address'] },
      nexi: { type: 'nexi', label: 'Nexi', description: '', shippingType: ['inShop', 'address'] },
    };
    expect(Object.keys(allowedPaymentMethods(methods, {}))).toEqual(['payInShop', 'cashOnDelivery', 'nexi']);
    expect(Object.keys(allowedPaymentMethods(methods, { deliveryType: 'address' }))).toEqual(['cashOnDelivery', 'nexi']);
    expect(Object.keys(allowedPaymentMethods(methods, { deliveryType: 'inShop', offlineOnly: true }))).toEqual(['payInShop']);
    expect(Object.keys(allowedPaymentMethods(methods, { deliveryType: 'vendingMachine' }))).toEqual([]);
  });
});
