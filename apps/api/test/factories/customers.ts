import { randomInt } from 'node:crypto';
import { fiscalCodeControlChar } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../src/context.js';
import { nowIso } from '../../src/db/column.js';
import { giveHealthConsent } from '../../src/modules/health-data/health-consent.service.js';
import { createAccount } from '../../src/modules/accounts/users.service.js';

/**
 * Customers for the account, notification, loyalty, assistant and GDPR suites: the account is
 * created through the users service (signup over HTTP is rate limited per IP) and the token is
 * obtained by a real login.
 */

export const CUSTOMER_PASSWORD = 'Password123!';

export interface TestCustomer {
  id: number;
  email: string;
  phone: string;
  token: string;
  shopId: number;
  referralCode: string;
  auth: { authorization: string };
}

/** A valid fiscal code (check character computed) that varies with `n`. */
export function fiscalCode(n = randomInt(100)): string {
  const first15 = `RSSMRA${String(80 + (n % 20)).padStart(2, '0')}A01H501`;
  return first15 + fiscalCodeControlChar(first15);
}

export async function ensureShop(app: Pick<ServiceContext, 'db'>, name = 'Farmacia Test'): Promise<number> {
  const existing = await app.db.selectFrom('shops').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const row = await app.db.insertInto('shops').values({ name, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function createCustomer(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; phone?: string | null; shopId?: number; referredByUserId?: number } = {},
): Promise<TestCustomer> {
  const shopId = overrides.shopId ?? (await ensureShop(app));
  const email = overrides.email ?? `cliente-${randomInt(1e9)}@example.it`;
  const phone = overrides.phone === null ? undefined : (overrides.phone ?? `3${String(randomInt(1e9)).padStart(9, '0')}`);
  const user = await createAccount(
    app.db,
    {
      name: overrides.name ?? 'Mario Rossi',
      email,
      password: CUSTOMER_PASSWORD,
      shopId,
      codiceFiscale: fiscalCode(),
      ...(phone ? { phoneNumber: phone } : {}),
      privacy: { privacy1: true, privacy2: false, privacy3: false },
      referredByUserId: overrides.referredByUserId ?? null,
    },
    { ip: '127.0.0.1', userAgent: 'vitest' },
  );
  // Customers may send prescriptions and requests (decision 0410); the consent's own suite starts without it.
  await giveHealthConsent(app, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: CUSTOMER_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const token = (login.json() as { token: string }).token;
  return {
    id: user.id,
    email,
    phone: phone ?? '',
    token,
    shopId,
    referralCode: user.referral_code,
    auth: { authorization: `Bearer ${token}` },
  };
}
