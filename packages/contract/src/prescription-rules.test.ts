import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common/api.js';
import { messages } from './common/messages.js';
import { PrescriptionCreateBodySchema, PrescriptionUpdateBodySchema, prescriptionRequirements } from './prescription.js';

const CF = 'RSSMRA85T10A562S';
const pdf = { name: 'ricetta.pdf', type: 'application/pdf', size: 5, base64: 'data:application/pdf;base64,JVBERi0=' };
const errorsOf = (value: unknown) => {
  const result = PrescriptionCreateBodySchema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error);
};

/** The requirement logic and its edges, beyond the spec's examples (issue 21). */
describe('prescription requirements, edge by edge', () => {
  it('keeps the mode the client chose, and infers it only when absent', () => {
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, mode: 'vetnre', nre: '1200A0123456789' }).mode).toBe('vetnre');
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, mode: null, file: pdf }).mode).toBe('file');
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, fse_consent: true }).mode).toBe('fse');
  });

  it('in the vetnre mode, as in nre, an empty NRE is refused and no file is asked', () => {
    expect(errorsOf({ codice_fiscale: CF, mode: 'vetnre' })).toEqual({ nre: [messages.prescription.nreLength] });
    expect(prescriptionRequirements({ mode: 'vetnre' })).toEqual({ fseConsentRequired: false, nreRequired: true, fileRequired: false });
    expect(prescriptionRequirements({ nre: ' - ' })).toEqual({ fseConsentRequired: false, nreRequired: false, fileRequired: true });
    expect(prescriptionRequirements({ mode: 'fse', fse_consent: false }).fseConsentRequired).toBe(true);
  });

  it('refuses an NRE of the right length with a symbol, and an NRE that is not text', () => {
    expect(errorsOf({ codice_fiscale: CF, nre: '1200A01234567_9' })).toEqual({ nre: [messages.prescription.nreFormat] });
    expect(errorsOf({ codice_fiscale: CF, nre: 1200012345678 })).toEqual({ nre: [messages.prescription.nreLength] });
    expect(errorsOf({ codice_fiscale: 42, fse_consent: true })).toEqual({ codice_fiscale: [messages.fiscalCode.select] });
  });

  it('keeps the NRE with the file when both are sent, and the file of an update kept by name', () => {
    expect(PrescriptionCreateBodySchema.parse({ codice_fiscale: CF, nre: '1200a0123456789', file: pdf })).toMatchObject({
      mode: 'nre',
      nre: '1200A0123456789',
      file: pdf,
    });
    expect(PrescriptionUpdateBodySchema.parse({ codice_fiscale: CF, nre: '', file: { name: 'ricetta.pdf' } })).toMatchObject({
      mode: 'file',
      nre: null,
    });
  });

  it('reports every problem of a body at once, each on its field', () => {
    expect(errorsOf({ codice_fiscale: '', mode: 'fse', note: 'x'.repeat(1001) })).toEqual({
      codice_fiscale: [messages.fiscalCode.select],
      fse_consent: [messages.prescription.fseConsentRequired],
      note: expect.any(Array),
    });
  });

  it('raises its own refusals as custom issues, each on its field', () => {
    const issues = (value: unknown) => {
      const result = PrescriptionCreateBodySchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.code} ${i.path.join('.')}`);
    };
    expect(issues({ codice_fiscale: '', mode: 'fse' })).toEqual(['custom codice_fiscale', 'custom fse_consent']);
    expect(issues({ codice_fiscale: 'RSSMRA85T10A562T', nre: '123' })).toEqual(['custom codice_fiscale', 'custom nre']);
    expect(issues({ codice_fiscale: CF })).toEqual(['custom file']);
  });
});
