import type { Executor } from '../../db/database.js';

export { upsertMedia, upsertOption } from './shops.repository.js';

export function findOptionRows(db: Executor, shopId: number, keys: readonly string[]) {
  return db.selectFrom('options').select(['key', 'value']).where('shop_id', '=', shopId).where('key', 'in', keys).execute();
}

export async function deleteOption(db: Executor, shopId: number, key: string): Promise<void> {
  await db.deleteFrom('options').where('shop_id', '=', shopId).where('key', '=', key).execute();
}
