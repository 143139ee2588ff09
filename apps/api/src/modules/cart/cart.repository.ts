import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { engineOf } from '../../db/column.js';
import { JsonRows } from '../../db/json-rows.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { CartProductRow, CartRow } from './cart.table.js';
import { shopSettingsColumns, type StoredShopSettings } from './sale-rules.js';
import { liveSessionCondition, type SessionWithUser, selectSessionWithUser } from '../auth/index.js';

// Every cart call reads its cart and its lines: built and compiled once (decision 0553).
const cartOf = preparedQuery((db, v: { userId: number; shopId: number }) =>
  db.selectFrom('carts').selectAll().where('user_id', '=', v.userId).where('shop_id', '=', v.shopId),
);
const linesOf = preparedQuery((db, v: { cartId: number }) =>
  db.selectFrom('cart_products').selectAll().where('cart_id', '=', v.cartId).orderBy('created_at').orderBy('product_code'),
);

/**
 * The customer's cart in a shop, created on first use (concurrent first uses create one). Read
 * first: once it exists (every call but the first) no write is made for it.
 */
export async function ensureCart(db: Executor, userId: number, shopId: number, at: string): Promise<CartRow> {
  const [existing] = await cartOf(db, { userId, shopId });
  if (existing) return existing;
  await db
    .insertInto('carts')
    .values({
      user_id: userId,
      shop_id: shopId,
      shipping_type: null,
      shipping_method: null,
      address_id: null,
      payment_type: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'shop_id']).doNothing())
    .execute();
  const [created] = await cartOf(db, { userId, shopId });
  if (!created) throw new Error(`cart of user ${userId} in shop ${shopId} missing after its insert`);
  return created;
}

/**
 * What every cart answer reads besides the cart and its lines, as columns of the statement that
 * reads the cart (issue 22, decision 0599): the shop's settings (sale-rules' `shopSettingsColumns`),
 * whether the cart holds a reserved voucher, prescriptions or product requests (each read
 * only when it does), and the catalogue's pages version its lines' kept product records are
 * stamped with (decision 0588). Five statements fewer per answer on SQLite, five round trips on
 * PostgreSQL.
 */
function answerExtras(cart: 'c') {
  const ref = (column: string) => sql.ref(`${cart}.${column}`);
  return [
    ...shopSettingsColumns(ref('shop_id')),
    // The status written into the SQL: only then the partial index `voucher_redemptions_one_per_cart` serves (vouchers' reservedOnCart).
    sql<boolean | number>`exists (select 1 from voucher_redemptions where voucher_redemptions.cart_id = ${ref('id')} and voucher_redemptions.status = 'reserved')`.as('has_voucher'),
    sql<boolean | number>`exists (select 1 from prescriptions where prescriptions.cart_id = ${ref('id')} and prescriptions.user_id = ${ref('user_id')})`.as('has_prescriptions'),
    sql<boolean | number>`exists (select 1 from product_requests where product_requests.cart_id = ${ref('id')} and product_requests.user_id = ${ref('user_id')})`.as('has_requests'),
    sql<string | number | null>`(select pages_version from catalogue_search_state where id = 1)`.as('pages_version'),
  ];
}

/** What {@link answerExtras} found: the cart's answer skips the reads it makes unneeded. */
export interface CartAnswerExtras {
  shop: StoredShopSettings;
  voucher: boolean;
  prescriptions: boolean;
  requests: boolean;
}

type ExtrasColumns = {
  ministry_authorization_code: string | null;
  shipping: string | null;
  staff_delivery: string | null;
  has_voucher: boolean | number;
  has_prescriptions: boolean | number;
  has_requests: boolean | number;
  pages_version: string | number | null;
};

/** A cart read: its row, its lines, and what {@link answerExtras} found (its columns in any row of the read). */
function cartRead(row: CartRow, lines: CartProductRow[], r: ExtrasColumns): CartRead {
  return {
    row,
    lines,
    extras: {
      shop: { ministry_authorization_code: r.ministry_authorization_code, shipping: r.shipping, staff_delivery: r.staff_delivery },
      voucher: Boolean(r.has_voucher),
      prescriptions: Boolean(r.has_prescriptions),
      requests: Boolean(r.has_requests),
    },
    read: { pagesVersion: r.pages_version === null ? undefined : String(r.pages_version) },
  };
}

