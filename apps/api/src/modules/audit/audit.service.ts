import type { AuditEntry, AuditListQuery, AuditListResponse } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import type { ActorContext } from '../../context.js';

/** Keys whose values never enter the trail in clear (payment credentials, passwords, tokens). */
const SECRET_KEY = /pass|secret|token|key|mac|credential|signature/i;

/** A copy of `value` with secret-looking fields masked to their last 4 characters. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && typeof v === 'string' && v.length > 0 ? `••••${v.length > 8 ? v.slice(-4) : ''}` : maskSecrets(v),
      ]),
    );
  }
  return value;
}

export interface AuditFacts {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Why health data was opened (customer look-up). */
  reason?: string | null;
  /** The shop the change belongs to; defaults to the caller's. */
  shopId?: number | null;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(maskSecrets(v)));

/**
 * Records one back-office action of the authenticated caller. Call it with the transaction that
 * makes the change, so the change and its trail commit (or roll back) together.
 */
export async function audit(db: Db, ctx: ActorContext, facts: AuditFacts): Promise<void> {
  const user = ctx.actor;
  ctx.audited = true;
  await db
    .insertInto('audit_log')
    .values({
      user_id: user?.id ?? null,
      role: user?.role ?? 'anonymous',
      shop_id: facts.shopId === undefined ? (user?.shopId ?? null) : facts.shopId,
      action: facts.action,
      entity: facts.entity,
      entity_id: facts.entityId === undefined || facts.entityId === null ? null : String(facts.entityId),
      before: json(facts.before),
      after: json(facts.after),
      reason: facts.reason ?? null,
      ip: ctx.ip ?? null,
      at: nowIso(),
    })
    .execute();
}

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function listAudit(db: Db, query: AuditListQuery): Promise<AuditListResponse> {
  let base = db.selectFrom('audit_log');
  if (query.shop_id !== undefined) base = base.where('audit_log.shop_id', '=', query.shop_id);
  if (query.entity) base = base.where('audit_log.entity', '=', query.entity);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .selectAll('audit_log')
      .select('users.name as user_name')
      .orderBy('audit_log.id', 'desc')
      .limit(query.rpp)
      .offset((query.p - 1) * query.rpp)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    user_name: r.user_name ?? null,
    role: r.role,
    shop_id: r.shop_id,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    before: parse(r.before),
    after: parse(r.after),
    reason: r.reason,
    at: r.at,
  }));
  return { data, total: Number(count.n), p: query.p, rpp: query.rpp };
}

/** One back-office write to a row of a shop, and how the console reads that row back. */
export interface AuditedWrite<T> {
  action: string;
  entity: string;
  shopId: number;
  /** The row as it was; absent when the write creates it. */
  before?: T;
  read(db: Db, id: number): Promise<T>;
}

/**
 * Runs `write` (it answers the row's id: the new one, when it creates the row), reads the row back
 * and records before and after, all in one transaction; answers the row as it is now.
 */
export async function writeAudited<T>(ctx: ActorContext, change: AuditedWrite<T>, write: (trx: Db) => Promise<number>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const id = await write(trx);
    const after = await change.read(trx, id);
    await audit(trx, ctx, { action: change.action, entity: change.entity, entityId: id, shopId: change.shopId, before: change.before, after });
    return after;
  });
}

/** A change to a row the shop already has: what is recorded, and how the console reads the row. */
export interface AuditedChange<T> {
  action: string;
  entity: string;
  /** The row as the console reads it; throws the row's 404 when it is not the shop's. */
  read(db: Db, shopId: number, id: number): Promise<T>;
  /** Checks of the input that come after the row's 404 and before the write (e.g. the references it names). */
  check?: (shopId: number) => Promise<unknown>;
}

/**
 * Changes row `id` of shop `shopId`: reads it (404 first), runs the checks, then writes it as
 * {@link writeAudited} does, with the row before and after; answers the row as it is now.
 */
export async function changeAudited<T>(
  ctx: ActorContext,
  shopId: number,
  id: number,
  change: AuditedChange<T>,
  write: (trx: Db) => Promise<unknown>,
): Promise<T> {
  const before = await change.read(ctx.db, shopId, id);
  await change.check?.(shopId);
  const read = (db: Db) => change.read(db, shopId, id);
  return writeAudited(ctx, { action: change.action, entity: change.entity, shopId, before, read }, async (trx) => {
    await write(trx);
    return id;
  });
}
