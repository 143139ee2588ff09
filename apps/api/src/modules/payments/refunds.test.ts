import { cardFormSchema, cardSubmitBody, OrderRefundsResponseSchema, type OrderRefunds } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControlHeaders, type TestApp } from '../../../test/build-test-app.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import * as pay from '../../../test/factories/payments.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { providerFor } from '../../payments/config.js';
import type { ProviderName } from '../../payments/provider.js';
import type { RefundableData } from '../../payments/sandbox/refunds.js';
import { reconcileRefunds, RECONCILE_AFTER_MS } from './refunds.service.js';

/**
 * Refunds through each provider's refund protocol, against the built-in sandbox (decision 0515):
 * a paid order cancelled by the pharmacist is refunded in full; partial refunds within what is
 * left; refused then retried; pending then settled; replays and a lost answer refund once.
 */

const METHOD: Record<ProviderName, string> = { nexi: 'nexi', gestpay: 'payOnline', paypal: 'paypal' };

describe.each(['nexi', 'gestpay', 'paypal'] as const)('refunds through %s', (provider) => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop(`Farmacia Rimborsi ${provider}`, 'Paola Neri'));
    pharmacist = await createPharmacist(t.app, shopId);
  });
  afterAll(() => t.close());

  /** An order of 25,00 € paid in the sandbox, through the provider's own pages. */
  async function paidOrder() {
    const order = await pay.finalizingOrder(t.app, { userId: customer.user.id, shopId }, METHOD[provider] as never);
    const { body } = await pay.createPaymentOver(t.app, customer.token, METHOD[provider], order.id);
    expect(body?.error.code).toBe('0');
    const payload = body?.payload as Record<string, string>;
    if (provider === 'nexi') {
      await pay.postForm(t.app, body?.submit as string, payload);
      await pay.postForm(t.app, '/sandbox/nexi/ecomm/ecomm/decision', { codTrans: payload.codTrans, decision: 'approve' });
    } else if (provider === 'gestpay') {
      const year = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
      const card = cardFormSchema().parse({ holder: 'Paola Neri', number: '4111111111111111', month: '7', year, cvv: '123' });
      const p = body?.payload as unknown as { paymentToken: string; shopLogin: string; buyer: { name: string; email: string } };
      await t.app.inject({
        method: 'POST',
        url: pay.pathOf(body?.submit as string),
        headers: { paymenttoken: p.paymentToken, 'content-type': 'application/json' },
        payload: cardSubmitBody(card, p.shopLogin, p.buyer),
      });
    } else {
      await pay.postForm(t.app, '/sandbox/paypal/checkoutnow', { token: payload.token, decision: 'approve' });
    }
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
    const [payment] = await pay.paymentsOf(t.app, order.id);
    return { order, payment: payment as NonNullable<typeof payment> };
  }

  /** The refunds the sandbox provider made for a payment. */
  async function sandboxRefunds(providerRef: string) {
    const row = await t.app.db
      .selectFrom('payment_sandbox')
      .select('data')
      .where('provider', '=', provider)
      .where('ref', '=', providerRef)
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.data) as RefundableData).refunds ?? [];
  }

  const refundsOver = async (orderId: number, token = pharmacist.token, path = `/api/admin/orders/${orderId}/refunds`) => {
    const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
    return { res, body: res.statusCode === 200 ? OrderRefundsResponseSchema.parse(res.json()).data : undefined };
  };
  const refund = (orderId: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refunds`, headers: bearer(pharmacist.token), payload: body });
  const nextRefund = (ref: string, outcome: 'refused' | 'pending') =>
    t.app.inject({ method: 'POST', url: '/sandbox/control/next-refund', headers: sandboxControlHeaders, payload: { provider, ref, outcome } });
  const dataOf = (res: { json(): unknown }): OrderRefunds => OrderRefundsResponseSchema.parse(res.json()).data;

  it('a paid order cancelled by the pharmacist is refunded in full; the customer sees it and is told', async () => {
    const { order, payment } = await paidOrder();
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, headers: bearer(pharmacist.token), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    const mine = await refundsOver(order.id, customer.token, `/api/order/${order.id}/refunds`);
    expect(mine.body).toMatchObject({ paid: 25, refunded: 25, refundable: 0, state: 'refunded' });
    expect(mine.body?.refunds).toEqual([expect.objectContaining({ amount: 25, status: 'approved', reason: 'Ordine annullato', attempts: 1, can_retry: false })]);
    expect(await sandboxRefunds(payment.provider_ref as string)).toEqual([expect.objectContaining({ amount_cents: 2500, state: 'approved' })]);
    const mails = await t.app.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', customer.user.email).execute();
    expect(mails.find((m) => m.subject === `Rimborso ordine n. ${order.id}`)?.body_text).toContain('Abbiamo rimborsato 25,00\u00a0€');
    // Replayed: the reconciler and a second cancel change nothing, the provider refunded once.
    await reconcileRefunds(t.app, new Date(Date.now() + RECONCILE_AFTER_MS * 2));
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, headers: bearer(pharmacist.token), payload: {} });
    expect(again.statusCode).toBe(409);
    expect(await sandboxRefunds(payment.provider_ref as string)).toHaveLength(1);
    expect((await refundsOver(order.id)).body?.refunds).toHaveLength(1);
  });

  it('partial refunds stay within what is left (422 on the amount), need a reason, and are the shop\'s own', async () => {
    const { order } = await paidOrder();
    const first = await refund(order.id, { amount: 10, reason: 'Prodotto non disponibile' });
    expect(first.statusCode).toBe(200);
    expect(dataOf(first)).toMatchObject({ refunded: 10, refundable: 15, state: 'partial' });
    const over = await refund(order.id, { amount: 15.01, reason: 'Troppo' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['Puoi rimborsare al massimo 15,00\u00a0€.']);
    const noReason = await refund(order.id, { amount: 1, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    const zero = await refund(order.id, { amount: 0, reason: 'Nulla' });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toBeDefined();
    // Another shop's pharmacist: not found; the customer: not allowed.
    const otherShop = await createShop(t.app, `Altra farmacia ${provider}`);
    const stranger = await createPharmacist(t.app, otherShop);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refunds`, headers: bearer(stranger.token), payload: { amount: 1, reason: 'x' } });
    expect(foreign.statusCode).toBe(404);
    expect((await refundsOver(order.id, stranger.token)).res.statusCode).toBe(404);
    const byCustomer = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refunds`, headers: bearer(customer.token), payload: { amount: 1, reason: 'x' } });
    expect(byCustomer.statusCode).toBe(403);
    const otherCustomer = await createUser(t.app, { shopId });
    expect((await refundsOver(order.id, otherCustomer.token, `/api/order/${order.id}/refunds`)).res.statusCode).toBe(404);
    // The rest, then nothing left.
    const rest = await refund(order.id, { amount: 15, reason: 'Saldo' });
    expect(dataOf(rest)).toMatchObject({ refunded: 25, refundable: 0, state: 'refunded' });
    expect((await refund(order.id, { amount: 0.01, reason: 'Ancora' })).statusCode).toBe(422);
  });

  it('a refused refund is shown with the provider\'s words and, retried, goes through', async () => {
    const { order, payment } = await paidOrder();
    expect((await nextRefund(payment.provider_ref as string, 'refused')).statusCode).toBe(200);
    const refused = dataOf(await refund(order.id, { amount: 5, reason: 'Confezione danneggiata' }));
    expect(refused).toMatchObject({ refunded: 0, refundable: 25, state: 'refused' });
    const [row] = refused.refunds;
    expect(row).toMatchObject({ status: 'refused', can_retry: true, attempts: 1 });
    expect(row?.error).toBeTruthy();
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refunds/${row?.id}/retry`, headers: bearer(pharmacist.token) });
    expect(retried.statusCode).toBe(200);
    expect(dataOf(retried)).toMatchObject({ refunded: 5, refundable: 20, state: 'partial' });
    expect(dataOf(retried).refunds).toEqual([expect.objectContaining({ id: row?.id, status: 'approved', attempts: 2, error: null, can_retry: false })]);
    // An approved refund cannot be retried.
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refunds/${row?.id}/retry`, headers: bearer(pharmacist.token) });
    expect(twice.statusCode).toBe(409);
    expect((await sandboxRefunds(payment.provider_ref as string)).map((r) => r.state)).toEqual(['refused', 'approved']);
  });

  it('a pending refund blocks another until the provider settles it, then the reconciler records it', async () => {
    const { order, payment } = await paidOrder();
    await nextRefund(payment.provider_ref as string, 'pending');
    const pending = dataOf(await refund(order.id, { amount: 7.5, reason: 'Reso' }));
    expect(pending).toMatchObject({ refunded: 0, refundable: 17.5, state: 'inProgress' });
    expect(pending.refunds[0]?.status).toBe('pending');
    const another = await refund(order.id, { amount: 1, reason: 'Altro' });
    expect(another.statusCode).toBe(409);
    expect(another.json().code).toBe('REFUND_IN_PROGRESS');
    // Not settled yet: asking changes nothing.
    await reconcileRefunds(t.app);
    expect((await refundsOver(order.id)).body?.refunds[0]?.status).toBe('pending');
    const [made] = await sandboxRefunds(payment.provider_ref as string);
    const settle = await t.app.inject({ method: 'POST', url: '/sandbox/control/settle-refund', headers: sandboxControlHeaders, payload: { provider, refund: made?.id, outcome: 'approved' } });
    expect(settle.statusCode).toBe(200);
    expect(await reconcileRefunds(t.app)).toBe(1);
    expect((await refundsOver(order.id)).body).toMatchObject({ refunded: 7.5, state: 'partial' });
  });

  it('the same submission twice is one refund', async () => {
    const { order, payment } = await paidOrder();
    const body = { amount: 3, reason: 'Doppio clic', request_id: '1b4e28ba-2ca1-4a1b-9c3e-7f0c2a9d1e55' };
    const [a, b] = [await refund(order.id, body), await refund(order.id, body)];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(dataOf(b)).toMatchObject({ refunded: 3, refundable: 22 });
    expect(dataOf(b).refunds).toHaveLength(1);
    expect(await sandboxRefunds(payment.provider_ref as string)).toHaveLength(1);
  });

  it('the provider refunded but the answer was lost (crash): the reconciler records it without refunding twice', async () => {
    const { order, payment } = await paidOrder();
    // The intent as the request wrote it, then the provider asked — and nothing recorded after.
    const at = new Date(Date.now() - RECONCILE_AFTER_MS * 2).toISOString();
    const row = await t.app.db
      .insertInto('refunds')
      .values({
        order_id: order.id,
        shop_id: shopId,
        payment_id: payment.id,
        provider,
        amount_cents: 400,
        currency: 'EUR',
        reason: 'Interrotto',
        status: 'requested',
        idempotency_key: `CRASH${order.id}${provider}`,
        request_id: null,
        provider_ref: null,
        attempts: 1,
        error: null,
        actor_user_id: pharmacist.user.id,
        actor_role: 'pharmacist',
        created_at: at,
        updated_at: at,
        settled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const adapter = await providerFor(t.app, shopId, provider);
    const asked = await adapter?.refund({
      payment: {
        providerRef: payment.provider_ref as string,
        reference: payment.reference,
        token: payment.token,
        amountCents: payment.amount_cents,
        currency: 'EUR',
        authorizationCode: payment.authorization_code,
      },
      amountCents: 400,
      currency: 'EUR',
      key: row.idempotency_key,
      reason: row.reason,
      providerRef: null,
      otherRefundedCents: 0,
    });
    expect(asked?.outcome).toBe('approved');
    expect(await sandboxRefunds(payment.provider_ref as string)).toHaveLength(1);
    expect(await reconcileRefunds(t.app)).toBe(1);
    expect((await refundsOver(order.id)).body).toMatchObject({ refunded: 4, refundable: 21, state: 'partial' });
    expect(await sandboxRefunds(payment.provider_ref as string)).toHaveLength(1);
  });
});
