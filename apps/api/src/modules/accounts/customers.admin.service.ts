import { type AdminCustomer, centsToEuro, type CustomerHistory, messages } from '@farmacia/contract';
import { notFound } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import * as repo from './customers.admin.repository.js';
import type { ActorContext, } from '../../context.js';

/**
 * Customer look-up of the back office (issue 8, decision 0297): the shop's customers by name,
 * email, phone or fiscal code; their orders and bookings only with a reason, recorded in the
 * audit log in the same transaction that reads them. No password, hash or consent leaves here.
 */

const M = messages.backofficeCustomers;
const SEARCH_LIMIT = 50;

type CustomerRow = NonNullable<Awaited<ReturnType<typeof repo.findShopCustomer>>>;

function customerOf(row: CustomerRow, codes: Map<number, string[]>): AdminCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    codici_fiscali: codes.get(row.id) ?? [],
    created_at: row.created_at,
  };
}

export async function searchCustomers(ctx: ActorContext, q: string, shopId?: number): Promise<AdminCustomer[]> {
  const shop = await shopScope(ctx.db, ctx.actor, shopId);
  const rows = await repo.searchShopCustomers(ctx.db, shop, q, SEARCH_LIMIT);
  const codes = await repo.fiscalCodesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => customerOf(r, codes));
}

/** `POST /admin/customers/{id}/history`: orders and bookings, the reason recorded first. */
export async function openHistory(ctx: ActorContext, id: number, reason: string, shopId?: number): Promise<CustomerHistory> {
  const shop = await shopScope(ctx.db, ctx.actor, shopId);
  return ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findShopCustomer(tx, shop, id);
    if (!row) throw notFound(M.customerNotFound);
    await audit(tx, ctx, { action: 'open-history', entity: 'customer', entityId: id, reason, shopId: shop });
    const [codes, orders, reservations] = [
      await repo.fiscalCodesOf(tx, [id]),
      await repo.customerOrders(tx, shop, id),
      await repo.customerReservations(tx, shop, id),
    ];
    return {
      customer: customerOf(row, codes),
      orders: orders.map((o) => ({
        id: o.id,
        status: o.status,
        created_at: o.created_at,
        total: centsToEuro(o.total_cents),
        totalQuantity: o.total_quantity,
        prescriptions: Number(o.prescriptions ?? 0),
      })),
      reservations: reservations.map((r) => ({
        id: r.id,
        day: r.day,
        start_appointment: r.start_appointment,
        service: r.service,
        status: r.status,
      })),
    };
  });
}
