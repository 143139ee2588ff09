import {
  isNewUpload,
  messages,
  type Prescription,
  type PrescriptionInput,
  type StoredFile,
} from '@farmacia/contract';
import { validationFailed } from '../../errors.js';
import type { CartOwner } from '../cart/index.js';
import { cartRequests, keepsStoredFile } from '../cart/index.js';
import { isOwnFiscalCode } from '../fiscal-codes/index.js';
import { assertHealthConsent } from '../health-data/index.js';
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

const requests = cartRequests({ table: 'prescriptions', toOutput: toPrescription, notFoundMessage: PRESCRIPTION_NOT_FOUND });

export const presentPrescriptions = requests.presentAll;

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

/** The columns the form sets. */
function fieldsOf(input: PrescriptionInput) {
  return {
    mode: input.mode,
    nre: input.nre,
    fse_consent: input.fse_consent ? 1 : 0,
    codice_fiscale: input.codice_fiscale,
    note: input.note,
    equivalent: input.equivalent ? 1 : 0,
  };
}

export const listPrescriptions = requests.list;

export const getPrescription = requests.get;

export async function createPrescription(ctx: ServiceContext, owner: CartOwner, input: PrescriptionInput): Promise<Prescription> {
  await assertHealthConsent(ctx, owner.userId);
  await checkFiscalCode(ctx, owner.userId, input.codice_fiscale);
  if (needsFile(input) && !isNewUpload(input.file)) throw fileRequired();
  return requests.create(ctx, owner, input.file, fieldsOf(input));
}

export async function updatePrescription(
  ctx: ServiceContext,
  owner: CartOwner,
  id: number,
  input: PrescriptionInput,
): Promise<Prescription> {
  const existing = await requests.ownedOrNotFound(ctx, owner, id);
  await assertHealthConsent(ctx, owner.userId);
  await checkFiscalCode(ctx, owner.userId, input.codice_fiscale);
  if (needsFile(input) && keepsStoredFile(input.file) && existing.file_id === null) throw fileRequired();
  return requests.update(ctx, owner, existing, input.file, fieldsOf(input));
}

export const deletePrescription = requests.remove;

/** Clearing the cart: every prescription in it goes, with its file. */
export const deleteAllPrescriptionsInCart = requests.removeAllInCart;

/** The prescriptions of a cart, as the cart shows them. */
export const prescriptionsInCart = requests.inCart;
