import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from './fast-response.js';
import { keptJsonSerializerCompiler } from './kept-json.js';

/** Decision 0600: an answer around a kept object is written once per kept object. */
const schema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })), day: z.string() });
type Answer = z.infer<typeof schema>;

describe('keptJsonSerializerCompiler', () => {
  const write = keptJsonSerializerCompiler((answer: Answer) => answer.data)({ schema });
  const reference = fastSerializerCompiler({ schema });

  it("writes the route's own JSON, each kept object its own", () => {
    const a = [{ id: 1, name: 'Misurazione' }];
    const b = [{ id: 2, name: 'Tampone "rapido"' }];
    expect(write({ data: a, day: '2027-02-10' })).toBe(reference({ data: a, day: '2027-02-10' }));
    expect(write({ data: b, day: '2027-02-10' })).toBe(reference({ data: b, day: '2027-02-10' }));
    expect(write({ data: a, day: '2027-02-10' })).toBe(reference({ data: a, day: '2027-02-10' }));
  });

  it('answers the text written for a kept object again, without writing it anew', () => {
    const kept = [{ id: 1, name: 'Misurazione' }];
    const first = write({ data: kept, day: '2027-02-10' });
    // Kept objects are never changed; changing one shows the text is not written again.
    (kept[0] as { name: string }).name = 'Altro';
    expect(write({ data: kept, day: '2027-02-10' })).toBe(first);
    expect(write({ data: [...kept], day: '2027-02-10' })).toContain('Altro');
  });
});
