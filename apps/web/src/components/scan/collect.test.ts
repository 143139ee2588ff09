import { aicToCode32 } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { addMemoFrame, CAMERA_SIGHTINGS, EMPTY_MEMO_PROGRESS, firstPackRead, type MemoProgress, memoHasSomething } from './collect';
import type { ScanRead } from './scan-formats';

const NRE = '0301A4123456789';
const FISCAL_CODE = 'BNCLRA90A41H501F';
const code39 = (text: string): ScanRead => ({ format: 'code_39', text });

function frames(...reads: ScanRead[][]): MemoProgress {
  return reads.reduce((progress, frame) => addMemoFrame(progress, frame), EMPTY_MEMO_PROGRESS);
}

describe('memo frames', () => {
  it('fills nothing from a single camera frame: a text must be read in two frames', () => {
    const progress = frames([code39(NRE), code39(FISCAL_CODE)]);
    expect(progress.found).toEqual({});
    expect(progress.complete).toBe(false);
    expect(memoHasSomething(progress)).toBe(false);
  });

  it('is complete once the 15-character NRE and the fiscal code were each read in two frames', () => {
    const progress = frames([code39(NRE)], [code39(FISCAL_CODE), code39(NRE)], [code39(FISCAL_CODE)]);
    expect(progress.found).toEqual({ nre: NRE, fiscalCode: FISCAL_CODE });
    expect(progress.complete).toBe(true);
    expect(progress.confirmed).toEqual([code39(NRE), code39(FISCAL_CODE)]);
  });

  it('joins the NRE printed as two barcodes (5 + 10), read in different frames', () => {
    const progress = frames([code39('0301A')], [code39('0301A'), code39('4123456789')], [code39('4123456789'), code39(FISCAL_CODE)]);
    expect(progress.found).toEqual({ nre: NRE });
    expect(progress.complete).toBe(false);
    expect(memoHasSomething(progress)).toBe(true);
    const done = addMemoFrame(progress, [code39(FISCAL_CODE)]);
    expect(done.complete).toBe(true);
    expect(done.found).toEqual({ nre: NRE, fiscalCode: FISCAL_CODE });
  });

  it('counts a text once per frame, however often the frame shows it', () => {
    const progress = frames([code39(NRE), code39(NRE), code39(` ${NRE}`)]);
    expect(progress.sightings.get(NRE)).toBe(1);
    expect(progress.found).toEqual({});
  });

  it('never confirms a one-frame misread next to the right value', () => {
    // One frame misread a bar of the NRE: the misread is seen once, the right value twice.
    const misread = '0301A4123456788';
    const progress = frames([code39(misread), code39(FISCAL_CODE)], [code39(NRE), code39(FISCAL_CODE)], [code39(NRE)]);
    expect(progress.found).toEqual({ nre: NRE, fiscalCode: FISCAL_CODE });
    expect(progress.confirmed.map((read) => read.text)).not.toContain(misread);
  });

  it('fills no NRE when two different ones were confirmed', () => {
    const other = '0301A4123456780';
    const progress = frames([code39(NRE), code39(other)], [code39(NRE), code39(other), code39(FISCAL_CODE)], [code39(FISCAL_CODE)]);
    expect(progress.found).toEqual({ fiscalCode: FISCAL_CODE });
    expect(progress.complete).toBe(false);
  });

  it('takes a photo at once (one read worth every sighting)', () => {
    const progress = addMemoFrame(EMPTY_MEMO_PROGRESS, [code39(NRE), code39(FISCAL_CODE)], CAMERA_SIGHTINGS);
    expect(progress.complete).toBe(true);
  });

  it('ignores what is not Code 39 and what fails its check (a fiscal code with a wrong control character)', () => {
    const wrongControl = 'BNCLRA90A41H501G';
    const progress = frames(
      [{ format: 'ean_13', text: '8001234567897' }, code39(wrongControl)],
      [{ format: 'ean_13', text: '8001234567897' }, code39(wrongControl)],
    );
    expect(progress.found).toEqual({});
    expect(progress.sightings.has('8001234567897')).toBe(false);
  });

  it('keeps the same progress object for a frame with nothing in it', () => {
    const progress = frames([code39(NRE)]);
    expect(addMemoFrame(progress, [])).toBe(progress);
  });
});

describe('pack reads', () => {
  const aic = '012345676';
  const code32 = aicToCode32(aic)!;

  it('takes a Code 32 as a native detector reports it (code_39, six base-32 characters)', () => {
    expect(firstPackRead([{ format: 'code_39', text: code32 }])).toEqual({ format: 'code_39', text: code32 });
  });

  it('takes the first read that passes its check, skipping one that does not', () => {
    const wrongCheck = `A${aic.slice(0, 8)}${(Number(aic[8]) + 1) % 10}`;
    const ean = { format: 'ean_13', text: '8001234567897' };
    expect(firstPackRead([{ format: 'code_32', text: wrongCheck }, ean])).toEqual(ean);
  });

  it('goes on scanning when nothing in the frame is a pack code', () => {
    expect(firstPackRead([{ format: 'ean_13', text: '8001234567890' }, { format: 'qr_code', text: aic }])).toBeUndefined();
    expect(firstPackRead([])).toBeUndefined();
  });

  it('takes a GS1 DataMatrix of the FMD', () => {
    const read = { format: 'data_matrix', text: '(01)08001234567897(21)ABC123(17)271231(10)L1' };
    expect(firstPackRead([read])).toEqual(read);
  });
});
