import { isNewUpload, messages, type ProductRequest, type ProductRequestInput, type StoredFile } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import { cartIdOf, ensureCartId, type CartOwner } from '../cart/cart-owner.js';
import { deleteFiles, saveUpload, storedFilesById } from '../files/files.service.js';
import { assertHealthConsent } from '../health-data/health-consent.guard.js';
import { getOption } from '../shops/shops.service.js';
import * as repo from './product-requests.repository.js';
import type { ProductRequestRow } from './product-requests.table.js';

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

export async function presentProductRequests(app: FastifyInstance, rows: readonly ProductRequestRow[]): Promise<ProductRequest[]> {
  const files = await storedFilesById(app, rows.map((r) => r.file_id));
  return rows.map((row) => toProductRequest(row, row.file_id === null ? null : (files.get(row.file_id) ?? null)));
}

async function present(app: FastifyInstance, row: ProductRequestRow): Promise<ProductRequest> {
  const [one] = await presentProductRequests(app, [row]);
  return one!;
}

async function ownedOrNotFound(app: FastifyInstance, owner: CartOwner, id: number): Promise<ProductRequestRow> {
  const cartId = await cartIdOf(app, owner);
  const row = cartId === undefined ? undefined : await repo.findInCart(app.db, owner.userId, cartId, id);
  if (!row) throw notFound(PRODUCT_REQUEST_NOT_FOUND);
  return row;
}

export async function listProductRequests(app: FastifyInstance, owner: CartOwner): Promise<ProductRequest[]> {
  const cartId = await cartIdOf(app, owner);
  if (cartId === undefined) return [];
  return presentProductRequests(app, await repo.listInCart(app.db, owner.userId, cartId));
}

export async function getProductRequest(app: FastifyInstance, owner: CartOwner, id: number): Promise<ProductRequest> {
  return present(app, await ownedOrNotFound(app, owner, id));
}

/**
 * Galenica requests follow the shop's `galenica` option: a shop that set it to anything but '1'
 * does not take them (decision 0203). A shop that never set it takes them.
 */
async function checkGalenicaOffered(app: FastifyInstance, shopId: number, type: ProductRequest['type']): Promise<void> {
  if (type !== 'galenica') return;
  const option = await getOption(app, shopId, 'galenica');
  if (option !== null && option !== '1') throw validationFailed({ type: [messages.productRequest.galenicaDisabled] });
}

export async function createProductRequest(app: FastifyInstance, owner: CartOwner, input: ProductRequestInput): Promise<ProductRequest> {
  await assertHealthConsent(app, owner.userId);
  await checkGalenicaOffered(app, owner.shopId, input.type);
  const cartId = await ensureCartId(app, owner);
  const file = isNewUpload(input.file) ? await saveUpload(app, owner, input.file) : null;
  const at = nowIso();
  try {
    const row = await repo.insert(app.db, {
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
    return await present(app, row);
  } catch (error) {
    await deleteFiles(app, [file?.id]);
    throw error;
  }
}

export async function updateProductRequest(
  app: FastifyInstance,
  owner: CartOwner,
  id: number,
  input: ProductRequestInput,
): Promise<ProductRequest> {
  const existing = await ownedOrNotFound(app, owner, id);
  await assertHealthConsent(app, owner.userId);
  if (input.type !== existing.type) await checkGalenicaOffered(app, owner.shopId, input.type);
  const keep = input.file !== null && !isNewUpload(input.file);
  const upload = isNewUpload(input.file) ? await saveUpload(app, owner, input.file) : null;
  const fileId = upload ? upload.id : keep ? existing.file_id : null;
  let row: ProductRequestRow;
  try {
    row = await repo.update(app.db, id, owner.userId, {
      type: input.type,
      note: input.note,
      equivalent: input.equivalent ? 1 : 0,
      file_id: fileId,
      updated_at: nowIso(),
    });
  } catch (error) {
    await deleteFiles(app, [upload?.id]);
    throw error;
  }
  if (existing.file_id !== fileId) await deleteFiles(app, [existing.file_id]);
  return present(app, row);
}

export async function deleteProductRequest(app: FastifyInstance, owner: CartOwner, id: number): Promise<void> {
  const existing = await ownedOrNotFound(app, owner, id);
  await repo.remove(app.db, id, owner.userId);
  await deleteFiles(app, [existing.file_id]);
}

/** Clearing the cart: every request in it goes, with its file. */
export async function deleteAllProductRequestsInCart(app: FastifyInstance, cartId: number): Promise<void> {
  await deleteFiles(app, await repo.removeAllInCart(app.db, cartId));
}

/** The product requests of a cart, as the cart shows them. */
export async function productRequestsInCart(app: FastifyInstance, userId: number, cartId: number): Promise<ProductRequest[]> {
  return presentProductRequests(app, await repo.listInCart(app.db, userId, cartId));
}
