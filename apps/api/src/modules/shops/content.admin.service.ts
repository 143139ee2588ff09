import { type AdminContentEntry, type AdminContentBodySchema, CONTENT_KEYS, type ContentKey, messages } from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { notFound } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import { bumpShopDataRevision, forgetShopDataRevision } from './shop-data-revision.js';
import { audit } from '../audit/index.js';
import { findContent, upsertContent } from './shops.repository.js';
import { sanitizeContent } from './shops.service.js';
import type { ActorContext } from '../../context.js';

/**
 * FAQ, privacy, terms and notes (spec §3 Content keys) as the back office writes them (decision
 * 0312). HTML is sanitized on the way in with the same allow-list the public call applies on the
 * way out (decision 0128), so what is stored, previewed and shown is the same harmless HTML.
 */

const KEYS: ReadonlySet<string> = new Set(CONTENT_KEYS);

export function contentKey(key: string): ContentKey {
  if (!KEYS.has(key)) throw notFound(messages.backofficeShop.contentNotFound);
  return key as ContentKey;
}

/** `GET /admin/content`: every key of spec §3, written or not. */
export async function listContent(ctx: ActorContext, shop?: number): Promise<AdminContentEntry[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const rows = await ctx.db.selectFrom('contents').select(['key', 'value', 'updated_at']).where('shop_id', '=', shopId).execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return CONTENT_KEYS.map((key) => {
    const row = byKey.get(key);
    return { key, html: row ? sanitizeContent(row.value) : null, updated_at: row?.updated_at ?? null };
  });
}

/** `PUT /admin/content/:key`: stores the sanitized HTML; open apps refetch it on their next poll. */
export async function saveContent(
  ctx: ActorContext,
  key: ContentKey,
  body: z.output<typeof AdminContentBodySchema>,
): Promise<AdminContentEntry> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const html = sanitizeContent(body.html);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findContent(trx, shopId, key);
    await upsertContent(trx, shopId, key, html, at);
    await bumpShopDataRevision(trx);
    await audit(trx, ctx, { action: 'update', entity: 'content', entityId: key, shopId, before: before ? { html: before.value } : null, after: { html } });
  });
  forgetShopDataRevision();
  return { key, html, updated_at: at };
}

/** `POST /admin/content/preview`: the HTML as the app will show it, without saving. */
export function previewContent(html: string): string {
  return sanitizeContent(html);
}
