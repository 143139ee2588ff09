import {
  type Prescription,
  PrescriptionCreateBodySchema,
  type PrescriptionMode,
  type PrescriptionRequirements,
  prescriptionRequirements,
  PrescriptionUpdateBodySchema,
} from '@farmacia/contract';
import { fileFieldOf, type PickedFile } from '../../components/file-picker';
import '../../lib/validation-locale';

/** What the 'Inserisci ricetta' form holds. */
export interface PrescriptionFormValues {
  mode: PrescriptionMode;
  codice_fiscale: string;
  nre: string;
  fse_consent: boolean;
  note: string;
  equivalent: boolean;
  file: PickedFile;
}

export type PrescriptionField = 'codice_fiscale' | 'nre' | 'fse_consent' | 'note' | 'equivalent' | 'file';

export function emptyForm(mode: PrescriptionMode): PrescriptionFormValues {
  return { mode, codice_fiscale: '', nre: '', fse_consent: false, note: '', equivalent: false, file: null };
}

export function formOf(prescription: Prescription): PrescriptionFormValues {
  return {
    mode: prescription.mode,
    codice_fiscale: prescription.codice_fiscale,
    nre: prescription.nre ?? '',
    fse_consent: prescription.fse_consent,
    note: prescription.note ?? '',
    equivalent: prescription.equivalent,
    file: prescription.file ? { kind: 'stored', name: prescription.file.name, file: prescription.file } : null,
  };
}

/** The request body (spec §7: nre, fse_consent, codice_fiscale, note, equivalent, file as JSON text). */
export function bodyOf(values: PrescriptionFormValues): Record<string, unknown> {
  return {
    mode: values.mode,
    nre: values.nre,
    fse_consent: values.fse_consent,
    codice_fiscale: values.codice_fiscale,
    note: values.note,
    equivalent: values.equivalent,
    file: fileFieldOf(values.file),
  };
}

export interface PrescriptionFormCheck {
  valid: boolean;
  /** The first message per field, from the contract's schema: the server's own rules (spec §5). */
  errors: Partial<Record<PrescriptionField, string>>;
  /** Spec §4 requirement logic, live: what is required right now. */
  needs: PrescriptionRequirements;
}

/**
 * Checks the form with the same schema the server uses (`prescriptionBodySchema`): with a stored
 * file the update schema accepts keeping it by name; after its removal the file is required again.
 */
export function checkPrescriptionForm(values: PrescriptionFormValues, editing: boolean): PrescriptionFormCheck {
  const schema = editing ? PrescriptionUpdateBodySchema : PrescriptionCreateBodySchema;
  const result = schema.safeParse(bodyOf(values));
  const errors: Partial<Record<PrescriptionField, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as PrescriptionField;
      errors[field] ??= issue.message;
    }
  }
  return {
    valid: result.success,
    errors,
    needs: prescriptionRequirements({ mode: values.mode, nre: values.nre, fse_consent: values.fse_consent }),
  };
}

/** Which inputs a mode shows: the FSE consent, the NRE, the file (with the NRE as an alternative). */
export function inputsOf(mode: PrescriptionMode): { consent: boolean; nre: boolean; file: boolean } {
  switch (mode) {
    case 'fse':
      return { consent: true, nre: false, file: false };
    case 'nre':
    case 'vetnre':
      return { consent: false, nre: true, file: false };
    case 'file':
    case 'vetfile':
      return { consent: false, nre: true, file: true };
  }
}
