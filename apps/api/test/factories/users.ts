import { randomInt } from 'node:crypto';
import { fiscalCodeControlChar, type Role } from '@farmacia/contract';
import { nowIso } from '../../src/db/column.js';
import { openSession } from '../../src/modules/auth/auth.service.js';
import { giveHealthConsent } from '../../src/modules/health-data/health-consent.service.js';
import { createAccount } from '../../src/modules/accounts/users.service.js';
import type { UserRow } from '../../src/modules/accounts/users.table.js';
import type { ServiceContext } from '../../src/context.js';

/** Factories for tests: shops and users with a ready bearer token, created through the services. */

export const TEST_PASSWORD = 'Password-di-prova-1';

let sequence = 0;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MONTHS = 'ABCDEHLMPRST';
const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** A random, valid fiscal code (right pattern and control character). */
export function randomFiscalCode(): string {
  const day = String(1 + randomInt(28)).padStart(2, '0');
  const first15 = `${Array.from({ length: 6 }, () => pick(LETTERS)).join('')}${digits(2)}${pick(MONTHS)}${day}${pick(LETTERS)}${digits(3)}`;
  return first15 + fiscalCodeControlChar(first15);
}

/** A random Italian mobile number, national digits (10, starting with 3). */
export const randomPhone = () => `3${digits(9)}`;

/** A unique email for this test run. */
export const uniqueEmail = (prefix = 'utente') => `${prefix}.${Date.now().toString(36)}${++sequence}${digits(3)}@test.farmacia.demo`;

/** The id of a shop: the first one, created when the database has none. */
export async function ensureShop(app: ServiceContext): Promise<number> {
  const shop = await app.db.selectFrom('shops').select('id').orderBy('id').limit(1).executeTakeFirst();
  return shop ? shop.id : createShop(app, 'Farmacia di Prova');
}

export async function createShop(app: ServiceContext, name: string): Promise<number> {
  const row = await app.db.insertInto('shops').values({ name, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
  shopId?: number;
  linkedShopIds?: number[];
  /** National digits; `null` for none. */
  phoneNumber?: string | null;
  /** `null` for none. */
  codiceFiscale?: string | null;
  checkprivacy?: boolean;
  privacy?: { privacy1: boolean; privacy2: boolean; privacy3: boolean };
  /** The consent to process health data (decision 0410), given unless `false`. */
  healthConsent?: boolean;
}

export interface CreatedUser {
  user: UserRow;
  /** A bearer token of a fresh session. */
  token: string;
  password: string;
}

/** Creates an account (customer unless `role` says otherwise) and opens a session for it. */
export async function createUser(app: ServiceContext, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const password = overrides.password ?? TEST_PASSWORD;
  const shopId = overrides.shopId ?? (await ensureShop(app));
  const role = overrides.role ?? 'customer';
  const user = await createAccount(
    app.db,
    {
      name: overrides.name ?? 'Giulia Esposito',
      email: overrides.email ?? uniqueEmail(role),
      password,
      role,
      shopId,
      linkedShopIds: overrides.linkedShopIds ?? [],
      codiceFiscale: overrides.codiceFiscale === null ? undefined : (overrides.codiceFiscale ?? randomFiscalCode()),
      phoneNumber: overrides.phoneNumber === null ? undefined : (overrides.phoneNumber ?? randomPhone()),
      privacy: overrides.privacy ?? { privacy1: true, privacy2: false, privacy3: false },
      checkprivacy: overrides.checkprivacy ?? false,
    },
    { ip: '127.0.0.1', userAgent: 'test factory' },
  );
  if (overrides.healthConsent !== false) await giveHealthConsent(app, user.id, { ip: '127.0.0.1', userAgent: 'test factory' });
  const { token } = await openSession(app, user, { ip: '127.0.0.1', userAgent: 'test factory' });
  return { user, token, password };
}

/** A pharmacist of `shopId` (default: the first shop). */
export async function createPharmacist(app: ServiceContext, shopId?: number): Promise<CreatedUser> {
  return createUser(app, {
    role: 'pharmacist',
    name: 'Dott.ssa Chiara Romano',
    codiceFiscale: null,
    phoneNumber: null,
    ...(shopId === undefined ? {} : { shopId }),
  });
}

export async function createAdmin(app: ServiceContext): Promise<CreatedUser> {
  return createUser(app, { role: 'admin', name: 'Amministratore', codiceFiscale: null, phoneNumber: null });
}

/** `{ authorization: 'Bearer …' }` for `app.inject`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The people a back-office suite calls with (issue 8): two shops, a customer of the first, a
 * pharmacist of each (the other shop's proves that a row of another shop is a 404) and an admin.
 */
export interface BackOfficeCast {
  shopId: number;
  otherShopId: number;
  customer: CreatedUser;
  pharmacist: CreatedUser;
  otherPharmacist: CreatedUser;
  admin: CreatedUser;
}

export async function createBackOfficeCast(app: ServiceContext, customer: UserOverrides = {}): Promise<BackOfficeCast> {
  const shopId = await createShop(app, 'Farmacia Centrale');
  const otherShopId = await createShop(app, 'Farmacia Concorrente');
  return {
    shopId,
    otherShopId,
    customer: await createUser(app, { shopId, ...customer }),
    pharmacist: await createPharmacist(app, shopId),
    otherPharmacist: await createPharmacist(app, otherShopId),
    admin: await createAdmin(app),
  };
}
