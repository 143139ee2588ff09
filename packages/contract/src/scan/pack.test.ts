import { describe, expect, it } from 'vitest';
import { isValidEan13, parseGs1 } from './gtin.js';
import { readPackBarcode } from './pack.js';

const GS = '\u001d';

describe('readPackBarcode', () => {
  it('reads Code 32 from a Code 39 decoder or a Code 32 one', () => {
    expect(readPackBarcode('code_39', '0D4YD5')).toEqual({ kind: 'aic', code: '012745093' });
    expect(readPackBarcode('code_32', 'A012745093')).toEqual({ kind: 'aic', code: '012745093' });
    expect(readPackBarcode('code_39', '0D4YD6')).toBeNull();
  });

  it('reads an EAN-13 only with its check digit', () => {
    expect(readPackBarcode('ean_13', '8001120826619')).toEqual({ kind: 'ean', code: '8001120826619' });
    expect(readPackBarcode('ean_13', '8001120826618')).toBeNull();
    expect(readPackBarcode('ean_13', '800112082661')).toBeNull();
  });

  it('takes the AIC (AI 716) of an Italian FMD DataMatrix', () => {
    const text = `]d20108001120826619172807311023A45${GS}21ABCDEFGH123${GS}716012745093`;
    expect(readPackBarcode('data_matrix', text)).toEqual({ kind: 'aic', code: '012745093' });
  });

  it('falls back to the GTIN: with a leading zero it is the EAN-13', () => {
    const text = `010800112082661921X7Y8Z9${GS}17280731103AB`;
    expect(readPackBarcode('data_matrix', text)).toEqual({ kind: 'ean', code: '8001120826619' });
    expect(readPackBarcode('data_matrix', '(01)08001120826619(17)280731(10)L1(21)S1')).toEqual({ kind: 'ean', code: '8001120826619' });
  });

  it('answers gs1 for a GTIN-14 without an EAN-13 form', () => {
    expect(readPackBarcode('data_matrix', '0118001120826616')).toEqual({ kind: 'gs1', code: '18001120826616' });
  });

  it('refuses a wrong GTIN, a wrong AIC in 716, and non-GS1 symbols', () => {
    expect(readPackBarcode('data_matrix', `0108001120826615${GS}716012745094`)).toBeNull();
    expect(readPackBarcode('data_matrix', `[)>\u001e06${GS}9N110375286414${GS}1T12345`)).toBeNull();
    expect(readPackBarcode('data_matrix', 'https://example.org')).toBeNull();
  });
});

describe('parseGs1', () => {
  it('splits fixed and variable fields', () => {
    expect(Object.fromEntries(parseGs1(`0108001120826619172807311023A45${GS}21SER`) ?? [])).toEqual({
      '01': '08001120826619',
      '17': '280731',
      '10': '23A45',
      '21': 'SER',
    });
  });

  it('knows the EAN-13 check digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
  });
});