/** A row of {@link cartAnswerOf} or {@link cartWithLinesOf} without what {@link answerExtras} found. */
function withoutExtras<R extends ExtrasColumns>(first: R): Omit<R, keyof ExtrasColumns> {
  const { ministry_authorization_code, shipping, staff_delivery, has_voucher, has_prescriptions, has_requests, pages_version, ...rest } = first;
  return rest;
}

/** A cart's lines as {@link listLines} answers them, read as one JSON text (the whole row: every column is an integer or a text). */
const cartLinesJson = JsonRows.of<CartProductRow>()('l', ['cart_id', 'product_code', 'product_name', 'quantity', 'created_at', 'updated_at']);

// The cart with the extras and its lines as one JSON text, ordered as linesOf orders them, on both engines. SQLite:
// measured in a loop on the bench data (3.8 lines a cart), 25–35 µs against 55–70 µs for the cart and then its lines (a
// JS object per cell and a sort's temporary B-tree; decision 0599). PostgreSQL: a join would repeat the cart's and the
// extras' columns on every line's row, each cell decoded by node-postgres (decision 0677).
const cartAnswerOf = preparedQuery((db, v: { userId: number; shopId: number }) =>
  db
    .selectFrom('carts as c')
    .selectAll('c')
    .select(answerExtras('c'))
    .select(sql<string>`(select ${cartLinesJson.aggregate('l.created_at, l.product_code', engineOf(db))} from cart_products l where l.cart_id = c.id)`.as('lines_json'))
    .where('c.user_id', '=', v.userId)
    .where('c.shop_id', '=', v.shopId),
);

/** A cart with its lines (as {@link listLines} answers them) and, once it exists, {@link CartAnswerExtras}. */
export interface CartRead {
  row: CartRow;
  lines: CartProductRow[];
  read?: { pagesVersion: string | undefined };
  extras?: CartAnswerExtras;
}

/**
 * {@link ensureCart} with the cart's lines (as {@link listLines} answers them) and, once the cart
 * exists, {@link CartAnswerExtras}, in one statement, the lines as one JSON column on both engines
 * (a join sorts and decodes rows carrying the cart's columns: decisions 0583, 0677). `known`: what
 * {@link sessionWithCart} read.
 */
export async function ensureCartWithLines(db: Executor, userId: number, shopId: number, at: string, known?: CartRead | null): Promise<CartRead> {
  if (known) return known;
  if (known === undefined) {
    const [found] = await cartAnswerOf(db, { userId, shopId });
    if (found !== undefined) {
      const { lines_json: linesJson, ...row } = withoutExtras(found);
      return cartRead(row, cartLinesJson.parse(linesJson), found);
    }
  }
  // No cart yet (`known` null: the session's statement found none).
  const row = await ensureCart(db, userId, shopId, at);
  return { row, lines: await listLines(db, row.id) };
}

/**
 * The cart's columns beside the session's ({@link selectSessionWithUser}): `user_id` and `shop_id` are the
 * session's (the cart is joined on them), the others under names of their own, since the cart may be missing.
 */
const cartBesideSession = ['c.id as cart_id', 'c.shipping_type', 'c.shipping_method', 'c.address_id', 'c.payment_type', 'c.created_at as cart_created_at', 'c.updated_at as cart_updated_at'] as const;
type CartBesideSession = {
  cart_id: number | null;
  shipping_type: string | null;
  shipping_method: string | null;
  address_id: number | null;
  payment_type: string | null;
  cart_created_at: string | null;
  cart_updated_at: string | null;
};

/** The cart row of a {@link cartBesideSession} row, in the table's column order; undefined when the customer has none. */
function cartRowBesideSession(r: CartBesideSession & { user_id: number; shop_id: number }): CartRow | undefined {
  if (r.cart_id === null) return undefined;
  return {
    id: r.cart_id,
    user_id: r.user_id,
    shop_id: r.shop_id,
    shipping_type: r.shipping_type,
    shipping_method: r.shipping_method,
    address_id: r.address_id,
    payment_type: r.payment_type,
    created_at: r.cart_created_at as string,
    updated_at: r.cart_updated_at as string,
  };
}

