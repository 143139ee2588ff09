import { type Address, type AddressInput, messages } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import type { Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import * as repo from './addresses.repository.js';
import type { AddressRow } from './addresses.table.js';

/** Who is asking: the customer and their associated shop (whose pickup points they see). */
export interface AddressOwner {
  id: number;
  shopId: number;
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state_region: row.state_region,
    postal_code: row.postal_code,
    phone_number: row.phone_number,
    country: 'it',
    default: row.is_default === 1,
    system: row.system === 1,
  };
}

/** Runs `fn` in a transaction, or inside the caller's one when `db` already is a transaction. */
async function inTransaction<T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute(fn);
}

const addressNotFound = () => notFound(messages.addresses.notFound);

/** `GET /address`: the customer's addresses (default first) followed by the shop's pickup points. */
export async function listAddresses(db: Executor, owner: AddressOwner): Promise<Address[]> {
  const rows = await repo.listVisibleAddresses(db, owner.id, owner.shopId);
  return rows.map(toAddress);
}

/** `GET /address/{id}`: an own address or a pickup point of the customer's shop; anything else is 404. */
export async function getAddress(db: Executor, owner: AddressOwner, id: number): Promise<Address> {
  const row = await repo.findVisibleAddress(db, owner.id, owner.shopId, id);
  if (!row) throw addressNotFound();
  return toAddress(row);
}

/**
 * The address a checkout may ship to, for the cart and the checkout: for `address` delivery one of
 * the customer's own addresses, for `pickupPoint` a pickup point of their shop. Undefined otherwise.
 */
export async function findDeliveryAddress(
  db: Executor,
  owner: AddressOwner,
  id: number,
  deliveryType: 'address' | 'pickupPoint',
): Promise<Address | undefined> {
  const row = await repo.findVisibleAddress(db, owner.id, owner.shopId, id);
  if (!row) return undefined;
  const isPickupPoint = row.system === 1;
  if (deliveryType === 'pickupPoint' ? !isPickupPoint : isPickupPoint) return undefined;
  return toAddress(row);
}

/** The pickup points of a shop (system addresses), e.g. for the checkout's pickupPoint step. */
export async function listPickupPoints(db: Executor, shopId: number): Promise<Address[]> {
  return (await repo.listPickupPoints(db, shopId)).map(toAddress);
}

function fieldsOf(input: AddressInput): repo.AddressFields {
  return {
    name: input.name,
    address_1: input.address_1,
    address_2: input.address_2,
    city: input.city,
    state_region: input.state_region,
    postal_code: input.postal_code,
    phone_number: input.phone_number,
    country: input.country,
  };
}

function defaultTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw conflict('ADDRESS_DEFAULT_CONFLICT', messages.addresses.defaultChanged);
  }
  throw error;
}

/** `POST /address`: a new own address; the first one, or one sent with `default: true`, becomes the default. */
export async function createAddress(db: Executor, owner: AddressOwner, input: AddressInput): Promise<Address> {
  return inTransaction(db, async (trx) => {
    const at = nowIso();
    const makeDefault = input.default || (await repo.countUserAddresses(trx, owner.id)) === 0;
    if (makeDefault) await repo.clearDefault(trx, owner.id, at);
    const row = await repo
      .insertAddress(trx, {
        ...fieldsOf(input),
        user_id: owner.id,
        shop_id: null,
        system: 0,
        is_default: makeDefault ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .catch(defaultTaken);
    return toAddress(row);
  });
}

/**
 * `PUT /address/{id}`: replaces the fields of an own address; `default: true` makes it the
 * default (sending false never leaves the customer without one: another default must be chosen).
 * Pickup points answer 403: they are the shop's.
 */
export async function updateAddress(db: Executor, owner: AddressOwner, id: number, input: AddressInput): Promise<Address> {
  return inTransaction(db, async (trx) => {
    const existing = await repo.findVisibleAddress(trx, owner.id, owner.shopId, id);
    if (!existing) throw addressNotFound();
    if (existing.system === 1) throw forbidden(messages.addresses.systemNotEditable);
    const at = nowIso();
    if (input.default && existing.is_default !== 1) {
      await repo.clearDefault(trx, owner.id, at);
      await repo.setDefault(trx, owner.id, id, at).catch(defaultTaken);
    }
    const row = await repo.updateUserAddress(trx, owner.id, id, { ...fieldsOf(input), updated_at: at });
    if (!row) throw addressNotFound();
    return toAddress(row);
  });
}

/**
 * `DELETE /address/{id}`: removes an own address; when it was the default, the newest remaining
 * address becomes the default. Orders keep their own copy. Pickup points answer 403.
 */
export async function deleteAddress(db: Executor, owner: AddressOwner, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const existing = await repo.findVisibleAddress(trx, owner.id, owner.shopId, id);
    if (!existing) throw addressNotFound();
    if (existing.system === 1) throw forbidden(messages.addresses.systemNotEditable);
    const removed = await repo.deleteUserAddress(trx, owner.id, id);
    if (!removed) throw addressNotFound();
    if (removed.is_default === 1) {
      const next = await repo.findNewestUserAddress(trx, owner.id);
      if (next) await repo.setDefault(trx, owner.id, next.id, nowIso());
    }
  });
}

/** A pickup point of a shop (demo seed, back office). */
export async function createPickupPoint(
  db: Executor,
  shopId: number,
  input: Omit<AddressInput, 'default'>,
): Promise<Address> {
  const at = nowIso();
  const row = await repo.insertAddress(db, {
    ...fieldsOf({ ...input, default: false }),
    user_id: null,
    shop_id: shopId,
    system: 1,
    is_default: 0,
    created_at: at,
    updated_at: at,
  });
  return toAddress(row);
}
