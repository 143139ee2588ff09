import { describe, expect, it } from 'vitest';
import { readMemoBarcodes } from './memo.js';

describe('readMemoBarcodes: the Code 39 texts of a paper memo', () => {
  it('joins the two NRE barcodes (5 + 10) and takes the fiscal code, in any order', () => {
    expect(readMemoBarcodes(['4012345678', 'BNCLRA90A41H501F', '1200A'])).toEqual({ nre: '1200A4012345678', fiscalCode: 'BNCLRA90A41H501F' });
  });

  it('takes a single 15-character NRE barcode, repeated reads and start/stop asterisks included', () => {
    expect(readMemoBarcodes(['*0301A4123456789*', '0301A4123456789'])).toEqual({ nre: '0301A4123456789' });
  });

  it('fills nothing that fails its check', () => {
    expect(readMemoBarcodes(['2500A', '4012345678', 'BNCLRA90A41H501G'])).toEqual({});
    expect(readMemoBarcodes(['1200A', '401234567'])).toEqual({});
    expect(readMemoBarcodes(['1200A40123456O8'])).toEqual({});
  });

  it('guesses nothing when the reads disagree', () => {
    expect(readMemoBarcodes(['1200A', '0300A', '4012345678'])).toEqual({});
    expect(readMemoBarcodes(['1200A4012345678', '1200A4012345679'])).toEqual({});
    expect(readMemoBarcodes(['BNCLRA90A41H501F', 'VRDGPP72C15F205P'])).toEqual({});
  });

  it('prefers a whole NRE to a pair of halves', () => {
    expect(readMemoBarcodes(['1200A4012345678', '1200A', '4012345678'])).toEqual({ nre: '1200A4012345678' });
  });
});
