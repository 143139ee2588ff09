import { ACCOUNT_EXPORT_FORMAT, type AccountExport, fillMessage, messages } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { forbidden, notFound, validationFailed } from '../../errors.js';
import { enqueueEmail } from '../../notify/outbox.js';
import type { LimitRule } from '../../plugins/rate-limit.js';
import { hashPassword, verifyPassword } from '../auth/index.js';
import { deleteFiles, fileUrl } from '../files/index.js';
import { getProfile } from './profile.service.js';
import { decryptNote } from '../bookings/index.js';
import { shortItalianDay } from '../media/index.js';
import { romeDay } from '../bookings/index.js';
import { newReferralCode } from './users.service.js';
import { releaseUserReservations } from '../vouchers/index.js';
import * as repo from './gdpr.repository.js';
import type { ServiceContext } from '../../context.js';

/**
 * GDPR rights from the profile (ARCHITECTURE §7 health data): export everything (art. 15/20) and
 * erase the account (art. 17). Erasure deletes every row that belongs to the user — found by
 * introspection, so a table added later is erased by default — except what the law makes the
 * pharmacy keep: orders (tax records, 10 years) stay, stripped of notes and addresses, tied to
 * an anonymous tombstone of the account (decision 0247).
 */

/** Tables the erasure keeps (see above), or handles on its own (files: blobs too; users: tombstone). */
const RETAINED = new Set(['orders', 'voucher_customer_uses', 'privacy_consents', 'health_consents', 'file_access_log', 'files', 'users']);

/** Columns encrypted at rest that the export shows in clear (the owner is reading their own data). */
const ENCRYPTED: Readonly<Record<string, readonly string[]>> = {
  reservations: ['note'],
  shop_service_requests: ['note'],
};

/** Wrong passwords when deleting: a stolen session cannot be used to guess the password. */
export const DELETE_PASSWORD_LIMIT: LimitRule = { bucket: 'account-delete', max: 5, windowMs: 15 * 60_000 };
/** Exports read every table: a few per hour are plenty for a person. */
export const EXPORT_LIMIT: LimitRule = { bucket: 'account-export', max: 10, windowMs: 60 * 60_000 };

type Row = Record<string, unknown>;

function clean(ctx: ServiceContext, table: string, row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (repo.SECRET_COLUMNS.has(column)) continue;
    if (ENCRYPTED[table]?.includes(column) && typeof value === 'string') {
      out[column] = decryptNote(ctx.config.fileEncryptionKey, value);
      continue;
    }
    out[column] = value;
  }
  return out;
}

/** Everything the pharmacy holds about the user, as one JSON document. */
export async function exportAccount(ctx: ServiceContext, userId: number): Promise<AccountExport> {
  await ctx.rateLimiter.consume(EXPORT_LIMIT, [String(userId)]);
  const profile = await getProfile(ctx, userId);
  const shapes = await repo.userTables(ctx.db);
  const tables: Record<string, Row[]> = {};
  const add = (table: string, rows: Row[]) => {
    if (rows.length > 0) tables[table] = [...(tables[table] ?? []), ...rows.map((r) => clean(ctx, table, r))];
  };
  add('users', await repo.rowsWhere(ctx.db, 'users', 'id', [userId]));
  for (const shape of shapes) {
    if (shape.name === 'users') continue;
    for (const column of repo.OWNER_COLUMNS) {
      if (shape.columns.includes(column)) add(shape.name, await repo.rowsWhere(ctx.db, shape.name, column, [userId]));
    }
  }
  const known = new Set(shapes.map((s) => s.name));
  for (const child of repo.CHILD_TABLES) {
    if (!known.has(child.table)) continue;
    const parents = (tables[child.parent] ?? []).map((r) => r.id);
    add(child.table, await repo.rowsWhere(ctx.db, child.table, child.key, parents));
  }
  const files = (tables.files ?? []).map((f) => ({
    id: Number(f.id),
    name: String(f.name),
    mime_type: String(f.mime_type),
    size: Number(f.size),
    url: fileUrl(Number(f.id)),
  }));
  return { format: ACCOUNT_EXPORT_FORMAT, exported_at: nowIso(), profile, tables, files };
}

