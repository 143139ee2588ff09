import { describe, expect, it } from 'vitest';
import { GestpayProvider, gestpayOutcome } from './gestpay.js';
import type { HttpClient, HttpRequest } from './http.js';
import { nexiOutcome, nexiOutcomeMac, nexiRequestMac, verifyNexiOutcome } from './nexi.js';
import { PaypalProvider, paypalReport } from './paypal.js';
import { centsToDecimal, decimalToCents, NotificationRejected, ProviderError } from './provider.js';

const input = {
  order: { orderId: 7, amountCents: 1990, currency: 'EUR' as const, buyer: { name: 'Ada', email: 'ada@example.it' }, description: 'Ordine n. 7' },
  reference: 'F7TABC',
  urls: { buyerOk: 'https://x/ok', buyerKo: 'https://x/ko', browserReturn: 'https://x/r', browserBack: 'https://x/b', notification: 'https://x/n' },
};

/** A fake provider answering one canned response, recording the requests. */
function fake(status: number, body: unknown): { http: HttpClient; seen: HttpRequest[] } {
  const seen: HttpRequest[] = [];
  return {
    seen,
    http: async (request) => {
      seen.push(request);
      return { status, text: typeof body === 'string' ? body : JSON.stringify(body), headers: {} };
    },
  };
}

describe('Nexi MAC (SHA-1 of the ordered fields plus the key)', () => {
  it('matches known vectors', () => {
    expect(nexiRequestMac({ codTrans: 'TESTPS_20240101', divisa: 'EUR', importo: '5000' }, 'esempiodicalcolomac')).toBe(
      'd8855239d49b5bac78becbb8d52341bda6af3aee',
    );
    const outcome = { codTrans: 'TESTPS_20240101', esito: 'OK', importo: '5000', divisa: 'EUR', data: '20240101', orario: '101500', codAut: 'ABC123' };
    expect(nexiOutcomeMac(outcome, 'esempiodicalcolomac')).toBe('d2193c331f8d922f596aad91a080a4d18316a3e1');
    const config = { url: 'https://nexi', alias: 'ALIAS', macKey: 'esempiodicalcolomac' };
    expect(verifyNexiOutcome({ ...outcome, mac: 'D2193C331F8D922F596AAD91A080A4D18316A3E1' }, config)).toMatchObject({
      outcome: 'approved',
      amountCents: 5000,
      authorizationCode: 'ABC123',
    });
    expect(() => verifyNexiOutcome({ ...outcome, esito: 'KO', mac: 'd2193c331f8d922f596aad91a080a4d18316a3e1' }, config)).toThrow(NotificationRejected);
    expect(() => verifyNexiOutcome({ codTrans: 'X' }, config)).toThrow('campo mancante: esito');
  });

  it('maps esito', () => {
    expect(['OK', 'KO', 'ANNULLO', 'ERRORE', 'PEN'].map(nexiOutcome)).toEqual(['approved', 'refused', 'cancelled', 'refused', 'pending']);
  });
});

describe('Axerve adapter', () => {
  const config = { apiUrl: 'https://sandbox.gestpay.net/api/v1', shopLogin: 'GESPAY12345', apiKey: 'k3y' };

  it('creates with the API key and the amount as a decimal; answers token, id and the submit URL', async () => {
    const { http, seen } = fake(200, { error: { code: '0', description: 'ok' }, payload: { paymentToken: 'tok', paymentID: '123' } });
    const created = await new GestpayProvider(config, http).create(input);
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://sandbox.gestpay.net/api/v1/payment/create/', headers: { authorization: 'apikey k3y' } });
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ shopLogin: 'GESPAY12345', amount: '19.90', currency: 'EUR', shopTransactionID: 'F7TABC' });
    expect(created).toMatchObject({ providerRef: '123', token: 'tok', submit: 'https://sandbox.gestpay.net/api/v1/payment/submit' });
  });

  it('turns an Axerve error into a ProviderError with its code and description', async () => {
    const { http } = fake(403, { error: { code: '1166', description: 'Invalid ApiKey' }, payload: {} });
    await expect(new GestpayProvider(config, http).create(input)).rejects.toEqual(new ProviderError('1166', 'Invalid ApiKey'));
    const garbage = fake(502, '<html>Bad gateway</html>');
    await expect(new GestpayProvider(config, garbage.http).create(input)).rejects.toBeInstanceOf(ProviderError);
  });

  it('maps transactionResult', () => {
    expect(['APPROVED', 'OK', 'DECLINED', 'KO', 'PENDING', 'XX', 'WAITING', 'UNSUBMITTED'].map(gestpayOutcome)).toEqual([
      'approved',
      'approved',
      'refused',
      'refused',
      'pending',
      'pending',
      'open',
      'open',
    ]);
  });
});

describe('PayPal adapter', () => {
  const config = { apiUrl: 'https://api-m.sandbox.paypal.com', clientId: 'cid', clientSecret: 'sec', webhookId: 'WH' };

  it('reports refused OAuth credentials as a ProviderError', async () => {
    const { http } = fake(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    await expect(new PaypalProvider({ ...config, clientId: 'other' }, http).create(input)).rejects.toMatchObject({
      code: 'invalid_client',
      description: 'Client Authentication failed',
    });
  });

  it('reads the capture of an order', () => {
    const report = paypalReport({
      id: 'O1',
      status: 'COMPLETED',
      purchase_units: [{ custom_id: 'F7TABC', amount: { currency_code: 'EUR', value: '19.90' }, payments: { captures: [{ id: 'C1', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '19.90' }, custom_id: 'F7TABC' }] } }],
    });
    expect(report).toMatchObject({ providerRef: 'O1', outcome: 'approved', amountCents: 1990, currency: 'EUR', reference: 'F7TABC', authorizationCode: 'C1' });
    expect(paypalReport({ id: 'O2', status: 'APPROVED', purchase_units: [] }).outcome).toBe('open');
    expect(paypalReport({ id: 'O3', status: 'VOIDED' }).outcome).toBe('cancelled');
  });
});

describe('amounts', () => {
  it('converts cents and decimals exactly', () => {
    expect([0, 5, 99, 100, 1990, 123456].map(centsToDecimal)).toEqual(['0.00', '0.05', '0.99', '1.00', '19.90', '1234.56']);
    expect(['19.90', '19.9', '19', '0.05', 12.5].map(decimalToCents)).toEqual([1990, 1990, 1900, 5, 1250]);
    expect(['-1', '1,50', '1.234', 'abc', ''].map(decimalToCents)).toEqual([null, null, null, null, null]);
  });
});
