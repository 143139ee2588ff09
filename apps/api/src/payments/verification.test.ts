import { describe, expect, it } from 'vitest';
import { GestpayProvider, gestpayOutcome } from './gestpay.js';
import type { HttpClient } from './http.js';
import { macEquals, nexiOutcome, nexiOutcomeMac, verifyNexiOutcome } from './nexi.js';
import { paypalReport } from './paypal.js';
import { NotificationRejected } from './provider.js';

/**
 * What a provider's statement is believed to say (issue 21): the signed Nexi outcome field by
 * field, Axerve's payment detail and PayPal's order, including the odd and hostile cases.
 */
describe('a Nexi outcome', () => {
  const config = { url: 'https://nexi', alias: 'ALIAS', macKey: 'k' };
  const fields = { codTrans: 'F7TABC', esito: 'OK', importo: '1990', divisa: 'EUR', data: '20260301', orario: '101500', codAut: 'A1' };
  const signed = (f: Record<string, string>): Record<string, string> => ({ ...f, mac: nexiOutcomeMac(f as typeof fields, config.macKey) });

  it('reads every field of a genuine outcome', () => {
    expect(verifyNexiOutcome({ ...signed(fields), alias: 'ALIAS', messaggio: 'Message OK' }, config)).toEqual({
      providerRef: 'F7TABC',
      outcome: 'approved',
      amountCents: 1990,
      currency: 'EUR',
      reference: 'F7TABC',
      authorizationCode: 'A1',
      detail: 'Message OK',
    });
  });

  it('keeps an empty authorisation code (a refusal) and an amount that is not whole cents as unknown', () => {
    const refused = verifyNexiOutcome(signed({ ...fields, esito: 'KO', codAut: '', importo: '19.90' }), config);
    expect(refused).toMatchObject({ outcome: 'refused', authorizationCode: null, amountCents: null, detail: null });
    expect(verifyNexiOutcome(signed({ ...fields, importo: '1234567890' }), config).amountCents).toBeNull();
    expect(verifyNexiOutcome(signed({ ...fields, importo: '123456789' }), config).amountCents).toBe(123456789);
    expect(verifyNexiOutcome(signed({ ...fields, importo: 'x1990' }), config).amountCents).toBeNull();
  });

  it("refuses another merchant's alias, a missing codAut and a field sent as something else than text", () => {
    expect(() => verifyNexiOutcome({ ...signed(fields), alias: 'OTHER' }, config)).toThrow(new NotificationRejected('alias diverso', 'F7TABC'));
    const { codAut: _, ...noCodAut } = signed(fields);
    expect(() => verifyNexiOutcome(noCodAut, config)).toThrow('campo mancante: codAut');
    expect(() => verifyNexiOutcome({ ...signed(fields), mac: undefined }, config)).toThrow('campo mancante: mac');
    expect(() => verifyNexiOutcome({ ...signed(fields), importo: 1990 }, config)).toThrow('campo mancante: importo');
  });

  it('names the payment it refuses, when it can', () => {
    const rejected = (f: Record<string, unknown>) => {
      try {
        verifyNexiOutcome(f, config);
      } catch (error) {
        return error as NotificationRejected;
      }
      throw new Error('accepted');
    };
    expect(rejected({ ...signed(fields), importo: '2000' })).toMatchObject({ message: 'MAC non valido', providerRef: 'F7TABC' });
    expect(rejected({ esito: 'OK' })).toMatchObject({ message: 'campo mancante: codTrans', providerRef: null });
  });

  it('compares MACs whatever their case, and never a prefix', () => {
    expect(macEquals('ABCDEF', 'abcdef')).toBe(true);
    expect(macEquals('abcdef', 'abcde')).toBe(false);
    expect(macEquals('abcdef', 'abcdeg')).toBe(false);
    expect(macEquals('', '')).toBe(true);
  });

  it('reads esito whatever its case', () => {
    expect(['ok', 'pen', 'annullo', 'ko'].map(nexiOutcome)).toEqual(['approved', 'pending', 'cancelled', 'refused']);
  });
});