/**
 * Erases a customer's account once their password is confirmed: personal rows deleted, orders
 * kept without personal data, sessions ended (the token stops working at once), uploaded files
 * and their encrypted blobs removed, and a last email tells the owner it happened.
 */
export async function eraseAccount(
  ctx: ServiceContext,
  caller: { id: number; role: string },
  password: string,
): Promise<void> {
  if (caller.role !== 'customer') throw forbidden(messages.gdpr.staffCannotDelete);
  const user = await ctx.db
    .selectFrom('users')
    .innerJoin('shops', 'shops.id', 'users.shop_id')
    .select(['users.id', 'users.name', 'users.email', 'users.phone_number', 'users.password_hash', 'users.deleted_at', 'shops.name as shop'])
    .where('users.id', '=', caller.id)
    .executeTakeFirst();
  if (!user || user.deleted_at !== null) throw notFound();
  await ctx.rateLimiter.assertNotLimited(DELETE_PASSWORD_LIMIT, [String(user.id)]);
  if (!(await verifyPassword(user.password_hash, password))) {
    await ctx.rateLimiter.hit(DELETE_PASSWORD_LIMIT, [String(user.id)]);
    throw validationFailed({ password: [messages.gdpr.wrongPassword] });
  }

  const shapes = await repo.userTables(ctx.db);
  const fileIds = (await repo.userFileIds(ctx.db, user.id)).map((f) => f.id);
  const unusableHash = await hashPassword(repo.tombstoneToken());
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const endpoints = (await repo.userEndpoints(trx, user.id)).flatMap((e) => (e.endpoint ? [e.endpoint] : []));
    const recipients = [user.email, ...(user.phone_number ? [`+39${user.phone_number}`] : []), ...endpoints];
    await repo.deleteOutboxFor(trx, recipients);
    // Before the reservations are deleted with the carts: their vouchers' uses go back.
    await releaseUserReservations(trx, user.id);
    for (const shape of shapes) {
      if (RETAINED.has(shape.name) || !shape.columns.includes('user_id')) continue;
      await repo.deleteWhere(trx, shape.name, 'user_id', user.id);
    }
    await trx
      .updateTable('orders')
      .set({ note: null, address_json: null, info: null, updated_at: at })
      .where('user_id', '=', user.id)
      .execute();
    await trx.updateTable('privacy_consents').set({ ip: null, user_agent: null }).where('user_id', '=', user.id).execute();
    // The health data consent history stays too (proof of past processing, decision 0410).
    await trx.updateTable('health_consents').set({ ip: null, user_agent: null }).where('user_id', '=', user.id).execute();
    await trx
      .updateTable('users')
      .set({
        name: messages.gdpr.erasedAccountName,
        email: `eliminato-${user.id}-${repo.tombstoneToken().slice(0, 8).toLowerCase()}@account.invalid`,
        phone_number: null,
        password_hash: unusableHash,
        privacy1: 0,
        privacy2: 0,
        privacy3: 0,
        checkprivacy: 0,
        referral_code: `X${newReferralCode()}`,
        referred_by_user_id: null,
        updated_at: at,
        deleted_at: at,
      })
      .where('id', '=', user.id)
      .execute();
    // The owner learns of it even if a stolen session did it: the last message to the address.
    await enqueueEmail(trx, {
      to: user.email,
      subject: messages.gdpr.mailSubject,
      text: fillMessage(messages.gdpr.mailText, { name: user.name, shop: user.shop, date: shortItalianDay(romeDay(new Date())) }),
    });
  });
  await deleteFiles(ctx, fileIds);
  ctx.log.info({ userId: user.id }, 'account erased on request');
}

