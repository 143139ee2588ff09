import type { Kysely } from 'kysely';
import { index } from '../column.js';

/**
 * The back office's answer to a shop-service info request (issue 8): who handled it and the reply
 * sent to the customer (encrypted like the customer's note: it may speak of their health).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_service_requests').addColumn('reply', 'text').execute();
  await db.schema.alterTable('shop_service_requests').addColumn('handled_by', 'integer').execute();
  await index(db, 'shop_service_requests_shop_created', 'shop_service_requests', ['shop_id', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('shop_service_requests_shop_created').execute();
  await db.schema.alterTable('shop_service_requests').dropColumn('handled_by').execute();
  await db.schema.alterTable('shop_service_requests').dropColumn('reply').execute();
}
