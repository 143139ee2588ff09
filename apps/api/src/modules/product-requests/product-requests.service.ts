import { isNewUpload, messages, type ProductRequest, type ProductRequestInput, type StoredFile } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import { cartIdOf, ensureCartId, type CartOwner } from '../cart/index.js';
import { deleteFiles, saveUpload, storedFilesById } from '../files/index.js';
import { assertHealthConsent } from '../health-data/index.js';
import { getOption } from '../shops/index.js';
import * as repo from './product-requests.repository.js';
import type { ProductRequestRow } from './product-requests.table.js';
import type { ServiceContext } from '../../context.js';

/**
 * Product-photo (`search`) and galenica requests in the cart (spec §2, §5): a required note, an
 * optional file (checked by its bytes and stored encrypted). On update the stored file is kept
 * by sending back its `{ name }`, removed with `null`, replaced by a new upload.
 */

export const PRODUCT_REQUEST_NOT_FOUND = messages.productRequest.notFound;

export function toProductRequest(row: ProductRequestRow, file: StoredFile | null): ProductRequest {
  return {
    id: row.id,
    type: row.type as ProductRequest['type'],
    note: row.note,
    equivalent: row.equivalent === 1,
    file,
  };
}

export async function presentProductRequests(ctx: ServiceContext, rows: readonly ProductRequestRow[]): Promise<ProductRequest[]> {
  const files = await storedFilesById(ctx, rows.map((r) => r.file_id));
  return rows.map((row) => toProductRequest(row, row.file_id === null ? null : (files.get(row.file_id) ?? null)));
}

async function present(ctx: ServiceContext, row: ProductRequestRow): Promise<ProductRequest> {
  const [one] = await presentProductRequests(ctx, [row]);
  return one!;
}

async function ownedOrNotFound(ctx: ServiceContext, owner: CartOwner, id: number): Promise<ProductRequestRow> {
  const cartId = await cartIdOf(ctx, owner);
  const row = cartId === undefined ? undefined : await repo.findInCart(ctx.db, owner.userId, cartId, id);
  if (!row) throw notFound(PRODUCT_REQUEST_NOT_FOUND);
  return row;
}

export async function listProductRequests(ctx: ServiceContext, owner: CartOwner): Promise<ProductRequest[]> {
  const cartId = await cartIdOf(ctx, owner);
  if (cartId === undefined) return [];
  return presentProductRequests(ctx, await repo.listInCart(ctx.db, owner.userId, cartId));
}

export async function getProductRequest(ctx: ServiceContext, owner: CartOwner, id: number): Promise<ProductRequest> {
  return present(ctx, await ownedOrNotFound(ctx, owner, id));
}

/**
 * Galenica requests follow the shop's `galenica` option: a shop that set it to anything but '1'
 * does not take them (decision 0203). A shop that never set it takes them.
 */
async function checkGalenicaOffered(ctx: ServiceContext, shopId: number, type: ProductRequest['type']): Promise<void> {
  if (type !== 'galenica') return;
  const option = await getOption(ctx, shopId, 'galenica');
  if (option !== null && option !== '1') throw validationFailed({ type: [messages.productRequest.galenicaDisabled] });
}

export async function createProductRequest(ctx: ServiceContext, owner: CartOwner, input: ProductRequestInput): Promise<ProductRequest> {
  await assertHealthConsent(ctx, owner.userId);
  await checkGalenicaOffered(ctx, owner.shopId, input.type);
  const cartId = await ensureCartId(ctx, owner);
  const file = isNewUpload(input.file) ? await saveUpload(ctx, owner, input.file) : null;
  const at = nowIso();
  try {
    const row = await repo.insert(ctx.db, {
      user_id: owner.userId,
      shop_id: owner.shopId,
      cart_id: cartId,
      order_id: null,
      type: input.type,
      note: input.note,
      equivalent: input.equivalent ? 1 : 0,
      file_id: file?.id ?? null,
      created_at: at,
      updated_at: at,
    });
    return await present(ctx, row);
  } catch (error) {
    await deleteFiles(ctx, [file?.id]);
    throw error;
  }
}

export async function updateProductRequest(
  ctx: ServiceContext,
  owner: CartOwner,
  id: number,
  input: ProductRequestInput,
): Promise<ProductRequest> {
  const existing = await ownedOrNotFound(ctx, owner, id);
  await assertHealthConsent(ctx, owner.userId);
  if (input.type !== existing.type) await checkGalenicaOffered(ctx, owner.shopId, input.type);
  const keep = input.file !== null && !isNewUpload(input.file);
  const upload = isNewUpload(input.file) ? await saveUpload(ctx, owner, input.file) : null;
  const fileId = upload ? upload.id : keep ? existing.file_id : null;
  let row: ProductRequestRow;
  try {
    row = await repo.update(ctx.db, id, owner.userId, {
      type: input.type,
      note: input.note,
      equivalent: input.equivalent ? 1 : 0,
      file_id: fileId,
      updated_at: nowIso(),
    });
  } catch (error) {
    await deleteFiles(ctx, [upload?.id]);
    throw error;
  }
  if (existing.file_id !== fileId) await deleteFiles(ctx, [existing.file_id]);
  return present(ctx, row);
}

export async function deleteProductRequest(ctx: ServiceContext, owner: CartOwner, id: number): Promise<void> {
  const existing = await ownedOrNotFound(ctx, owner, id);
  await repo.remove(ctx.db, id, owner.userId);
  await deleteFiles(ctx, [existing.file_id]);
}

/** Clearing the cart: every request in it goes, with its file. */
export async function deleteAllProductRequestsInCart(ctx: ServiceContext, cartId: number): Promise<void> {
  await deleteFiles(ctx, await repo.removeAllInCart(ctx.db, cartId));
}

/** The product requests of a cart, as the cart shows them. */
export async function productRequestsInCart(ctx: ServiceContext, userId: number, cartId: number): Promise<ProductRequest[]> {
  return presentProductRequests(ctx, await repo.listInCart(ctx.db, userId, cartId));
}
