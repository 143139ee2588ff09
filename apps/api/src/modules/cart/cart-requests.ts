import { type FileField, isNewUpload, type StoredFile } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { notFound } from '../../errors.js';
import { deleteFiles, saveUpload, storedFilesById } from '../files/index.js';
import { cartIdOf, ensureCartId, type CartOwner } from './cart-owner.js';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type CartRequestRow, type CartRequestTableName, cartRequestRepository } from './cart-request.repository.js';
import type { ServiceContext } from '../../context.js';

/**
 * What prescriptions and product requests share (spec §5): a row of the customer's cart with at
 * most one stored file. Owned rows only (404 otherwise), the file saved before the row and
 * deleted again when the row cannot be written, the old file deleted once nothing points to it.
 * Each module keeps its own rules (consent, fiscal code, galenica) and messages.
 */
export interface CartRequestKind<T extends CartRequestTableName, Out> {
  /** The kind's table (its rows have the columns of `CartRequestColumns`). */
  table: T;
  /** The row as the API answers it, with its stored file. */
  toOutput(row: Selectable<Database[T]>, file: StoredFile | null): Out;
  /** The Italian text of the 404. */
  notFoundMessage: string;
}

/** The columns of a new cart request that are not the form's. */
export interface CartRequestColumns {
  user_id: number;
  shop_id: number;
  cart_id: number;
  order_id: null;
  file_id: number | null;
  created_at: string;
  updated_at: string;
}

/** `{ name }` keeps the stored file, `null` removes it, a new upload replaces it. */
export function keepsStoredFile(file: FileField): boolean {
  return file !== null && !isNewUpload(file);
}

/** The columns the kind's form sets, besides those every cart request has. */
type FormColumns<T extends CartRequestTableName> = Omit<Insertable<Database[T]>, keyof CartRequestColumns>;

export function cartRequests<T extends CartRequestTableName, Out>(kind: CartRequestKind<T, Out>) {
  type Row = CartRequestRow<T>;
  const repo = cartRequestRepository(kind.table);

  async function presentAll(ctx: ServiceContext, rows: readonly Row[]): Promise<Out[]> {
    const files = await storedFilesById(ctx, rows.map((r) => r.file_id));
    return rows.map((row) => kind.toOutput(row, row.file_id === null ? null : (files.get(row.file_id) ?? null)));
  }

  async function present(ctx: ServiceContext, row: Row): Promise<Out> {
    const [one] = await presentAll(ctx, [row]);
    return one!;
  }

  async function ownedOrNotFound(ctx: ServiceContext, owner: CartOwner, id: number): Promise<Row> {
    const cartId = await cartIdOf(ctx, owner);
    const row = cartId === undefined ? undefined : await repo.findInCart(ctx.db, owner.userId, cartId, id);
    if (!row) throw notFound(kind.notFoundMessage);
    return row;
  }

  return {
    presentAll,
    ownedOrNotFound,

    async list(ctx: ServiceContext, owner: CartOwner): Promise<Out[]> {
      const cartId = await cartIdOf(ctx, owner);
      if (cartId === undefined) return [];
      return presentAll(ctx, await repo.listInCart(ctx.db, owner.userId, cartId));
    },

    async get(ctx: ServiceContext, owner: CartOwner, id: number): Promise<Out> {
      return present(ctx, await ownedOrNotFound(ctx, owner, id));
    },

    /**
     * Saves a new upload, then the row in the owner's cart (created when missing): the columns
     * every cart request has, completed with the form's `fields`.
     */
    async create(ctx: ServiceContext, owner: CartOwner, file: FileField, fields: FormColumns<T>): Promise<Out> {
      const cartId = await ensureCartId(ctx, owner);
      const upload = isNewUpload(file) ? await saveUpload(ctx, owner, file) : null;
      const at = nowIso();
      try {
        const common: CartRequestColumns = {
          user_id: owner.userId,
          shop_id: owner.shopId,
          cart_id: cartId,
          order_id: null,
          file_id: upload?.id ?? null,
          created_at: at,
          updated_at: at,
        };
        const row = await repo.insert(ctx.db, { ...common, ...fields } as Insertable<Database[T]>);
        return await present(ctx, row);
      } catch (error) {
        await deleteFiles(ctx, [upload?.id]);
        throw error;
      }
    },

    /** Saves a new upload, then the form's `fields` over `existing`; the file no row holds any more goes. */
    async update(ctx: ServiceContext, owner: CartOwner, existing: Row, file: FileField, fields: FormColumns<T>): Promise<Out> {
      const upload = isNewUpload(file) ? await saveUpload(ctx, owner, file) : null;
      const fileId = upload ? upload.id : keepsStoredFile(file) ? existing.file_id : null;
      let row: Row;
      try {
        const common = { file_id: fileId, updated_at: nowIso() };
        row = await repo.update(ctx.db, existing.id, owner.userId, { ...common, ...fields } as Updateable<Database[T]>);
      } catch (error) {
        await deleteFiles(ctx, [upload?.id]);
        throw error;
      }
      if (existing.file_id !== fileId) await deleteFiles(ctx, [existing.file_id]);
      return present(ctx, row);
    },

    async remove(ctx: ServiceContext, owner: CartOwner, id: number): Promise<void> {
      const existing = await ownedOrNotFound(ctx, owner, id);
      await repo.remove(ctx.db, id, owner.userId);
      await deleteFiles(ctx, [existing.file_id]);
    },

    /** Clearing the cart: every row in it goes, with its file. */
    async removeAllInCart(ctx: ServiceContext, cartId: number): Promise<void> {
      await deleteFiles(ctx, await repo.removeAllInCart(ctx.db, cartId));
    },

    /** The rows of a cart, as the cart shows them. */
    async inCart(ctx: ServiceContext, userId: number, cartId: number): Promise<Out[]> {
      return presentAll(ctx, await repo.listInCart(ctx.db, userId, cartId));
    },
  };
}
