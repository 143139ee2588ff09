import { messages } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { checkPrescriptionForm, emptyForm, formOf, inputsOf } from './prescription-form';
import { parsePrescriptionEntry } from './prescriptions-api';

const CF = 'RSSMRA85T10A562S';
const upload = { kind: 'new' as const, name: 'r.pdf', value: { name: 'r.pdf', type: 'application/pdf', base64: 'data:application/pdf;base64,JVBERi0=' } };

describe('prescription form rules (spec §4, §5)', () => {
  it('asks for a fiscal code first', () => {
    const check = checkPrescriptionForm({ ...emptyForm('nre'), nre: 'ABCDEFGHIJKLM' }, false);
    expect(check.valid).toBe(false);
    expect(check.errors.codice_fiscale).toBe(messages.fiscalCode.select);
  });

  it('requires a file by default, and not once an NRE is typed', () => {
    const base = { ...emptyForm('file'), codice_fiscale: CF };
    expect(checkPrescriptionForm(base, false)).toMatchObject({ valid: false, needs: { fileRequired: true, nreRequired: false } });
    expect(checkPrescriptionForm(base, false).errors.file).toBe(messages.prescription.fileRequired);
    expect(checkPrescriptionForm({ ...base, file: upload }, false).valid).toBe(true);
    const withNre = checkPrescriptionForm({ ...base, nre: '010A0 1234567890' }, false);
    expect(withNre).toMatchObject({ valid: true, needs: { fileRequired: false, nreRequired: true } });
    expect(checkPrescriptionForm({ ...base, nre: '12345' }, false).errors.nre).toBe(messages.prescription.nreLength);
  });

  it('in the fse mode needs the consent and neither NRE nor file', () => {
    const base = { ...emptyForm('fse'), codice_fiscale: CF };
    expect(checkPrescriptionForm(base, false)).toMatchObject({ valid: false, needs: { fseConsentRequired: true, fileRequired: false } });
    expect(checkPrescriptionForm({ ...base, fse_consent: true }, false).valid).toBe(true);
  });

  it('keeps a stored file on edit, and requires one again after it is removed', () => {
    const stored = formOf({
      id: 3,
      mode: 'vetfile',
      nre: null,
      fse_consent: false,
      codice_fiscale: CF,
      note: null,
      equivalent: false,
      file: { name: 'ricetta.jpg', url: '/api/files/9' },
    });
    expect(checkPrescriptionForm(stored, true).valid).toBe(true);
    // A bare name is no file on create.
    expect(checkPrescriptionForm(stored, false).valid).toBe(false);
    const removed = checkPrescriptionForm({ ...stored, file: null }, true);
    expect(removed.valid).toBe(false);
    expect(removed.errors.file).toBe(messages.prescription.fileRequired);
  });

  it('shows the inputs of each mode', () => {
    expect(inputsOf('fse')).toEqual({ consent: true, nre: false, file: false });
    expect(inputsOf('vetnre')).toEqual({ consent: false, nre: true, file: false });
    expect(inputsOf('file')).toEqual({ consent: false, nre: true, file: true });
  });

  it('reads the route: a mode creates, a numeric id above 0 edits', () => {
    expect(parsePrescriptionEntry('nre')).toEqual({ kind: 'new', mode: 'nre' });
    expect(parsePrescriptionEntry('vetfile')).toEqual({ kind: 'new', mode: 'vetfile' });
    expect(parsePrescriptionEntry('42')).toEqual({ kind: 'edit', id: 42 });
    for (const entry of ['0', '-1', 'abc', '1.5', 'NRE', '2147483648']) expect(parsePrescriptionEntry(entry).kind).toBe('unknown');
  });
});
