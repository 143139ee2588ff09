import { describe, expect, it } from 'vitest';
import { euLogoLinkOf, isValidPartitaIva, normalizePartitaIva, ShopLegalBodySchema } from './shop-legal.js';

const errorsOf = (input: unknown) => {
  const parsed = ShopLegalBodySchema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
};

describe('partita IVA', () => {
  it('accepts numbers whose check digit is right', () => {
    // Real, public numbers: Agenzia delle Entrate's own example and two companies'.
    for (const vat of ['12345678903', '00743110157', '00488410010', '06363391001']) expect(isValidPartitaIva(vat), vat).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters and all zeros', () => {
    for (const vat of ['12345678901', '00743110158', '1234567890', '123456789012', '1234567890A', '00000000000', '']) {
      expect(isValidPartitaIva(vat), vat).toBe(false);
    }
  });

  it('reads the number as people copy it from an invoice', () => {
    expect(normalizePartitaIva('IT 007 431 101 57')).toBe('00743110157');
    expect(normalizePartitaIva('it00743110157')).toBe('00743110157');
  });
});

describe('the admin body of the legal data', () => {
  const FULL = {
    legal_name: 'Farmacia Centrale S.r.l.',
    vat_number: 'IT 00743110157',
    registered_office: 'Via Roma 1, 20121 Milano (MI)',
    responsible_pharmacist: 'Dott.ssa Maria Rossi',
    pharmacist_registration: 'Ordine dei Farmacisti di Milano n. 12345',
    ministry_authorization_code: 'IT-FARM-000123',
    ministry_authorization_date: '2024-03-15',
    ministry_list_url: 'https://www.salute.gov.it/farmacia/123',
  };

  it('keeps the digits of the VAT number and clears blank fields', () => {
    const body = ShopLegalBodySchema.parse({ ...FULL, registered_office: '  ' });
    expect(body.vat_number).toBe('00743110157');
    expect(body.registered_office).toBeNull();
    expect(ShopLegalBodySchema.parse({})).toEqual(Object.fromEntries(Object.keys(FULL).map((k) => [k, null])));
  });

  it('says in Italian what is wrong with each field', () => {
    expect(errorsOf({ ...FULL, vat_number: '00743110158' })).toEqual({
      vat_number: ['Partita IVA non valida: 11 cifre con la cifra di controllo corretta.'],
    });
    expect(errorsOf({ ...FULL, vat_number: '0074311' })).toEqual({ vat_number: ['La partita IVA è di 11 cifre.'] });
    expect(errorsOf({ ...FULL, ministry_authorization_date: '2024-02-30' })).toEqual({ ministry_authorization_date: ['Data non valida.'] });
    expect(errorsOf({ ...FULL, ministry_list_url: 'http://www.salute.gov.it' })).toEqual({
      ministry_list_url: ['Inserire un indirizzo che inizia con https://.'],
    });
  });

  it('wants the authorization code, its date and the list link together', () => {
    const message = 'Per la vendita online servono codice di autorizzazione, data e collegamento al registro del Ministero.';
    expect(errorsOf({ ...FULL, ministry_authorization_date: '', ministry_list_url: null })).toEqual({
      ministry_authorization_date: [message],
      ministry_list_url: [message],
    });
    expect(errorsOf({ legal_name: 'X', ministry_list_url: 'https://www.salute.gov.it/x' })).toEqual({
      ministry_authorization_code: [message],
      ministry_authorization_date: [message],
    });
  });
});

describe('the EU common logo', () => {
  it('links to the Ministry list only when the shop is authorized and has its entry', () => {
    expect(euLogoLinkOf({ ministry_authorization_code: 'IT-FARM-000123', ministry_list_url: 'https://x.example' })).toBe('https://x.example');
    expect(euLogoLinkOf({ ministry_authorization_code: null, ministry_list_url: 'https://x.example' })).toBeNull();
    expect(euLogoLinkOf({ ministry_authorization_code: 'IT-FARM-000123', ministry_list_url: null })).toBeNull();
    expect(euLogoLinkOf(undefined)).toBeNull();
  });
});
