import { chatbotMessages, type OpeningHours, type Promotion } from '@farmacia/contract';
import type { Db } from '../../db/database.js';
import { perDatabase } from '../../db/per-database.js';
import { listCategories, categoryServices } from '../services/index.js';
import { getContent, getOption } from '../shops/index.js';
import { type FaqEntry, htmlToText, parseFaq } from './faq.js';
import { contentTokens } from './text.js';
import type { ServiceContext } from '../../context.js';

/**
 * What the assistant knows about a shop, read from the shop's own data (options, content pages,
 * services) and kept for a minute: a chat asks several questions in a row.
 */

export interface BookableService {
  id: number;
  name: string;
  price: number;
  duration: number;
  showPrice: boolean;
  tokens: string[];
}

export interface OnRequestService {
  id: number;
  categoryId: number | null;
  name: string;
  price: number | null;
  tokens: string[];
}

export interface ShopFacts {
  shopId: number;
  enabled: boolean;
  name: string;
  phone: string | null;
  whatsapp: string | null;
  whatsappText: string | null;
  hours: OpeningHours | null;
  address: string | null;
  faq: FaqEntry[];
  /** Inverse document frequency of each stem over the FAQ questions (rare words weigh more). */
  faqIdf: Map<string, number>;
  services: BookableService[];
  shopServices: OnRequestService[];
  promotions: Promotion[];
}

const TTL_MS = 60_000;
const cacheOf = perDatabase(() => new Map<number, { facts: ShopFacts; until: number }>());

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The street address from the shop's legal block: the last line with a number that is not a tax id. */
export function addressFromLegal(html: string | null): string | null {
  if (!html) return null;
  const lines = htmlToText(html).split('\n');
  const candidates = lines.filter((l) => /\d/.test(l) && !/^(p\.?\s?iva|c\.?\s?f\.?|codice fiscale|rea|cap\.? soc)/i.test(l));
  return candidates.at(-1) ?? null;
}

function idfOf(entries: FaqEntry[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const e of entries) for (const t of new Set(e.questionTokens)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, entries.length);
  return new Map([...df].map(([t, d]) => [t, Math.log(1 + n / d)]));
}

async function load(ctx: ServiceContext, shopId: number): Promise<ShopFacts> {
  const [chatbot, name, phone, whatsapp, whatsappText, hours, promotions, faqHtml, legal] = await Promise.all([
    getOption(ctx, shopId, 'chatbot'),
    getOption(ctx, shopId, 'shop_name'),
    getOption(ctx, shopId, 'call_number'),
    getOption(ctx, shopId, 'whatsapp_number'),
    getOption(ctx, shopId, 'whatsapp_text'),
    getOption(ctx, shopId, 'open_on'),
    getOption(ctx, shopId, 'promotions'),
    getContent(ctx, shopId, 'faq'),
    getContent(ctx, shopId, 'shop_legal'),
  ]);
  const shop = await ctx.db.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst();
  const services: BookableService[] = [];
  const shopServices: OnRequestService[] = [];
  for (const category of await listCategories(ctx.db, shopId)) {
    const { data } = await categoryServices(ctx.db, category.id);
    for (const s of data.services) {
      services.push({ id: s.id, name: s.name, price: s.price, duration: s.duration, showPrice: s.show_price, tokens: contentTokens(s.name) });
    }
    const onRequest = [...data.shop_service, ...data.service_groups.flatMap((g) => g.shopService)];
    for (const s of onRequest) {
      shopServices.push({ id: s.id, categoryId: s.category_id, name: s.name, price: s.price, tokens: contentTokens(s.name) });
    }
  }
  const faq = faqHtml ? parseFaq(faqHtml) : [];
  return {
    shopId,
    enabled: chatbot === '1',
    name: str(name) ?? shop?.name ?? chatbotMessages.shopFallbackName,
    phone: str(phone),
    whatsapp: str(whatsapp),
    whatsappText: str(whatsappText),
    hours: (hours as OpeningHours | null) ?? null,
    address: addressFromLegal(legal),
    faq,
    faqIdf: idfOf(faq),
    services,
    shopServices,
    promotions: (promotions as Promotion[] | null) ?? [],
  };
}

export async function shopFacts(ctx: ServiceContext, shopId: number): Promise<ShopFacts> {
  const cache = cacheOf(ctx.db);
  const hit = cache.get(shopId);
  if (hit && hit.until > Date.now()) return hit.facts;
  const facts = await load(ctx, shopId);
  if (cache.size > 100) cache.clear();
  cache.set(shopId, { facts, until: Date.now() + TTL_MS });
  return facts;
}

/** Forget a shop's facts (tests that change a shop's data between questions). */
export function forgetShopFacts(db: Db, shopId?: number): void {
  const cache = cacheOf(db);
  if (shopId === undefined) cache.clear();
  else cache.delete(shopId);
}
