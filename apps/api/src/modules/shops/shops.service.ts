import { createHash } from 'node:crypto';
import {
  type ContentKey,
  JSON_OPTION_KEYS,
  messages,
  OPTION_KEYS,
  type OptionKey,
  type OptionsClean,
  PublicOptionSchemas,
  type ShopsResponse,
} from '@farmacia/contract';
import sanitizeHtml from 'sanitize-html';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import type { AuthContext } from '../auth/index.js';
import { isUserLinkedToShop, moveUserToShop, shopsLinkedTo } from '../accounts/index.js';
import { renderLogoPng } from './png.js';
import * as repo from './shops.repository.js';
import type { ServiceContext } from '../../context.js';

const JSON_KEYS: ReadonlySet<string> = new Set(JSON_OPTION_KEYS);
const OPTION_KEY_SET: ReadonlySet<string> = new Set(OPTION_KEYS);
const isOptionKey = (key: string): key is OptionKey => OPTION_KEY_SET.has(key);

/**
 * The shop a public call reads: the `shop_id` asked for (it must exist), else the logged-in
 * user's associated shop, else the default (first) shop.
 */
export async function resolveShopId(ctx: ServiceContext, user: AuthContext | null, shopId?: number): Promise<number> {
  if (shopId !== undefined) {
    const shop = await repo.findShop(ctx.db, shopId);
    if (!shop) throw notFound(messages.shop.notFound);
    return shop.id;
  }
  if (user) return user.shopId;
  const shop = await repo.findDefaultShop(ctx.db);
  if (!shop) throw notFound(messages.shop.notFound);
  return shop.id;
}

/**
 * The stored text as the option's value: parsed JSON for the JSON keys, checked against the
 * contract's schema. A value the shop stored wrong is logged and answered as unset, so one bad
 * option never breaks the whole ctx.
 */
function decodeOption(ctx: ServiceContext, key: OptionKey, value: string): unknown {
  let parsed: unknown = value;
  if (JSON_KEYS.has(key)) {
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.log.error({ option: key }, 'option holds invalid JSON');
      return null;
    }
  }
  const checked = PublicOptionSchemas[key].safeParse(parsed);
  if (!checked.success) {
    ctx.log.error({ option: key }, 'option does not match its schema');
    return null;
  }
  return checked.data;
}

/** One public option, parsed; null when the shop has not set it. Unknown or private keys are 404. */
export async function getOption(ctx: ServiceContext, shopId: number, key: string): Promise<unknown> {
  if (!isOptionKey(key)) throw notFound();
  const row = await repo.findOption(ctx.db, shopId, key);
  return row ? decodeOption(ctx, key, row.value) : null;
}

/** A public option's stored text (null or undefined: unset) as {@link getOption} answers it, for a module that read it with its own rows. */
export function storedOptionValue(ctx: ServiceContext, key: OptionKey, value: string | null | undefined): unknown {
  return value === null || value === undefined ? null : decodeOption(ctx, key, value);
}

/** Every public option the shop has set (never the private ones: payment credentials and the like). */
export async function getPublicOptions(ctx: ServiceContext, shopId: number): Promise<OptionsClean> {
  const rows = await repo.findOptions(ctx.db, shopId, OPTION_KEYS);
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    if (!isOptionKey(row.key)) continue;
    const value = decodeOption(ctx, row.key, row.value);
    if (value !== null) out[row.key] = value;
  }
  return out as OptionsClean;
}

/**
 * What shop HTML may contain: text formatting, lists, headings, links, images, tables. Scripts,
 * styles, event handlers, iframes and javascript: URLs are removed (decision 0128).
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'details', 'summary'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['id'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Sanitized HTML by (shop, key, version): shop content changes rarely and is read on every page view. */
const sanitized = new Map<string, string>();
const SANITIZED_MAX = 500;

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** A content page (spec §3 Content keys), sanitized; null when the shop has not written it. */
export async function getContent(ctx: ServiceContext, shopId: number, key: ContentKey): Promise<string | null> {
  const row = await repo.findContent(ctx.db, shopId, key);
  if (!row) return null;
  const cacheKey = `${shopId}\u0000${key}\u0000${row.updated_at}\u0000${row.value.length}`;
  let html = sanitized.get(cacheKey);
  if (html === undefined) {
    html = sanitizeContent(row.value);
    if (sanitized.size >= SANITIZED_MAX) sanitized.delete(sanitized.keys().next().value as string);
    sanitized.set(cacheKey, html);
  }
  return html;
}

/** `GET /shops`: the shops a user is linked to and the associated one; anonymous: every shop. */
export async function listShops(ctx: ServiceContext, user: AuthContext | null): Promise<ShopsResponse> {
  if (!user) return { data: await repo.allShops(ctx.db), userShop: null };
  const linked = await shopsLinkedTo(ctx.db, user.id);
  const own = await repo.findShop(ctx.db, user.shopId);
  const data = own && !linked.some((s) => s.id === own.id) ? [...linked, own].sort((a, b) => a.id - b.id) : linked;
  return { data, userShop: own ?? null };
}

/** `PUT /shops`: associates the user with one of their linked shops. */
export async function setUserShop(ctx: ServiceContext, user: AuthContext, shopId: number): Promise<ShopsResponse> {
  const shop = await repo.findShop(ctx.db, shopId);
  if (!shop) throw notFound(messages.shop.notFound);
  if (shop.id !== user.shopId && !(await isUserLinkedToShop(ctx.db, user.id, shop.id))) {
    throw validationFailed({ shop_id: [messages.shop.notLinked] });
  }
  await moveUserToShop(ctx.db, user.id, shop.id, nowIso());
  return listShops(ctx, { ...user, shopId: shop.id });
}

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
  etag: string;
}

const SHOP_COLORS = ['#0a7d4f', '#0f6e8c', '#7a3e9d', '#b4541a', '#1d4ed8'];
/** The colour of a shop's generated logo. */
export const shopColor = (shopId: number) => SHOP_COLORS[(shopId - 1) % SHOP_COLORS.length] as string;

export function mediaFile(contentType: string, bytes: Buffer): MediaFile {
  return { contentType, bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

const renderedLogos = new Map<number, MediaFile>();

/** The shop's logo: the stored one, or a generated one for a shop that has none. */
export async function getLogo(ctx: ServiceContext, shopId: number): Promise<MediaFile> {
  const stored = await repo.findMedia(ctx.db, shopId, 'logo.png');
  if (stored) return { contentType: stored.content_type, bytes: Buffer.from(stored.data_base64, 'base64'), etag: stored.etag };
  let logo = renderedLogos.get(shopId);
  if (!logo) {
    logo = mediaFile('image/png', renderLogoPng(shopColor(shopId)));
    renderedLogos.set(shopId, logo);
  }
  return logo;
}

export async function getMedia(ctx: ServiceContext, shopId: number, name: string): Promise<MediaFile> {
  const stored = await repo.findMedia(ctx.db, shopId, name);
  if (!stored) throw notFound();
  return { contentType: stored.content_type, bytes: Buffer.from(stored.data_base64, 'base64'), etag: stored.etag };
}
