import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminOptionsResponse,
  type AdminOptionsUpdateSchema,
  fillMessage,
  JSON_OPTION_KEYS,
  type LoyaltySettings,
  type MaskedPaymentProviders,
  MAX_UPLOAD_BYTES,
  messages,
  OPTION_KEYS,
  type OptionKey,
  PublicOptionSchemas,
  type ShopUploadBodySchema,
  splitDataUrl,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { validationFailed } from '../../errors.js';
import { PAYMENT_PROVIDERS_OPTION, type PaymentProvidersOption, PaymentProvidersOptionSchema } from '../../payments/config.js';
import { shopScope } from '../staff/index.js';
import { bumpShopDataRevision, forgetShopDataRevision } from './shop-data-revision.js';
import { audit } from '../audit/index.js';
import { dangerousContent } from '../files/index.js';
import { MIME_BY_FILE_TYPE, type SniffedFileType, sniffFileType } from '../files/index.js';
import { fileTooLarge } from '../files/index.js';
import { LOYALTY_SETTINGS } from '../loyalty/index.js';
import type { Executor } from '../../db/database.js';
import * as repo from './options.admin.repository.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The shop's settings as the back office edits them (issue 8, decision 0310): every public option
 * of spec §3, the payment providers' credentials (a private option; secrets go in, never come out)
 * and the loyalty rates. Each save is one transaction with its audit entry and the raise of the
 * shop data revision, so open apps refetch options within one version poll.
 */

const JSON_KEYS: ReadonlySet<string> = new Set(JSON_OPTION_KEYS);
const PRIVATE_KEYS = [PAYMENT_PROVIDERS_OPTION, LOYALTY_SETTINGS.pointsPerEuro, LOYALTY_SETTINGS.referralRewardPoints];

/** The credentials with the secrets replaced by whether they are set. */
export function maskProviders(option: PaymentProvidersOption): MaskedPaymentProviders {
  return {
    nexi: option.nexi ? { alias: option.nexi.alias, url: option.nexi.url ?? null, macKey_set: option.nexi.macKey.length > 0 } : null,
    gestpay: option.gestpay
      ? { shopLogin: option.gestpay.shopLogin, apiUrl: option.gestpay.apiUrl ?? null, apiKey_set: option.gestpay.apiKey.length > 0 }
      : null,
    paypal: option.paypal
      ? {
          clientId: option.paypal.clientId,
          webhookId: option.paypal.webhookId,
          apiUrl: option.paypal.apiUrl ?? null,
          clientSecret_set: option.paypal.clientSecret.length > 0,
        }
      : null,
  };
}

