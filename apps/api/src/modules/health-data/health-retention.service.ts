import {
  HEALTH_RETENTION_DEFAULT_MONTHS,
  type HealthRetention,
  healthRetentionCutoff,
  healthRetentionMonths,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import { deleteFiles } from '../files/index.js';
import { setShopOption } from '../shops/index.js';
import * as repo from './health-retention.repository.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * How long a shop keeps health data after an order closes, and the daily job that erases it
 * afterwards (GDPR art. 5(1)(e), decision 0411): the prescription files and request attachments
 * of closed orders leave the blob store; the rows keep their order, type and dates but lose the
 * NRE, the fiscal code, the notes and the file; the order keeps its totals but loses its notes.
 */

/** The private option that holds a shop's months (absent: the default). */
export const HEALTH_RETENTION_OPTION = 'health_retention_months';

async function monthsOf(ctx: ServiceContext, shopId: number): Promise<number> {
  return healthRetentionMonths(await repo.retentionOption(ctx.db, shopId, HEALTH_RETENTION_OPTION));
}

export async function getHealthRetention(ctx: ActorContext, shopId?: number): Promise<HealthRetention> {
  const scope = await shopScope(ctx.db, ctx.actor, shopId);
  return { shop_id: scope, months: await monthsOf(ctx, scope), default_months: HEALTH_RETENTION_DEFAULT_MONTHS };
}

export async function setHealthRetention(
  ctx: ActorContext,
  body: { months: number; shop_id?: number | undefined },
): Promise<HealthRetention> {
  const scope = await shopScope(ctx.db, ctx.actor, body.shop_id);
  await ctx.db.transaction().execute(async (trx) => {
    const before = healthRetentionMonths(await repo.retentionOption(trx, scope, HEALTH_RETENTION_OPTION));
    await setShopOption(trx, scope, HEALTH_RETENTION_OPTION, String(body.months), nowIso());
    await audit(trx, ctx, {
      action: 'update',
      entity: 'health_retention',
      entityId: scope,
      shopId: scope,
      before: { months: before },
      after: { months: body.months },
    });
  });
  return getHealthRetention(ctx, scope);
}

export interface RetentionRun {
  prescriptions: number;
  productRequests: number;
  files: number;
}

/**
 * The shops grouped by the months they keep: one group for each months value some shops chose, and
 * every other shop at the default. One statement whatever the number of shops — the job ran three a
 * shop, ~3,000 at a thousand shops at every instance's start, each planned anew (issue 18).
 */
async function retentionGroups(ctx: ServiceContext): Promise<Array<{ months: number; shops: repo.ShopSet }>> {
  const chosen = new Map<number, number[]>();
  for (const { shop_id, value } of await repo.optionValues(ctx.db, HEALTH_RETENTION_OPTION)) {
    const months = healthRetentionMonths(value);
    if (months === HEALTH_RETENTION_DEFAULT_MONTHS) continue;
    const shops = chosen.get(months);
    if (shops) shops.push(shop_id);
    else chosen.set(months, [shop_id]);
  }
  const groups = [...chosen].map(([months, shops]) => ({ months, shops: { in: shops } }));
  return [...groups, { months: HEALTH_RETENTION_DEFAULT_MONTHS, shops: { allBut: groups.flatMap((g) => g.shops.in) } }];
}

/**
 * Erases what expired by `now` in every shop. Idempotent and safe on several instances at once:
 * each row is claimed by an update that only matches it while it is not erased yet, and only the
 * instance whose update took it deletes its file.
 */
export async function eraseExpiredHealthData(ctx: ServiceContext, now: Date): Promise<RetentionRun> {
  const run: RetentionRun = { prescriptions: 0, productRequests: 0, files: 0 };
  const at = now.toISOString();
  for (const { months, shops } of await retentionGroups(ctx)) {
    const cutoff = healthRetentionCutoff(now, months).toISOString();
    for (const table of ['prescriptions', 'product_requests'] as const) {
      const expired = await repo.expiredRows(ctx.db, table, shops, cutoff);
      const fileIds: number[] = [];
      const orderIds = new Set<number>();
      for (const row of expired) {
        if (!(await repo.claimAndAnonymise(ctx.db, table, row.id, at))) continue;
        if (table === 'prescriptions') run.prescriptions++;
        else run.productRequests++;
        if (row.file_id !== null) fileIds.push(row.file_id);
        orderIds.add(row.order_id);
      }
      await repo.dropOrderNotes(ctx.db, [...orderIds]);
      await deleteFiles(ctx, fileIds);
      run.files += fileIds.length;
    }
  }
  return run;
}
