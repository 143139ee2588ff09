import type { Db, Executor } from '../../db/database.js';
import type { NewVoucherRow, VoucherRow } from './vouchers.table.js';

export function listVouchers(db: Db, shopId: number, q?: string): Promise<VoucherRow[]> {
  let query = db.selectFrom('vouchers').selectAll().where('shop_id', '=', shopId);
  if (q) {
    const like = `%${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('code', 'like', like), eb(eb.fn('upper', ['name']), 'like', like)]));
  }
  return query.orderBy('id', 'desc').limit(500).execute();
}

export function findVoucher(db: Executor, shopId: number, id: number): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
}

export async function voucherExists(db: Db, shopId: number, id: number): Promise<boolean> {
  return (await findVoucher(db, shopId, id)) !== undefined;
}

export async function codeTaken(db: Executor, shopId: number, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('vouchers').select('id').where('shop_id', '=', shopId).where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertVoucher(db: Executor, row: NewVoucherRow): Promise<VoucherRow> {
  return db.insertInto('vouchers').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateVoucher(db: Executor, shopId: number, id: number, row: Partial<NewVoucherRow>): Promise<VoucherRow | undefined> {
  return db.updateTable('vouchers').set(row).where('shop_id', '=', shopId).where('id', '=', id).returningAll().executeTakeFirst();
}
