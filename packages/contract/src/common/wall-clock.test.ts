import { describe, expect, it } from 'vitest';
import { ROME_WALL_CLOCK_PARTS, romeWallClock } from './wall-clock.js';

/** Rome's wall clock as Intl's zone data reads it: what romeWallClock must equal (decision 0580). */
const intl = new Intl.DateTimeFormat('en-CA', ROME_WALL_CLOCK_PARTS);
function intlClock(at: Date) {
  const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

const MINUTE = 60_000;

describe('romeWallClock agrees with Intl (decision 0580)', () => {
  it('on both sides of the switch hours, each day around both switches of every year 1996–2099', () => {
    const wrong: string[] = [];
    const instants = [0, 3_599_000, 3_600_000, 7_199_000, 7_200_000, 12 * 3_600_000];
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        // The 24th to the 1st of the next month: the last Sunday is the 25th–31st.
        for (let day = 24; day <= 32; day++) {
          for (const offset of instants) {
            const at = new Date(Date.UTC(year, month, day) + offset);
            if (JSON.stringify(romeWallClock(at)) !== JSON.stringify(intlClock(at))) wrong.push(at.toISOString());
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('at instants spread over the years and at the turn of each year', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2100, 0, 1); t += 4999 * MINUTE + 17_000) {
      const at = new Date(t);
      if (JSON.stringify(romeWallClock(at)) !== JSON.stringify(intlClock(at))) wrong.push(at.toISOString());
    }
    for (let year = 1996; year <= 2100; year++) {
      for (const at of [new Date(Date.UTC(year, 0, 1) - 3_600_001), new Date(Date.UTC(year, 0, 1) - 3_600_000), new Date(Date.UTC(year, 0, 1))]) {
        if (JSON.stringify(romeWallClock(at)) !== JSON.stringify(intlClock(at))) wrong.push(at.toISOString());
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("asks Intl out of the EU rule's years (1995 still ended summer time in September)", () => {
    // 1995-09-24 was the last Sunday of September: Rome was on CET by 02:00 UTC.
    expect(romeWallClock(new Date('1995-09-24T02:00:00Z'))).toEqual({ day: '1995-09-24', time: '03:00:00' });
    expect(romeWallClock(new Date('2150-07-01T12:00:00Z'))).toEqual(intlClock(new Date('2150-07-01T12:00:00Z')));
    expect(() => romeWallClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});
