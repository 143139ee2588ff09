import { aicToCode32 } from '@farmacia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { fillFromMemo, fillFromMessage, packCodeOf, packFormatOf, resolvePack } from './scan-results';

afterEach(() => vi.unstubAllGlobals());

const MINE = 'VRDGPP72C15F205P';
const OTHER = 'BNCLRA90A41H501F';

describe('fillFromMessage', () => {
  it('fills the first NRE, prefers a fiscal code of the customer, keeps the other NREs for later', () => {
    const text = `Ricette per ${OTHER} e ${MINE}: 1200A4012345678, 1200A4012345679.`;
    expect(fillFromMessage(text, [MINE])).toEqual({
      nre: '1200A4012345678',
      fiscalCode: { code: MINE, own: true },
      otherNres: ['1200A4012345679'],
    });
  });

  it('offers a fiscal code that is not the customer’s, and fills nothing that fails its check', () => {
    expect(fillFromMessage(`NRE 1200A401234567 CF ${OTHER}`, [MINE])).toEqual({ fiscalCode: { code: OTHER, own: false }, otherNres: [] });
    expect(fillFromMessage('Buongiorno, la ricetta arriva domani.', [MINE])).toEqual({ otherNres: [] });
  });
});

describe('fillFromMemo', () => {
  it('joins the NRE halves and selects the customer’s fiscal code', () => {
    const reads = [
      { format: 'code_39', text: '1200A' },
      { format: 'code_39', text: MINE },
      { format: 'code_39', text: '4012345678' },
    ];
    expect(fillFromMemo(reads, [MINE])).toEqual({ nre: '1200A4012345678', fiscalCode: { code: MINE, own: true }, otherNres: [] });
    expect(fillFromMemo([{ format: 'code_39', text: OTHER }], [MINE])).toEqual({ fiscalCode: { code: OTHER, own: false }, otherNres: [] });
  });
});

describe('packs', () => {
  it('understands the format names of BarcodeDetector and of ZXing', () => {
    expect(['code_39', 'Code39', 'EAN-13', 'ean_13', 'DataMatrix', 'data_matrix', 'qr_code'].map(packFormatOf)).toEqual([
      'code_39',
      'code_39',
      'ean_13',
      'ean_13',
      'data_matrix',
      'data_matrix',
      undefined,
    ]);
  });

  it('takes the first read that passes its check', () => {
    expect(packCodeOf([{ format: 'qr_code', text: 'x' }, { format: 'code_39', text: aicToCode32('012745093')! }])).toEqual({ kind: 'aic', code: '012745093' });
  });

  it('opens the product of a known code, says unknown for a 404 or a bare GTIN-14, unreadable for a misread', async () => {
    const { calls } = mockFetch({
      'GET /api/product-codes/012745093': json({ codice_ministeriale: '012745093' }),
    });
    expect(await resolvePack([{ format: 'code_39', text: aicToCode32('012745093')! }])).toEqual({ kind: 'product', code: '012745093' });
    expect(await resolvePack([{ format: 'ean_13', text: '8001120826619' }])).toEqual({ kind: 'unknown', code: '8001120826619' });
    expect(await resolvePack([{ format: 'data_matrix', text: '0118001120826616' }])).toEqual({ kind: 'unknown', code: '18001120826616' });
    expect(await resolvePack([{ format: 'ean_13', text: '8001120826618' }])).toEqual({ kind: 'unreadable' });
    expect(calls.map((c) => c.path)).toEqual(['/api/product-codes/012745093', '/api/product-codes/8001120826619']);
  });

  it('lets a network failure through, for the screen to say so', async () => {
    mockFetch({ 'GET /api/product-codes/012745093': 'network-error' });
    await expect(resolvePack([{ format: 'code_32', text: 'A012745093' }])).rejects.toThrow();
  });
});
