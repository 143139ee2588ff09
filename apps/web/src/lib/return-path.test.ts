import { describe, expect, it } from 'vitest';
import { returnPathAfterSave } from './return-path';

describe('returnPathAfterSave (spec §2 Fiscal codes)', () => {
  it('goes back to the list with the id when there is no redirect', () => {
    expect(returnPathAfterSave({}, '/app/fiscalcodes', 'fiscalcode', 7)).toBe('/app/fiscalcodes?fiscalcode=7');
  });

  it('goes to the redirect, carrying the other params plus the id', () => {
    expect(returnPathAfterSave({ redirect: '/app/prescription/nre', from: 'cart' }, '/app/fiscalcodes', 'fiscalcode', 12)).toBe(
      '/app/prescription/nre?from=cart&fiscalcode=12',
    );
    expect(returnPathAfterSave({ redirect: '/app/checkout?action=shipping' }, '/x', 'fiscalcode', 3)).toBe('/app/checkout?action=shipping&fiscalcode=3');
  });

  it('never leaves the app', () => {
    expect(returnPathAfterSave({ redirect: 'https://evil.example/' }, '/app/fiscalcodes', 'fiscalcode', 1)).toBe('/app/fiscalcodes?fiscalcode=1');
    expect(returnPathAfterSave({ redirect: '//evil.example' }, '/app/fiscalcodes', 'fiscalcode', 1)).toBe('/app/fiscalcodes?fiscalcode=1');
  });
});