function parseProviders(value: string | undefined): PaymentProvidersOption {
  if (value === undefined) return {};
  try {
    const parsed = PaymentProvidersOptionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const number = (value: string | undefined, fallback: number) => {
  const n = Number((value ?? '').replace(',', '.'));
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : fallback;
};

function loyaltyOf(rows: ReadonlyMap<string, string>): LoyaltySettings {
  return {
    points_per_euro: number(rows.get(LOYALTY_SETTINGS.pointsPerEuro), 1),
    referral_reward_points: Math.floor(number(rows.get(LOYALTY_SETTINGS.referralRewardPoints), 0)),
  };
}

/** A stored option as its value; one stored wrong reads as unset (and is logged), like the public calls. */
function decode(ctx: ServiceContext, key: OptionKey, value: string | undefined): unknown {
  if (value === undefined) return null;
  let parsed: unknown = value;
  if (JSON_KEYS.has(key)) {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  const checked = PublicOptionSchemas[key].safeParse(parsed);
  if (!checked.success) ctx.log.error({ option: key }, 'option does not match its schema');
  return checked.success ? checked.data : null;
}

async function readState(ctx: ServiceContext, db: Executor, shopId: number) {
  const rows = new Map((await repo.findOptionRows(db, shopId, [...OPTION_KEYS, ...PRIVATE_KEYS])).map((r) => [r.key, r.value]));
  const options = {} as Record<OptionKey, unknown>;
  for (const key of OPTION_KEYS) options[key] = decode(ctx, key, rows.get(key));
  return {
    options: options as AdminOptionsResponse['data']['options'],
    providers: parseProviders(rows.get(PAYMENT_PROVIDERS_OPTION)),
    loyalty: loyaltyOf(rows),
  };
}

/** `GET /admin/options`. */
export async function getAdminOptions(ctx: ActorContext, shop?: number): Promise<AdminOptionsResponse['data']> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const state = await readState(ctx, ctx.db, shopId);
  return { shop_id: shopId, options: state.options, payment_providers: maskProviders(state.providers), loyalty: state.loyalty };
}

type ProvidersUpdate = NonNullable<z.output<typeof AdminOptionsUpdateSchema>['payment_providers']>;

/**
 * The credentials after an update: a provider sent as null is removed; an empty secret keeps the
 * stored one (the form never sees it), and a provider without any secret is refused.
 */
export function mergeProviders(current: PaymentProvidersOption, update: ProvidersUpdate): PaymentProvidersOption {
  const next: PaymentProvidersOption = { ...current };
  const errors: Record<string, string[]> = {};
  const url = (v: string | null | undefined) => (v ? { v } : undefined)?.v;
  const secret = (given: string, stored: string | undefined, field: string) => {
    const value = given || stored || '';
    if (!value) errors[`payment_providers.${field}`] = [messages.backofficeShop.secretRequired];
    return value;
  };
  if (update.nexi === null) delete next.nexi;
  else if (update.nexi) {
    const u = update.nexi;
    const endpoint = url(u.url);
    next.nexi = { alias: u.alias, macKey: secret(u.macKey, current.nexi?.macKey, 'nexi.macKey'), ...(endpoint ? { url: endpoint } : {}) };
  }
  if (update.gestpay === null) delete next.gestpay;
  else if (update.gestpay) {
    const u = update.gestpay;
    const endpoint = url(u.apiUrl);
    next.gestpay = {
      shopLogin: u.shopLogin,
      apiKey: secret(u.apiKey, current.gestpay?.apiKey, 'gestpay.apiKey'),
      ...(endpoint ? { apiUrl: endpoint } : {}),
    };
  }
  if (update.paypal === null) delete next.paypal;
  else if (update.paypal) {
    const u = update.paypal;
    const endpoint = url(u.apiUrl);
    next.paypal = {
      clientId: u.clientId,
      clientSecret: secret(u.clientSecret, current.paypal?.clientSecret, 'paypal.clientSecret'),
      webhookId: u.webhookId,
      ...(endpoint ? { apiUrl: endpoint } : {}),
    };
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return next;
}

/** `PUT /admin/options`: only what is sent changes. */
export async function updateAdminOptions(
  ctx: ActorContext,
  body: z.output<typeof AdminOptionsUpdateSchema>,
): Promise<AdminOptionsResponse['data']> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await readState(ctx, trx, shopId);
    const at = nowIso();
    const changedKeys: OptionKey[] = [];
    for (const [key, value] of Object.entries(body.options ?? {}) as Array<[OptionKey, unknown]>) {
      if (value === undefined) continue;
      changedKeys.push(key);
      if (value === null) await repo.deleteOption(trx, shopId, key);
      else await repo.upsertOption(trx, shopId, key, JSON_KEYS.has(key) ? JSON.stringify(value) : String(value), at);
    }
    let providers = before.providers;
    if (body.payment_providers) {
      providers = mergeProviders(before.providers, body.payment_providers);
      await repo.upsertOption(trx, shopId, PAYMENT_PROVIDERS_OPTION, JSON.stringify(providers), at);
    }
    const loyalty = { ...before.loyalty, ...body.loyalty };
    if (body.loyalty?.points_per_euro !== undefined)
      await repo.upsertOption(trx, shopId, LOYALTY_SETTINGS.pointsPerEuro, String(loyalty.points_per_euro), at);
    if (body.loyalty?.referral_reward_points !== undefined)
      await repo.upsertOption(trx, shopId, LOYALTY_SETTINGS.referralRewardPoints, String(loyalty.referral_reward_points), at);
    const pick = (options: Record<string, unknown>) => Object.fromEntries(changedKeys.map((k) => [k, options[k] ?? null]));
    // The trail gets the credentials masked to "set" flags: no secret, not even in part.
    await audit(trx, ctx, {
      action: 'update',
      entity: 'options',
      entityId: shopId,
      shopId,
      before: {
        options: pick(before.options),
        ...(body.payment_providers ? { payment_providers: maskProviders(before.providers) } : {}),
        ...(body.loyalty ? { loyalty: before.loyalty } : {}),
      },
      after: {
        options: pick((body.options ?? {}) as Record<string, unknown>),
        ...(body.payment_providers ? { payment_providers: maskProviders(providers) } : {}),
        ...(body.loyalty ? { loyalty } : {}),
      },
    });
    if (changedKeys.length > 0) await bumpShopDataRevision(trx);
  });
  forgetShopDataRevision();
  return getAdminOptions(ctx, shopId);
}

