import { z } from 'zod';
import { dataEnvelope, dataListEnvelope } from './common/api.js';
import { type FileField, FileFieldSchema, isNewUpload, StoredFileSchema } from './common/file.js';
import { fiscalCodeProblem, normalizeFiscalCode } from './common/fiscal-code.js';
import { optionalBooleanish } from './common/flags.js';
import { fillMessage } from './common/messages.js';
import { fiscalCodeMessages, prescriptionMessages, validationMessages } from './common/message-groups.js';
import { optionalText } from './common/text.js';
import { NRE_MAX_LENGTH, NRE_MIN_LENGTH } from './constants.js';
import { normalizeNre, nreProblem } from './prescription-rules.js';

export * from './prescription-rules.js';

/**
 * Prescriptions in the cart (spec §2 Prescription entry, §3, §4 Prescription form, §5; calls
 * `/cart/prescriptions[/{id}]`). A prescription is always tied to one of the customer's fiscal
 * codes and comes in one of three ways: consent to read it from the FSE (Fascicolo Sanitario
 * Elettronico), its NRE number, or a photo/PDF of the paper.
 */

/** Entry modes of spec §2: FSE consent, NRE number, file; `vet*` are veterinary prescriptions. */
export const PRESCRIPTION_MODES = ['fse', 'nre', 'file', 'vetnre', 'vetfile'] as const;
export const PrescriptionModeSchema = z.enum(PRESCRIPTION_MODES);
export type PrescriptionMode = z.infer<typeof PrescriptionModeSchema>;

/** Longest note to the pharmacist. */
export const PRESCRIPTION_NOTE_MAX_LENGTH = 1000;

/** What the form needs, given what has been typed so far (spec §4 Requirement logic). */
export interface PrescriptionRequirements {
  /** The FSE consent checkbox must be ticked. */
  fseConsentRequired: boolean;
  /** An NRE of 13–15 characters is required. */
  nreRequired: boolean;
  /** A file is required. */
  fileRequired: boolean;
}

/** The values {@link prescriptionRequirements} looks at. */
export interface PrescriptionRequirementInput {
  mode?: PrescriptionMode | null | undefined;
  nre?: string | null | undefined;
  fse_consent?: boolean | null | undefined;
}

/**
 * Spec §4: by default a file is required; with an NRE typed, the NRE is required and the file is
 * not; with the FSE consent on (or in the fse mode), the consent is required and neither NRE nor
 * file. The nre/vetnre modes show no file input, so there the NRE is required even when empty.
 * After a file is removed, the file is required again — the default. Pure: the web form calls it
 * on every change, the server through {@link prescriptionBodySchema}.
 */
export function prescriptionRequirements(values: PrescriptionRequirementInput): PrescriptionRequirements {
  if (values.fse_consent === true || values.mode === 'fse') {
    return { fseConsentRequired: true, nreRequired: false, fileRequired: false };
  }
  const nreTyped = normalizeNre(values.nre ?? '') !== '';
  if (nreTyped || values.mode === 'nre' || values.mode === 'vetnre') {
    return { fseConsentRequired: false, nreRequired: true, fileRequired: false };
  }
  return { fseConsentRequired: false, nreRequired: false, fileRequired: true };
}

/**
 * {@link prescriptionRequirements} in the document's words, field by field (decision 0670): which
 * field a prescription needs depends on `mode`, `fse_consent` and whether an NRE is typed, and `mode`
 * is optional and inferred: a discriminated union (`oneOf`) would answer a body without `mode` with
 * one union error instead of each field's message.
 */
export const PRESCRIPTION_FIELD_DESCRIPTIONS = {
  mode: 'Modalità di inserimento; se manca si deduce: fse con il consenso FSE, nre con un NRE, altrimenti file.',
  nre: 'Numero di ricetta elettronica, 13–15 caratteri: obbligatorio con mode nre o vetnre e quando è indicato; ignorato con il consenso FSE.',
  fse_consent: 'Consenso al Fascicolo Sanitario Elettronico: obbligatorio (vero) con mode fse; se vero, nre e file sono ignorati.',
  file: 'La ricetta come file: obbligatorio senza consenso FSE né NRE (mode file, vetfile o nessuno).',
  codice_fiscale:
    'Codice fiscale dell\u2019intestatario, obbligatorio in ogni modalità (16 caratteri): data di nascita e carattere di controllo sono verificati.',
} as const;

/** The mode a prescription was entered in, when the body does not say it. */
export function inferPrescriptionMode(values: { fse_consent: boolean; nre: string | null }): PrescriptionMode {
  if (values.fse_consent) return 'fse';
  return values.nre ? 'nre' : 'file';
}

/**
 * Body of `POST /cart/prescriptions` and `PUT /cart/prescriptions/{id}` (spec §7: nre,
 * fse_consent, codice_fiscale, note, equivalent, file; plus the optional entry `mode`).
 * Rules (spec §5): a fiscal code must be chosen ('Selezionare un codice fiscale.'), sent
 * uppercase; the requirement logic of {@link prescriptionRequirements}; the NRE 13–15 characters;
 * with the FSE consent on, nre and file come out `null`.
 *
 * `allowKeptFile`: on update the client may send back the stored file's `{ name }` to keep it;
 * on create only a new upload satisfies "file required".
 */
