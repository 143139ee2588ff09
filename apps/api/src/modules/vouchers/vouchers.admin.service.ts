import {
  type AdminVoucher,
  type AdminVoucherBodySchema,
  centsToEuro,
  euroToCents,
  fillMessage,
  messages,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import { romeDay, romeDayBounds, romeInstant } from '../bookings/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { VoucherRow } from './vouchers.table.js';
import * as repo from './vouchers.admin.repository.js';
import type { ActorContext } from '../../context.js';

/**
 * The shop's discount codes in the back office (decision 0313) over the vouchers module's table
 * and rules (decision 0202): codes uppercase and unique per shop, percent 1–100, fixed amounts in
 * cents, the window as whole Rome days, and a total limit never below the uses already taken
 * (reserved in carts or redeemed). A voucher is deactivated, never deleted: orders refer to it.
 */

type Body = z.output<typeof AdminVoucherBodySchema>;
const m = messages.backofficeShop;

export function toAdminVoucher(row: VoucherRow): AdminVoucher {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    kind: row.kind as AdminVoucher['kind'],
    value: row.kind === 'fixed' ? centsToEuro(row.value) : row.value,
    valid_from: row.starts_at ? romeDay(new Date(row.starts_at)) : null,
    // ends_at is the exclusive instant: the last valid day is the one before it.
    valid_to: row.ends_at ? romeDay(new Date(Date.parse(row.ends_at) - 1)) : null,
    total_limit: row.total_limit,
    per_customer_limit: row.per_customer_limit,
    minimum_cart_total: centsToEuro(row.minimum_cart_total),
    include_promo_product: row.include_promo_product === 1,
    active: row.active === 1,
    uses: row.uses,
    updated_at: row.updated_at,
  };
}

function columns(body: Body) {
  return {
    code: body.code,
    name: body.name,
    description: body.description ?? null,
    kind: body.kind,
    value: body.kind === 'fixed' ? euroToCents(body.value) : body.kind === 'percent' ? body.value : 0,
    starts_at: body.valid_from ? new Date(romeInstant(body.valid_from, '00:00')).toISOString() : null,
    // The end of the last day, from its date: 9999-12-31 has no next day to name.
    ends_at: body.valid_to ? new Date(romeDayBounds(body.valid_to).endMs).toISOString() : null,
    total_limit: body.total_limit,
    per_customer_limit: body.per_customer_limit,
    minimum_cart_total: euroToCents(body.minimum_cart_total),
    include_promo_product: body.include_promo_product ? 1 : 0,
    active: body.active ? 1 : 0,
  };
}

const codeTaken = () => validationFailed({ code: [m.voucherCodeTaken] });

export async function listVouchers(ctx: ActorContext, shop?: number, q?: string): Promise<AdminVoucher[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.listVouchers(ctx.db, shopId, q)).map(toAdminVoucher);
}

export async function createVoucher(ctx: ActorContext, body: Body): Promise<AdminVoucher> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const at = nowIso();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (await repo.codeTaken(trx, shopId, body.code)) throw codeTaken();
      const row = await repo.insertVoucher(trx, { shop_id: shopId, ...columns(body), uses: 0, created_at: at, updated_at: at });
      const voucher = toAdminVoucher(row);
      await audit(trx, ctx, { action: 'create', entity: 'voucher', entityId: row.id, shopId, after: voucher });
      return voucher;
    });
  } catch (error) {
    // Two pharmacists creating the same code at once: the unique index decides.
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function updateVoucher(ctx: ActorContext, id: number, body: Body): Promise<AdminVoucher> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findVoucher(trx, shopId, id);
      if (!before) throw notFound(m.voucherNotFound);
      if (await repo.codeTaken(trx, shopId, body.code, id)) throw codeTaken();
      if (body.total_limit !== null && body.total_limit < before.uses) {
        throw validationFailed({ total_limit: [fillMessage(m.voucherLimitBelowUses, { uses: before.uses })] });
      }
      const row = await repo.updateVoucher(trx, shopId, id, { ...columns(body), updated_at: nowIso() });
      if (!row) throw notFound(m.voucherNotFound);
      const voucher = toAdminVoucher(row);
      await audit(trx, ctx, { action: 'update', entity: 'voucher', entityId: id, shopId, before: toAdminVoucher(before), after: voucher });
      return voucher;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    // The uses check constraint: a customer took a use between the check and the write.
    throw error;
  }
}

/** Stops a code from applying to new carts; carts that hold it see it as inactive on their next read. */
export async function deactivateVoucher(ctx: ActorContext, id: number, shop?: number): Promise<AdminVoucher> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findVoucher(trx, shopId, id);
    if (!before) throw notFound(m.voucherNotFound);
    const row = await repo.updateVoucher(trx, shopId, id, { active: 0, updated_at: nowIso() });
    if (!row) throw notFound(m.voucherNotFound);
    const voucher = toAdminVoucher(row);
    await audit(trx, ctx, { action: 'deactivate', entity: 'voucher', entityId: id, shopId, before: toAdminVoucher(before), after: voucher });
    return voucher;
  });
}