// The session of a cart call with the customer's cart in its shop and its lines as one JSON text (decision 0629), on
// both engines: on PostgreSQL a join repeated the session's, cart's and shop's ~25 columns (the shipping configuration's
// ~1.6 KB text among them) on every line's row, each cell decoded by node-postgres (decision 0677).
const selectSessionWithCart = (db: Executor, sessionId: number) =>
  selectSessionWithUser(db, sessionId)
    .leftJoin('carts as c', (join) => join.onRef('c.user_id', '=', 'sessions.user_id').onRef('c.shop_id', '=', 'users.shop_id'))
    .select(cartBesideSession)
    .select(answerExtras('c'))
    .select(
      sql<string>`(select ${cartLinesJson.aggregate('l.created_at, l.product_code', engineOf(db))} from cart_products l where l.cart_id = c.id)`.as(
        'lines_json',
      ),
    );
const sessionWithCartAnswerOf = preparedQuery((db, v: { sessionId: number }) => selectSessionWithCart(db, v.sessionId));

/** A session row of {@link sessionWithCart}: `cart` null when the customer has no cart in the shop yet. */
export type SessionWithCart = SessionWithUser & { cart: CartRead | null };

/**
 * The session of a cart call (auth's {@link selectSessionWithUser} row) with what {@link ensureCartWithLines}
 * reads of its user's cart in the user's shop, in one statement (issue 22, decision 0629): a cart call's
 * authentication is then the cart's own read. Read before the session is checked: the caller uses the
 * cart only once it has passed.
 */
export async function sessionWithCart(db: Executor, sessionId: number): Promise<SessionWithCart | undefined> {
  const [found] = await sessionWithCartAnswerOf(db, { sessionId });
  return found === undefined ? undefined : sessionRowWithCart(found);
}

/** A row of {@link selectSessionWithCart} as {@link sessionWithCart} answers it. */
function sessionRowWithCart<R extends SessionWithUser & CartBesideSession & ExtrasColumns & { lines_json: string }>(found: R): R & { cart: CartRead | null } {
  const row = cartRowBesideSession(found);
  return Object.assign(found, { cart: row === undefined ? null : cartRead(row, cartLinesJson.parse(found.lines_json), found) });
}

/** A cart line set to a quantity: the values {@link upsertLine} writes. */
export interface LineSet {
  cartId: number;
  code: string;
  name: string;
  quantity: number;
  at: string;
}