describe("Axerve's payment detail", () => {
  const config = { apiUrl: 'https://axerve', shopLogin: 'SHOP', apiKey: 'k' };
  const detail = (payload: Record<string, unknown>): HttpClient => async () => ({
    status: 200,
    text: JSON.stringify({ error: { code: '0', description: 'ok' }, payload: { paymentID: 'P1', ...payload } }),
    headers: {},
  });
  const reconcile = (payload: Record<string, unknown>) =>
    new GestpayProvider(config, detail(payload)).reconcile({ providerRef: 'P1', reference: 'F7TABC', token: null });

  it('reads the outcome, the amount and the references', async () => {
    await expect(
      reconcile({
        transactionResult: 'ok',
        amount: '19.90',
        currency: 'EUR',
        shopTransactionID: 'F7TABC',
        authorizationCode: 'AUT9',
        transactionErrorDescription: 'Transazione correttamente effettuata',
      }),
    ).resolves.toEqual({
      providerRef: 'P1',
      outcome: 'approved',
      amountCents: 1990,
      currency: 'EUR',
      reference: 'F7TABC',
      authorizationCode: 'AUT9',
      detail: 'Transazione correttamente effettuata',
    });
    expect(['declined', 'pending', 'xx', 'ko'].map(gestpayOutcome)).toEqual(['refused', 'pending', 'pending', 'refused']);
  });

  it('takes the amount from the authorised or settled event when the detail has none', async () => {
    const events = (...list: unknown[]) => reconcile({ transactionResult: 'APPROVED', events: list });
    const authorised = { event: { eventtype: 'authorized', eventamount: '12.30' } };
    await expect(events({ event: { eventtype: 'CREATED', eventamount: '99.00' }}, authorised)).resolves.toMatchObject({ amountCents: 1230 });
    await expect(events({ event: { eventtype: 'MOV', eventamount: '5.00' } })).resolves.toMatchObject({ amountCents: 500 });
    await expect(events({ event: { eventtype: 'SETTLED', eventamount: '7.10' } })).resolves.toMatchObject({ amountCents: 710 });
    await expect(events(null, { event: { eventtype: 'AUTHORIZED', eventamount: 'n/d' } }, authorised)).resolves.toMatchObject({
      amountCents: 1230,
    });
    await expect(events({ event: { eventtype: 'AUTHORIZED' } })).resolves.toMatchObject({ amountCents: null, currency: null, reference: null });
    await expect(reconcile({ transactionResult: 'APPROVED', events: 'none' })).resolves.toMatchObject({ amountCents: null });
  });
});

describe("PayPal's order", () => {
  const order = (capture: Record<string, unknown>, unit: Record<string, unknown> = {}) => ({
    id: 'O1',
    status: 'COMPLETED',
    purchase_units: [{ payments: { captures: [capture] }, ...unit }],
  });

  it('reads a refused, failed or pending capture, with the reason', () => {
    expect(paypalReport(order({ status: 'DECLINED', status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' } }))).toMatchObject({
      outcome: 'refused',
      detail: 'DECLINED_BY_RISK_FRAUD_FILTERS',
    });
    expect(paypalReport(order({ status: 'FAILED' })).outcome).toBe('refused');
    expect(paypalReport(order({ status: 'PENDING' })).outcome).toBe('pending');
    expect(paypalReport({ id: 'O1', status: 'COMPLETED' }).outcome).toBe('open');
  });

  it("falls back to the purchase unit's amount and reference, and says nothing it was not told", () => {
    const unit = { custom_id: 'F7TABC', amount: { currency_code: 'EUR', value: '5.50' } };
    expect(paypalReport(order({ status: 'PENDING' }, unit))).toEqual({
      providerRef: 'O1',
      outcome: 'pending',
      amountCents: 550,
      currency: 'EUR',
      reference: 'F7TABC',
      authorizationCode: null,
      detail: null,
    });
    expect(paypalReport({})).toEqual({
      providerRef: '',
      outcome: 'open',
      amountCents: null,
      currency: null,
      reference: null,
      authorizationCode: null,
      detail: null,
    });
  });
});
