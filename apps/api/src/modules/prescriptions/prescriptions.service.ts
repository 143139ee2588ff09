import {
  isNewUpload,
  messages,
  type Prescription,
  type PrescriptionInput,
  type StoredFile,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import { cartIdOf, ensureCartId, type CartOwner } from '../cart/cart-owner.js';
import { deleteFiles, saveUpload, storedFilesById } from '../files/files.service.js';
import { isOwnFiscalCode } from '../fiscal-codes/fiscal-codes.service.js';
import { assertHealthConsent } from '../health-data/health-consent.guard.js';
import * as repo from './prescriptions.repository.js';
import type { PrescriptionRow } from './prescriptions.table.js';

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

export async function presentPrescriptions(app: FastifyInstance, rows: readonly PrescriptionRow[]): Promise<Prescription[]> {
  const files = await storedFilesById(app, rows.map((r) => r.file_id));
  return rows.map((row) => toPrescription(row, row.file_id === null ? null : (files.get(row.file_id) ?? null)));
}

async function present(app: FastifyInstance, row: PrescriptionRow): Promise<Prescription> {
  const [one] = await presentPrescriptions(app, [row]);
  return one!;
}

async function checkFiscalCode(app: FastifyInstance, userId: number, code: string): Promise<void> {
  if (!(await isOwnFiscalCode(app, userId, code))) throw validationFailed({ codice_fiscale: [messages.fiscalCode.select] });
}

/** The file the form needs but the stored row cannot provide: 422 on `file`. */
function fileRequired() {
  return validationFailed({ file: [messages.prescription.fileRequired] });
}

/** Whether the prescription, as it will be saved, still needs a file (spec §4). */
function needsFile(input: PrescriptionInput): boolean {
  return !input.fse_consent && input.nre === null;
}

export async function listPrescriptions(app: FastifyInstance, owner: CartOwner): Promise<Prescription[]> {
  const cartId = await cartIdOf(app, owner);
  if (cartId === undefined) return [];
  return presentPrescriptions(app, await repo.listInCart(app.db, owner.userId, cartId));
}

async function ownedOrNotFound(app: FastifyInstance, owner: CartOwner, id: number): Promise<PrescriptionRow> {
  const cartId = await cartIdOf(app, owner);
  const row = cartId === undefined ? undefined : await repo.findInCart(app.db, owner.userId, cartId, id);
  if (!row) throw notFound(PRESCRIPTION_NOT_FOUND);
  return row;
}

export async function getPrescription(app: FastifyInstance, owner: CartOwner, id: number): Promise<Prescription> {
  return present(app, await ownedOrNotFound(app, owner, id));
}

export async function createPrescription(app: FastifyInstance, owner: CartOwner, input: PrescriptionInput): Promise<Prescription> {
  await assertHealthConsent(app, owner.userId);
  await checkFiscalCode(app, owner.userId, input.codice_fiscale);
  if (needsFile(input) && !isNewUpload(input.file)) throw fileRequired();
  const cartId = await ensureCartId(app, owner);
  const file = isNewUpload(input.file) ? await saveUpload(app, owner, input.file) : null;
  const at = nowIso();
  try {
    const row = await repo.insert(app.db, {
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
    return await present(app, row);
  } catch (error) {
    await deleteFiles(app, [file?.id]);
    throw error;
  }
}

export async function updatePrescription(
  app: FastifyInstance,
  owner: CartOwner,
  id: number,
  input: PrescriptionInput,
): Promise<Prescription> {
  const existing = await ownedOrNotFound(app, owner, id);
  await assertHealthConsent(app, owner.userId);
  await checkFiscalCode(app, owner.userId, input.codice_fiscale);
  // `{ name }` keeps the stored file, `null` removes it, a new upload replaces it.
  const keep = input.file !== null && !isNewUpload(input.file);
  if (needsFile(input) && keep && existing.file_id === null) throw fileRequired();
  const upload = isNewUpload(input.file) ? await saveUpload(app, owner, input.file) : null;
  const fileId = upload ? upload.id : keep ? existing.file_id : null;
  let row: PrescriptionRow;
  try {
    row = await repo.update(app.db, id, owner.userId, {
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
    await deleteFiles(app, [upload?.id]);
    throw error;
  }
  if (existing.file_id !== fileId) await deleteFiles(app, [existing.file_id]);
  return present(app, row);
}

export async function deletePrescription(app: FastifyInstance, owner: CartOwner, id: number): Promise<void> {
  const existing = await ownedOrNotFound(app, owner, id);
  await repo.remove(app.db, id, owner.userId);
  await deleteFiles(app, [existing.file_id]);
}

/** Clearing the cart: every prescription in it goes, with its file. */
export async function deleteAllPrescriptionsInCart(app: FastifyInstance, cartId: number): Promise<void> {
  await deleteFiles(app, await repo.removeAllInCart(app.db, cartId));
}

/** The prescriptions of a cart, as the cart shows them. */
export async function prescriptionsInCart(app: FastifyInstance, userId: number, cartId: number): Promise<Prescription[]> {
  return presentPrescriptions(app, await repo.listInCart(app.db, userId, cartId));
}