const UPLOAD_KINDS = {
  slide: { types: ['jpeg', 'png', 'gif'] as SniffedFileType[], label: 'JPEG, PNG o GIF' },
  turni: { types: ['pdf'] as SniffedFileType[], label: 'PDF' },
  volantino: { types: ['pdf'] as SniffedFileType[], label: 'PDF' },
} as const;
const EXTENSION: Partial<Record<SniffedFileType, string>> = { jpeg: 'jpg', png: 'png', gif: 'gif', pdf: 'pdf' };

/**
 * `POST /admin/options/media`: a carousel picture or the shifts / flyer PDF, checked by its bytes
 * with the upload safety code (format by magic numbers, no scripts in PDFs, no pixel bombs —
 * decision 0300), stored in shop media and served publicly. A PDF also points its option at
 * itself; a picture is added to the slides by the editor's next save.
 */
export async function uploadShopFile(
  ctx: ActorContext,
  body: z.output<typeof ShopUploadBodySchema>,
): Promise<{ url: string; content_type: string; size: number }> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const bytes = Buffer.from(splitDataUrl(body.file.base64).data, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw fileTooLarge(body.file.name);
  const kind = UPLOAD_KINDS[body.target];
  const type = sniffFileType(bytes);
  if (!type || !kind.types.includes(type)) {
    throw validationFailed({ file: [fillMessage(messages.backofficeShop.uploadKind, { kinds: kind.label })] });
  }
  if (await dangerousContent(type, bytes)) {
    ctx.log.warn({ shopId, type }, 'shop upload refused: active or oversized content');
    throw validationFailed({ file: [fillMessage(messages.file.invalidFormat, { name: body.file.name })] });
  }
  const name = body.target === 'slide' ? `slide-${randomBytes(6).toString('hex')}.${EXTENSION[type]}` : `${body.target}.pdf`;
  const url = body.target === 'slide' ? `/api/media/${shopId}/${name}` : `/api/media/${body.target}.pdf?shop_id=${shopId}`;
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertMedia(trx, {
      shop_id: shopId,
      name,
      content_type: MIME_BY_FILE_TYPE[type],
      data_base64: bytes.toString('base64'),
      etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
      updated_at: at,
    });
    if (body.target !== 'slide') {
      await repo.upsertOption(trx, shopId, body.target, url, at);
      await bumpShopDataRevision(trx);
    }
    await audit(trx, ctx, {
      action: 'upload',
      entity: 'shop_media',
      entityId: name,
      shopId,
      after: { name, content_type: MIME_BY_FILE_TYPE[type], size: bytes.length, url, file_name: body.file.name },
    });
  });
  forgetShopDataRevision();
  return { url, content_type: MIME_BY_FILE_TYPE[type], size: bytes.length };
}
