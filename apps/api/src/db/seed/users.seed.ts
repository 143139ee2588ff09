import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../modules/accounts/index.js';

/** The demo password of every demo account (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Farmacia2026!';

const seedMeta = { ip: null, userAgent: 'demo seed' };

/**
 * Demo accounts: a customer linked to both shops (login by email or by phone), a customer who
 * must confirm updated privacy terms (the privacy gate), a pharmacist of the first shop, an admin.
 */
export async function seedDemoUsers(app: FastifyInstance, shops: Array<{ id: number }>): Promise<void> {
  const [first, second] = shops;
  if (!first) return;
  await createAccount(
    app.db,
    {
      name: 'Maria Rossi',
      email: 'cliente@farmacia.demo',
      password: DEMO_PASSWORD,
      shopId: first.id,
      linkedShopIds: second ? [second.id] : [],
      codiceFiscale: 'RSSMRA85T50H501S',
      phoneNumber: '3331234567',
      privacy: { privacy1: true, privacy2: true, privacy3: false },
    },
    seedMeta,
  );
  await createAccount(
    app.db,
    {
      name: 'Anna Ferrari',
      email: 'rinnovo@farmacia.demo',
      password: DEMO_PASSWORD,
      shopId: first.id,
      codiceFiscale: 'FRRNNA92E45F205N',
      phoneNumber: '3339876543',
      privacy: { privacy1: true, privacy2: false, privacy3: false },
      checkprivacy: true,
    },
    seedMeta,
  );
  // The staff differ only in who they are: both of the first shop, with the first privacy consent only.
  const staff = [
    ['Luca Bianchi', 'farmacista@farmacia.demo', 'pharmacist'],
    ['Giuseppe Verdi', 'admin@farmacia.demo', 'admin'],
  ] as const;
  for (const [name, email, role] of staff) {
    const privacy = { privacy1: true, privacy2: false, privacy3: false };
    await createAccount(app.db, { name, email, password: DEMO_PASSWORD, role, shopId: first.id, privacy }, seedMeta);
  }
}