export function prescriptionBodySchema(options: { allowKeptFile: boolean }) {
  return z
    .object({
      mode: PrescriptionModeSchema.nullish()
        .transform((v) => v ?? undefined)
        .meta({ description: PRESCRIPTION_FIELD_DESCRIPTIONS.mode }),
      nre: z
        .string({ error: prescriptionMessages.nreLength })
        .nullish()
        .transform((v) => (v ? normalizeNre(v) : ''))
        .meta({ description: PRESCRIPTION_FIELD_DESCRIPTIONS.nre }),
      fse_consent: optionalBooleanish().meta({ description: PRESCRIPTION_FIELD_DESCRIPTIONS.fse_consent }),
      // Required in the document as in every mode; missing, null or not a string: 'select' (decision 0679).
      codice_fiscale: z
        .string({ error: fiscalCodeMessages.select })
        .transform(normalizeFiscalCode)
        .meta({ description: PRESCRIPTION_FIELD_DESCRIPTIONS.codice_fiscale }),
      note: optionalText(PRESCRIPTION_NOTE_MAX_LENGTH, { multiline: true }).transform((v) => v ?? null),
      equivalent: optionalBooleanish(),
      file: FileFieldSchema.meta({ description: PRESCRIPTION_FIELD_DESCRIPTIONS.file }),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (typeof body.codice_fiscale !== 'string') {
          // refused above as missing, null or not a string (its raw value); the mode's requirements are still told
        } else if (body.codice_fiscale === '') {
          ctx.addIssue({ code: 'custom', path: ['codice_fiscale'], message: fiscalCodeMessages.select });
        } else {
          const problem = fiscalCodeProblem(body.codice_fiscale);
          if (problem) ctx.addIssue({ code: 'custom', path: ['codice_fiscale'], message: problem });
        }
        const needs = prescriptionRequirements(body);
        if (needs.fseConsentRequired && !body.fse_consent) {
          ctx.addIssue({ code: 'custom', path: ['fse_consent'], message: prescriptionMessages.fseConsentRequired });
        }
        if (needs.nreRequired) {
          const problem = nreProblem(body.nre); // an empty NRE is too short
          if (problem) ctx.addIssue({ code: 'custom', path: ['nre'], message: problem });
        }
        if (needs.fileRequired && !hasFile(body.file, options.allowKeptFile)) {
          ctx.addIssue({ code: 'custom', path: ['file'], message: prescriptionMessages.fileRequired });
        }
      }, ONLY_FISCAL_CODE_REFUSED),
    )
    .transform((body) => {
      const fse = body.fse_consent;
      const nre = fse || body.nre === '' ? null : body.nre;
      return {
        mode: body.mode ?? inferPrescriptionMode({ fse_consent: fse, nre }),
        nre,
        fse_consent: fse,
        codice_fiscale: body.codice_fiscale,
        note: body.note,
        equivalent: body.equivalent,
        file: fse ? null : body.file,
      };
    });
}

/**
 * The body's rules run when zod would run them (every issue so far lets parsing go on: the other
 * fields hold parsed values) and also when the fiscal code was refused as missing or not a string:
 * a body without one (required in the document) still hears what its mode asks, as when a missing
 * code was read as ''. Any other field refused by type holds its raw value, which the rules must not read.
 */
const ONLY_FISCAL_CODE_REFUSED: object = {
  // An issue of the body itself (not an object) has no path yet: the rules do not run.
  when: (payload: { issues: ReadonlyArray<{ path?: readonly PropertyKey[]; continue?: boolean }> }) =>
    payload.issues.every((issue) => issue.continue === true || issue.path?.[0] === 'codice_fiscale'),
};

function hasFile(file: FileField, allowKeptFile: boolean): boolean {
  return file !== null && (allowKeptFile || isNewUpload(file));
}

/** `POST /cart/prescriptions`. */
export const PrescriptionCreateBodySchema = prescriptionBodySchema({ allowKeptFile: false });
/** `PUT /cart/prescriptions/{id}`: the stored file may be kept by sending back its `{ name }`. */
export const PrescriptionUpdateBodySchema = prescriptionBodySchema({ allowKeptFile: true });
export type PrescriptionBody = z.input<typeof PrescriptionCreateBodySchema>;
export type PrescriptionInput = z.output<typeof PrescriptionUpdateBodySchema>;

/** A prescription as the API answers it: the body's fields plus id (spec §7). */
export const PrescriptionSchema = z.object({
  id: z.number().int(),
  mode: PrescriptionModeSchema,
  nre: z.string().nullable(),
  fse_consent: z.boolean(),
  codice_fiscale: z.string(),
  note: z.string().nullable(),
  /** 'Farmaco equivalente': the customer accepts an equivalent (generic) medicine. */
  equivalent: z.boolean(),
  file: StoredFileSchema.nullable(),
});
export type Prescription = z.infer<typeof PrescriptionSchema>;

/** `GET /cart/prescriptions` → `{ data: Prescription[] }`. */
export const PrescriptionListResponseSchema = dataListEnvelope(PrescriptionSchema);
/** `GET /cart/prescriptions/{id}`, `POST`, `PUT` → `{ data: Prescription }`. */
export const PrescriptionResponseSchema = dataEnvelope(PrescriptionSchema);

/** The NRE length message with its bounds, for a hint under the field. */
export const NRE_HINT = fillMessage(validationMessages.lengthBetween, { min: NRE_MIN_LENGTH, max: NRE_MAX_LENGTH });
