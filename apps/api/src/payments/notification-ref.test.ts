import { describe, expect, it } from 'vitest';
import { claimedProviderRef } from './notification-ref.js';
import type { InboundNotification } from './provider.js';

const inbound = (over: Partial<InboundNotification>): InboundNotification => ({ query: {}, body: null, rawBody: null, headers: {}, ...over });

/** Which payment a provider's message names, before any check (it only picks the shop's secret). */
describe('the payment a notification claims', () => {
  it('Nexi: codTrans of the posted form, else of the query, else nothing', () => {
    expect(claimedProviderRef('nexi', inbound({ body: { codTrans: 'F7TABC' }, query: { codTrans: 'OTHER' } }))).toBe('F7TABC');
    expect(claimedProviderRef('nexi', inbound({ body: { codTrans: 7 }, query: { codTrans: 'Q1' } }))).toBe('Q1');
    expect(claimedProviderRef('nexi', inbound({ body: 'codTrans=F7', query: { codTrans: 'Q2' } }))).toBe('Q2');
    expect(claimedProviderRef('nexi', inbound({}))).toBe('');
  });

  it("Axerve: the 'b' parameter, else paymentID, else nothing", () => {
    expect(claimedProviderRef('gestpay', inbound({ query: { a: 'SHOP', b: 'P1', paymentID: 'P2' } }))).toBe('P1');
    expect(claimedProviderRef('gestpay', inbound({ query: { paymentID: 'P2' } }))).toBe('P2');
    expect(claimedProviderRef('gestpay', inbound({}))).toBe('');
  });

  it("PayPal: the order itself, or the order a capture belongs to", () => {
    const order = { resource_type: 'checkout-order', resource: { id: 'ORDER-1', supplementary_data: { related_ids: { order_id: 'X' } } } };
    expect(claimedProviderRef('paypal', inbound({ body: order }))).toBe('ORDER-1');
    const capture = { resource_type: 'capture', resource: { id: 'CAPTURE-9', supplementary_data: { related_ids: { order_id: 'ORDER-2' } } } };
    expect(claimedProviderRef('paypal', inbound({ body: capture }))).toBe('ORDER-2');
    expect(claimedProviderRef('paypal', inbound({ body: { resource_type: 'capture', resource: { id: 'CAPTURE-9' } } }))).toBe('CAPTURE-9');
    expect(claimedProviderRef('paypal', inbound({ body: null }))).toBe('');
  });
});