// PostgreSQL's cart set in one statement (decision 0683): the session statement's row, and the line upserted from it only
// when the session admits the token (auth's rule in SQL), the customer has a cart and its shop sells the product. One
// snapshot: the row is the cart as it was before the write (the answer applies the write to it, withLineSet), and the
// pages version it carries stamps the same catalogue the write saw on sale.
const setLineWithSessionOf = preparedQuery(
  (db, v: { sessionId: number; userId: number; jti: string; now: string; code: string; quantity: number }) =>
    db
      .with('s', () => selectSessionWithCart(db, v.sessionId))
      .with('w', (qb) =>
        qb
          .insertInto('cart_products')
          .columns(['cart_id', 'product_code', 'product_name', 'quantity', 'created_at', 'updated_at'])
          .expression(
            qb
              .selectFrom('s')
              .innerJoin('products as p', (join) => join.on('p.codice_ministeriale', '=', v.code))
              .innerJoin('product_offers as o', (join) => join.onRef('o.product_id', '=', 'p.id').onRef('o.shop_id', '=', 's.shop_id'))
              .select([
                sql<number>`s.cart_id`.as('cart_id'),
                'p.codice_ministeriale',
                'p.nome_prodotto',
                sql<number>`cast(${v.quantity} as integer)`.as('quantity'),
                sql<string>`cast(${v.now} as text)`.as('created_at'),
                sql<string>`cast(${v.now} as text)`.as('updated_at'),
              ])
              .where('o.on_sale', '=', 1)
              .where(sql<boolean>`s.cart_id is not null`)
              .where(liveSessionCondition('s', v)),
          )
          .onConflict((oc) =>
            oc.columns(['cart_id', 'product_code']).doUpdateSet((eb) => ({
              quantity: eb.ref('excluded.quantity'),
              product_name: eb.ref('excluded.product_name'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .returning('product_name'),
      )
      .selectFrom('s')
      .selectAll('s')
      .select((eb) => eb.selectFrom('w').select('w.product_name').as('set_name')),
);

/**
 * {@link sessionWithCart}'s read and, in the same statement, {@link upsertLine} of `code` at `quantity` (> 0) when the
 * session admits the token's claims at `now` (auth's `sessionAdmits`, in SQL), the customer has a cart in the user's
 * shop and the shop sells the product (PostgreSQL only: decision 0683). `set`: the line written, or undefined when
 * nothing was; the session's row (undefined: no session) as it was before the write.
 */
export async function setLineWithSession(
  db: Executor,
  v: { claims: { sessionId: number; userId: number; jti: string }; now: string; code: string; quantity: number },
): Promise<{ session: SessionWithCart | undefined; set: LineSet | undefined }> {
  const { sessionId, userId, jti } = v.claims;
  const [found] = await setLineWithSessionOf(db, { sessionId, userId, jti, now: v.now, code: v.code, quantity: v.quantity });
  if (found === undefined) return { session: undefined, set: undefined };
  const { set_name: name, ...row } = found;
  const session = sessionRowWithCart(row);
  const set = name === null || session.cart === null ? undefined : { cartId: session.cart.row.id, code: v.code, name, quantity: v.quantity, at: v.now };
  return { session, set };
}

export async function findCart(db: Executor, userId: number, shopId: number): Promise<CartRow | undefined> {
  return (await cartOf(db, { userId, shopId }))[0];
}

/**
 * Writes the cart row first thing in a transaction: PostgreSQL then holds its row lock (and
 * SQLite its write lock) until the end, so changes to one cart never interleave.
 */
export async function lockCart(db: Executor, cartId: number, at: string): Promise<void> {
  await db.updateTable('carts').set({ updated_at: at }).where('id', '=', cartId).execute();
}

export function listLines(db: Executor, cartId: number): Promise<CartProductRow[]> {
  return linesOf(db, { cartId });
}

// The cart set's write (issue 22: built per call it was a tenth of the route's query building). On SQLite the
// sets of one turn of the event loop commit together (decision 0617): the set's answer is built from the lines
// read before it, so nothing in the request reads what it writes.
const upsertLineQuery = preparedQuery((db, line: { cartId: number; code: string; name: string; quantity: number; at: string }) =>
  db
    .insertInto('cart_products')
    .values({
      cart_id: line.cartId,
      product_code: line.code,
      product_name: line.name,
      quantity: line.quantity,
      created_at: line.at,
      updated_at: line.at,
    })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'product_code']).doUpdateSet({ quantity: line.quantity, product_name: line.name, updated_at: line.at }),
    ),
  { grouped: true },
);

export async function upsertLine(
  db: Executor,
  line: { cartId: number; code: string; name: string; quantity: number; at: string },
): Promise<void> {
  await upsertLineQuery(db, line);
}

/**
 * The lines (ordered as {@link listLines} orders them) as {@link upsertLine} leaves them: the line's
 * quantity and name changed, or the new line last (its `created_at` is the latest; ties by code).
 */
export function withLineSet(
  lines: readonly CartProductRow[],
  line: { cartId: number; code: string; name: string; quantity: number; at: string },
): CartProductRow[] {
  const changed = { quantity: line.quantity, product_name: line.name, updated_at: line.at };
  if (lines.some((l) => l.product_code === line.code)) {
    return lines.map((l) => (l.product_code === line.code ? { ...l, ...changed } : l));
  }
  const added: CartProductRow = { cart_id: line.cartId, product_code: line.code, created_at: line.at, ...changed };
  return [...lines, added].sort((a, b) =>
    a.created_at === b.created_at ? (a.product_code < b.product_code ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
}

export async function deleteLine(db: Executor, cartId: number, code: string): Promise<boolean> {
  const r = await db.deleteFrom('cart_products').where('cart_id', '=', cartId).where('product_code', '=', code).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteAllLines(db: Executor, cartId: number): Promise<void> {
  await db.deleteFrom('cart_products').where('cart_id', '=', cartId).execute();
}

export async function updateChoices(
  db: Executor,
  cartId: number,
  choices: Pick<CartRow, 'shipping_type' | 'shipping_method' | 'address_id' | 'payment_type'>,
  at: string,
): Promise<void> {
  await db.updateTable('carts').set({ ...choices, updated_at: at }).where('id', '=', cartId).execute();
}
