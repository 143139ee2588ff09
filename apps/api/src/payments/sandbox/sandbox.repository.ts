import { nowIso } from '../../db/column.js';
import type { Executor } from '../../db/database.js';
import type { PaymentSandboxRow } from './sandbox.table.js';

export interface SandboxPayment<D> extends Omit<PaymentSandboxRow, 'data'> {
  data: D;
}

function decode<D>(row: PaymentSandboxRow): SandboxPayment<D> {
  return { ...row, data: JSON.parse(row.data) as D };
}

export async function insertSandboxPayment<D>(
  db: Executor,
  row: { provider: string; ref: string; merchant: string; token: string | null; state: string; amount_cents: number; currency: string; data: D },
): Promise<SandboxPayment<D>> {
  const at = nowIso();
  const inserted = await db
    .insertInto('payment_sandbox')
    .values({ ...row, data: JSON.stringify(row.data), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decode<D>(inserted);
}

async function findSandboxPaymentBy<D>(db: Executor, provider: string, column: 'ref' | 'token', value: string): Promise<SandboxPayment<D> | undefined> {
  const row = await db
    .selectFrom('payment_sandbox')
    .selectAll()
    .where('provider', '=', provider)
    .where(column, '=', value)
    .executeTakeFirst();
  return row ? decode<D>(row) : undefined;
}

export function findSandboxPayment<D>(db: Executor, provider: string, ref: string): Promise<SandboxPayment<D> | undefined> {
  return findSandboxPaymentBy<D>(db, provider, 'ref', ref);
}

export function findSandboxPaymentByToken<D>(db: Executor, provider: string, token: string): Promise<SandboxPayment<D> | undefined> {
  return findSandboxPaymentBy<D>(db, provider, 'token', token);
}

/** Appends an entry to one of a payment's logs (the notifications or webhooks it sent), on the row as it is now. */
export async function appendToSandboxLog<D, K extends keyof D>(
  db: Executor,
  provider: string,
  ref: string,
  log: K,
  entry: D[K] extends Array<infer E> ? E : never,
): Promise<void> {
  const fresh = await findSandboxPayment<D>(db, provider, ref);
  if (fresh) await saveSandboxData(db, fresh.id, { ...fresh.data, [log]: [...(fresh.data[log] as unknown[]), entry] });
}

/**
 * Moves a payment to a new state only from the state it was read in, so a double click or two
 * racing requests decide once. Returns the row as updated, or undefined when someone was first.
 */
export async function updateSandboxPayment<D>(
  db: Executor,
  id: number,
  fromState: string,
  changes: { state: string; data: D },
): Promise<SandboxPayment<D> | undefined> {
  const row = await db
    .updateTable('payment_sandbox')
    .set({ state: changes.state, data: JSON.stringify(changes.data), updated_at: nowIso() })
    .where('id', '=', id)
    .where('state', '=', fromState)
    .returningAll()
    .executeTakeFirst();
  return row ? decode<D>(row) : undefined;
}

/** Updates the data only (e.g. the log of notifications sent). */
export async function saveSandboxData<D>(db: Executor, id: number, data: D): Promise<void> {
  await db.updateTable('payment_sandbox').set({ data: JSON.stringify(data), updated_at: nowIso() }).where('id', '=', id).execute();
}
