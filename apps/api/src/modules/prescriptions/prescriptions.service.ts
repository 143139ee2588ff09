import {
  isNewUpload,
  messages,
  type Prescription,
  type PrescriptionInput,
  type StoredFile,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import { cartIdOf, ensureCartId, type CartOwner } from '../cart/index.js';
import { deleteFiles, saveUpload, storedFilesById } from '../files/index.js';
import { isOwnFiscalCode } from '../fiscal-codes/index.js';
import { assertHealthConsent } from '../health-data/index.js';
import * as repo from './prescriptions.repository.js';
import type { PrescriptionRow } from './prescriptions.table.js';
import type { ServiceContext } from '../../context.js';

/**
 * Prescriptions in the cart (spec §4 Prescription form, §5; ARCHITECTURE §7). The body arrives
 * checked by the contract (requirement logic, NRE, FSE consent nulling nre and file); here:
 * the fiscal code must be one of the customer's own, the file goes to encrypted storage, and a
 * "keep the stored file" on update only counts when there is one.
 */

export const PRESCRIPTION_NOT_FOUND = messages.prescription.notFound;

export function toPrescription(row: PrescriptionRow, file: StoredFile | null): Prescription {
  return {
    id: row.id,
    mode: row.mode as Prescription['mode'],
    nre: row.nre,
    fse_consent: row.fse_consent === 1,
    codice_fiscale: row.codice_fiscale,
    note: row.note,
    equivalent: row.equivalent === 1,
    file,
  };
}

export async function presentPrescriptions(ctx: ServiceContext, rows: readonly PrescriptionRow[]): Promise<Prescription[]> {
  const files = await storedFilesById(ctx, rows.map((r) => r.file_id));
  return rows.map((row) => toPrescription(row, row.file_id === null ? null : (files.get(row.file_id) ?? null)));
}

async function present(ctx: ServiceContext, row: PrescriptionRow): Promise<Prescription> {
  const [one] = await presentPrescriptions(ctx, [row]);
  return one!;
}

async function checkFiscalCode(ctx: ServiceContext, userId: number, code: string): Promise<void> {
  if (!(await isOwnFiscalCode(ctx, userId, code))) throw validationFailed({ codice_fiscale: [messages.fiscalCode.select] });
}

/** The file the form needs but the stored row cannot provide: 422 on `file`. */
function fileRequired() {
  return validationFailed({ file: [messages.prescription.fileRequired] });
}

/** Whether the prescription, as it will be saved, still needs a file (spec §4). */
function needsFile(input: PrescriptionInput): boolean {
  return !input.fse_consent && input.nre === null;
}

export async function listPrescriptions(ctx: ServiceContext, owner: CartOwner): Promise<Prescription[]> {
  const cartId = await cartIdOf(ctx, owner);
  if (cartId === undefined) return [];
  return presentPrescriptions(ctx, await repo.listInCart(ctx.db, owner.userId, cartId));
}

async function ownedOrNotFound(ctx: ServiceContext, owner: CartOwner, id: number): Promise<PrescriptionRow> {
  const cartId = await cartIdOf(ctx, owner);
  const row = cartId === undefined ? undefined : await repo.findInCart(ctx.db, owner.userId, cartId, id);
  if (!row) throw notFound(PRESCRIPTION_NOT_FOUND);
  return row;
}

export async function getPrescription(ctx: ServiceContext, owner: CartOwner, id: number): Promise<Prescription> {
  return present(ctx, await ownedOrNotFound(ctx, owner, id));
}

export async function createPrescription(ctx: ServiceContext, owner: CartOwner, input: PrescriptionInput): Promise<Prescription> {
  await assertHealthConsent(ctx, owner.userId);
  await checkFiscalCode(ctx, owner.userId, input.codice_fiscale);
  if (needsFile(input) && !isNewUpload(input.file)) throw fileRequired();
  const cartId = await ensureCartId(ctx, owner);
  const file = isNewUpload(input.file) ? await saveUpload(ctx, owner, input.file) : null;
  const at = nowIso();
  try {
    const row = await repo.insert(ctx.db, {
      user_id: owner.userId,
      shop_id: owner.shopId,
      cart_id: cartId,
      order_id: null,
      mode: input.mode,
      nre: input.nre,
      fse_consent: input.fse_consent ? 1 : 0,
      codice_fiscale: input.codice_fiscale,
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

export async function updatePrescription(
  ctx: ServiceContext,
  owner: CartOwner,
  id: number,
  input: PrescriptionInput,
): Promise<Prescription> {
  const existing = await ownedOrNotFound(ctx, owner, id);
  await assertHealthConsent(ctx, owner.userId);
  await checkFiscalCode(ctx, owner.userId, input.codice_fiscale);
  // `{ name }` keeps the stored file, `null` removes it, a new upload replaces it.
  const keep = input.file !== null && !isNewUpload(input.file);
  if (needsFile(input) && keep && existing.file_id === null) throw fileRequired();
  const upload = isNewUpload(input.file) ? await saveUpload(ctx, owner, input.file) : null;
  const fileId = upload ? upload.id : keep ? existing.file_id : null;
  let row: PrescriptionRow;
  try {
    row = await repo.update(ctx.db, id, owner.userId, {
      mode: input.mode,
      nre: input.nre,
      fse_consent: input.fse_consent ? 1 : 0,
      codice_fiscale: input.codice_fiscale,
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

export async function deletePrescription(ctx: ServiceContext, owner: CartOwner, id: number): Promise<void> {
  const existing = await ownedOrNotFound(ctx, owner, id);
  await repo.remove(ctx.db, id, owner.userId);
  await deleteFiles(ctx, [existing.file_id]);
}

/** Clearing the cart: every prescription in it goes, with its file. */
export async function deleteAllPrescriptionsInCart(ctx: ServiceContext, cartId: number): Promise<void> {
  await deleteFiles(ctx, await repo.removeAllInCart(ctx.db, cartId));
}

/** The prescriptions of a cart, as the cart shows them. */
export async function prescriptionsInCart(ctx: ServiceContext, userId: number, cartId: number): Promise<Prescription[]> {
  return presentPrescriptions(ctx, await repo.listInCart(ctx.db, userId, cartId));
}
