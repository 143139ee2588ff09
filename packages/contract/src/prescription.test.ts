import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './common/api.js';
import { messages } from './common/messages.js';
import {
  normalizeNre,
  nreProblem,
  PRESCRIPTION_FIELD_DESCRIPTIONS,
  PrescriptionCreateBodySchema,
  PrescriptionUpdateBodySchema,
  prescriptionRequirements,
} from './prescription.js';

const CF = 'RSSMRA85T10A562S';
const pdf = { name: 'ricetta.pdf', type: 'application/pdf', size: 5, base64: 'data:application/pdf;base64,JVBERi0=' };
const errorsOf = (schema: typeof PrescriptionCreateBodySchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error);
};

describe('prescriptionRequirements (spec §4)', () => {
  it('by default a file is required', () => {
    expect(prescriptionRequirements({})).toEqual({ fseConsentRequired: false, nreRequired: false, fileRequired: true });
    expect(prescriptionRequirements({ mode: 'file', nre: '   ' })).toEqual({
      fseConsentRequired: false,
      nreRequired: false,
      fileRequired: true,
    });
  });

  it('with an NRE typed the NRE is required and the file is not', () => {
    expect(prescriptionRequirements({ nre: '1' })).toEqual({ fseConsentRequired: false, nreRequired: true, fileRequired: false });
  });

  it('in the nre and vetnre modes the NRE is required even when empty', () => {
    expect(prescriptionRequirements({ mode: 'nre' }).nreRequired).toBe(true);
    expect(prescriptionRequirements({ mode: 'vetnre' }).fileRequired).toBe(false);
  });

  it('with the FSE consent on (or in fse mode) only the consent is required', () => {
    const fse = { fseConsentRequired: true, nreRequired: false, fileRequired: false };
    expect(prescriptionRequirements({ fse_consent: true, nre: '123' })).toEqual(fse);
    expect(prescriptionRequirements({ mode: 'fse' })).toEqual(fse);
  });
});

describe('NRE 13 to 15 characters', () => {
  it('refuses 12 and 16, accepts 13 and 15', () => {
    expect(nreProblem('1'.repeat(12))).toBe(messages.prescription.nreLength);
    expect(nreProblem('1'.repeat(13))).toBeUndefined();
    expect(nreProblem('1'.repeat(15))).toBeUndefined();
    expect(nreProblem('1'.repeat(16))).toBe(messages.prescription.nreLength);
  });

  it('drops spaces and dashes, uppercases, and refuses symbols', () => {
    expect(normalizeNre('120a 01 2 3456789')).toBe('120A0123456789');
    expect(nreProblem('1200A01234567_9')).toBe(messages.prescription.nreFormat);
  });
});

describe('prescription body', () => {
  it('file mode: needs a file; with one it passes and nre is null', () => {
    expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale: CF })).toEqual({ file: [messages.prescription.fileRequired] });
    const parsed = PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, file: JSON.stringify(pdf), note: '  ', equivalent: '1' });
    expect(parsed).toEqual({
      mode: 'file',
      nre: null,
      fse_consent: false,
      codice_fiscale: CF,
      note: null,
      equivalent: true,
      file: pdf,
    });
  });

  it('nre typed: the NRE is checked and the file is not required', () => {
    expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale: CF, nre: '123' })).toEqual({
      nre: [messages.prescription.nreLength],
    });
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, nre: '1200a0123456789' })).toMatchObject({
      mode: 'nre',
      nre: '1200A0123456789',
      file: null,
    });
  });

  it('nre mode with no NRE asks for the NRE', () => {
    expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale: CF, mode: 'nre' })).toEqual({
      nre: [messages.prescription.nreLength],
    });
  });

  it('fse consent: neither nre nor file, and both nulled in the output', () => {
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, fse_consent: true, nre: 'short', file: pdf })).toMatchObject({
      mode: 'fse',
      fse_consent: true,
      nre: null,
      file: null,
    });
    expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale: CF, mode: 'fse', fse_consent: false })).toEqual({
      fse_consent: [messages.prescription.fseConsentRequired],
    });
  });

  it("requires a fiscal code with 'Selezionare un codice fiscale.' and uppercases it", () => {
    for (const codice_fiscale of [undefined, null, '', '   ']) {
      expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale, fse_consent: true })).toEqual({
        codice_fiscale: ['Selezionare un codice fiscale.'],
      });
    }
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF.toLowerCase(), fse_consent: 1 }).codice_fiscale).toBe(CF);
    // Missing or not text, it is still told beside what the mode asks and the other fields' refusals (decision 0679).
    for (const codice_fiscale of [undefined, null, 42]) {
      expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale, mode: 'fse', note: 'x'.repeat(1001) })).toEqual({
        codice_fiscale: ['Selezionare un codice fiscale.'],
        fse_consent: [messages.prescription.fseConsentRequired],
        note: ['Massimo 1000 caratteri.'],
      });
    }
    expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale: 'RSSMRA85T10A562T', fse_consent: true })).toEqual({
      codice_fiscale: [messages.fiscalCode.controlChar],
    });
  });

  it('refuses a body that is not an object as a whole, without running its rules', () => {
    for (const body of [null, [], 42, 'ricetta']) {
      expect(PrescriptionCreateBodySchema.safeParse(body).error?.issues.map((issue) => issue.path)).toEqual([[]]);
    }
  });

  it('on update the stored file can be kept by name; on create it cannot', () => {
    const kept = { codice_fiscale: CF, file: { name: 'ricetta.pdf' } };
    expect(PrescriptionUpdateBodySchema.parse(kept).file).toEqual({ name: 'ricetta.pdf' });
    expect(errorsOf(PrescriptionCreateBodySchema, kept)).toEqual({ file: [messages.prescription.fileRequired] });
  });

  it('after the file is removed the file is required again', () => {
    expect(errorsOf(PrescriptionUpdateBodySchema, { codice_fiscale: CF, file: null })).toEqual({
      file: [messages.prescription.fileRequired],
    });
  });

  it('refuses a file of a wrong format with the spec message', () => {
    expect(errorsOf(PrescriptionCreateBodySchema, { codice_fiscale: CF, file: { ...pdf, name: 'ricetta.docx' } })).toEqual({
      'file.name': ["Formato file 'ricetta.docx' non valido."],
    });
  });
});

describe("the prescription body's document (decision 0670)", () => {
  it('says on each mode-dependent field when it is required, on create and on update', () => {
    for (const schema of [PrescriptionCreateBodySchema, PrescriptionUpdateBodySchema]) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { description?: string }> };
      for (const [field, description] of Object.entries(PRESCRIPTION_FIELD_DESCRIPTIONS)) {
        expect(json.properties[field]?.description, field).toBe(description);
      }
    }
  });

  it('states the fiscal code as required and a string, as it is in every mode (decision 0679)', () => {
    for (const schema of [PrescriptionCreateBodySchema, PrescriptionUpdateBodySchema]) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { required?: string[]; properties: Record<string, unknown> };
      expect(json.required).toEqual(['codice_fiscale']);
      expect(json.properties.codice_fiscale).toMatchObject({ type: 'string' });
      expect(json.properties.codice_fiscale).not.toHaveProperty('anyOf');
    }
  });
});
