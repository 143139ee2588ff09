import type { Kysely } from 'kysely';

/**
 * The back office's answer to a shop-service info request (issue 8): who handled it and the reply
 * sent to the customer (encrypted like the customer's note: it may speak of their health).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_service_requests').addColumn('reply', 'text').execute();
  await db.schema.alterTable('shop_service_requests').addColumn('handled_by', 'integer').execute();
  await db.schema
    .createIndex('shop_service_requests_shop_created')
    .on('shop_service_requests')
    .columns(['shop_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('shop_service_requests_shop_created').execute();
  await db.schema.alterTable('shop_service_requests').dropColumn('handled_by').execute();
  await db.schema.alterTable('shop_service_requests').dropColumn('reply').execute();
}
