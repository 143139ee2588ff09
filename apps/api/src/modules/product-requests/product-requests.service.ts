import { messages, type ProductRequest, type ProductRequestInput, type StoredFile } from '@farmacia/contract';
import { validationFailed } from '../../errors.js';
import type { CartOwner } from '../cart/index.js';
import { cartRequests } from '../cart/index.js';
import { assertHealthConsent } from '../health-data/index.js';
import { getOption } from '../shops/index.js';
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

const requests = cartRequests({ table: 'product_requests', toOutput: toProductRequest, notFoundMessage: PRODUCT_REQUEST_NOT_FOUND });

export const presentProductRequests = requests.presentAll;

export const listProductRequests = requests.list;

export const getProductRequest = requests.get;

/**
 * Galenica requests follow the shop's `galenica` option: a shop that set it to anything but '1'
 * does not take them (decision 0203). A shop that never set it takes them.
 */
async function checkGalenicaOffered(ctx: ServiceContext, shopId: number, type: ProductRequest['type']): Promise<void> {
  if (type !== 'galenica') return;
  const option = await getOption(ctx, shopId, 'galenica');
  if (option !== null && option !== '1') throw validationFailed({ type: [messages.productRequest.galenicaDisabled] });
}

/** The columns the form sets. */
function fieldsOf(input: ProductRequestInput) {
  return { type: input.type, note: input.note, equivalent: input.equivalent ? 1 : 0 };
}

export async function createProductRequest(ctx: ServiceContext, owner: CartOwner, input: ProductRequestInput): Promise<ProductRequest> {
  await assertHealthConsent(ctx, owner.userId);
  await checkGalenicaOffered(ctx, owner.shopId, input.type);
  return requests.create(ctx, owner, input.file, fieldsOf(input));
}

export async function updateProductRequest(
  ctx: ServiceContext,
  owner: CartOwner,
  id: number,
  input: ProductRequestInput,
): Promise<ProductRequest> {
  const existing = await requests.ownedOrNotFound(ctx, owner, id);
  await assertHealthConsent(ctx, owner.userId);
  if (input.type !== existing.type) await checkGalenicaOffered(ctx, owner.shopId, input.type);
  return requests.update(ctx, owner, existing, input.file, fieldsOf(input));
}

export const deleteProductRequest = requests.remove;

/** Clearing the cart: every request in it goes, with its file. */
export const deleteAllProductRequestsInCart = requests.removeAllInCart;

/** The product requests of a cart, as the cart shows them. */
export const productRequestsInCart = requests.inCart;
