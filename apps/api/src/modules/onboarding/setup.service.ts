import { randomBytes } from 'node:crypto';
import {
  AdminShopBodySchema,
  fieldErrors,
  type AdminShopInput,
  type OptionValues,
  PAYMENT_TYPE_LABELS,
  SETUP_LINK_TTL_HOURS,
  SetupAdminSchema,
  SetupLegalDataSchema,
  shopDefaultMessages,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { issuePasswordToken } from '../auth/index.js';
import { setShopOption } from '../shops/index.js';
import { createAccount } from '../accounts/index.js';
import { setPasswordLink } from './set-password-link.js';

/**
 * `npm run setup` (issue 15, decision 0417): on an empty production database, the first shop with
 * its contacts, legal data and safe default options, and the first admin. Idempotent: once an
 * admin exists nothing is written and the answer says so; a second admin is never created.
 */

export interface SetupInput {
  admin: z.input<typeof SetupAdminSchema>;
  shop: AdminShopInput;
  legal: z.input<typeof SetupLegalDataSchema>;
}

export type SetupResult =
  | { status: 'already-set-up'; admins: string[]; shops: string[] }
  | { status: 'invalid'; errors: Record<string, string[]> }
  | {
      status: 'created';
      shop: { id: number; name: string; created: boolean };
      admin: { id: number; email: string };
      /** Only when no password was given: printed once, never stored in clear. */
      setPasswordLink?: { url: string; expiresAt: string };
    };

/**
 * What a new shop offers until an admin changes it in the back office: pickup and payment in the
 * pharmacy (legal for every product, no payment provider needed), no assistant, no galenica, and
 * the mandatory privacy consent.
 */
function defaultOptions(shopName: string): Partial<OptionValues> {
  const texts = shopDefaultMessages;
  const off = (label: string) => ({ enabled: false, label, methods: [] });
  return {
    shop_name: shopName,
    chatbot: '0',
    galenica: '0',
    order_shipping_configurations: {
      deliveryTypes: {
        inShop: { enabled: true, label: texts.delivery.inShop, methods: [{ type: 'inShop', label: texts.delivery.inShopMethod, price: 0, free_above: null }] },
        vendingMachine: off(texts.delivery.vendingMachine),
        pickupPoint: off(texts.delivery.pickupPoint),
        address: off(texts.delivery.address),
      },
      paymentTypes: {
        payInShop: { label: PAYMENT_TYPE_LABELS.payInShop, description: texts.payInShop, shippingTypes: ['inShop'] },
      },
    },
    privacycheck: [
      {
        key: 'privacy1',
        label: texts.privacyConsent,
        mandatory: true,
        link: '/app/privacy',
      },
    ],
  };
}

/** The contract's `{ field: [messages] }`, each field under its part of the answers (`admin.email`). */
const prefixed = (prefix: string, error: z.ZodError) =>
  Object.fromEntries(Object.entries(fieldErrors(error)).map(([field, list]) => [`${prefix}.${field}`, list]));

/** The installation is set up once an admin exists: then setup writes nothing. */
export async function alreadySetUp(db: Db): Promise<Extract<SetupResult, { status: 'already-set-up' }> | undefined> {
  const admins = await db.selectFrom('users').select('email').where('role', '=', 'admin').where('deleted_at', 'is', null).execute();
  if (admins.length === 0) return undefined;
  const shops = await db.selectFrom('shops').select('name').orderBy('id').execute();
  return { status: 'already-set-up', admins: admins.map((a) => a.email), shops: shops.map((s) => s.name) };
}

export async function runSetup(db: Db, publicUrl: string, input: SetupInput): Promise<SetupResult> {
  const done = await alreadySetUp(db);
  if (done) return done;
  const shops = await db.selectFrom('shops').select(['id', 'name']).orderBy('id').execute();

  const admin = SetupAdminSchema.safeParse(input.admin);
  const shop = AdminShopBodySchema.safeParse(input.shop);
  const legal = SetupLegalDataSchema.safeParse(input.legal);
  // Nothing is written until every answer is valid.
  if (!admin.success || !shop.success || !legal.success) {
    return {
      status: 'invalid',
      errors: {
        ...(admin.success ? {} : prefixed('admin', admin.error)),
        ...(shop.success ? {} : prefixed('shop', shop.error)),
        ...(legal.success ? {} : prefixed('legal', legal.error)),
      },
    };
  }

  // A run stopped between the shop and the admin left the shop: this run completes it.
  const existing = shops[0];
  const shopRow =
    existing ??
    (await db.transaction().execute(async (trx) => {
      const at = nowIso();
      const row = await trx
        .insertInto('shops')
        .values({ ...shop.data, ...legal.data, created_at: at, updated_at: at })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      for (const [key, value] of Object.entries(defaultOptions(row.name))) {
        await setShopOption(trx, row.id, key, typeof value === 'string' ? value : JSON.stringify(value), at);
      }
      return row;
    }));

  const user = await createAccount(
    db,
    {
      name: admin.data.name,
      email: admin.data.email,
      // Without a password nobody knows this one: the printed link sets the real one.
      password: admin.data.password ?? randomBytes(32).toString('base64url'),
      role: 'admin',
      shopId: shopRow.id,
      privacy: { privacy1: true, privacy2: false, privacy3: false },
    },
    { ip: null, userAgent: 'npm run setup' },
  );
  const result: SetupResult = {
    status: 'created',
    shop: { id: shopRow.id, name: shopRow.name, created: !existing },
    admin: { id: user.id, email: user.email },
  };
  if (admin.data.password === undefined) {
    const { token, expiresAt } = await issuePasswordToken(db, user.id, SETUP_LINK_TTL_HOURS * 3600_000);
    result.setPasswordLink = { url: setPasswordLink(publicUrl, token, user.email), expiresAt };
  }
  return result;
}
