import { describe, expect, it } from 'vitest';
import { jsonArrayBody } from './catalogue.service.js';

/** A body's text as JSON.stringify would write it: what jsonArrayBody must put in bytes. */
const expected = (head: string, items: string[], tail: string) => `${head}${items.join(',')}${tail}`;

describe('jsonArrayBody', () => {
  it('gives every answer bytes of its own, those kept alive too, across the shared blocks it cuts them from', () => {
    const bodies: { body: Buffer; text: string }[] = [];
    // ~5 KB answers (accents: two bytes each in UTF-8), enough to fill several 256 KB blocks, and a few larger than a piece.
    for (let i = 0; i < 200; i++) {
      const items = Array.from({ length: 10 }, (_, k) => JSON.stringify({ _id: `${i}-${k}`, nome: `CRÈME ${'é'.repeat(200 + i)}` }));
      if (i % 50 === 49) items.push(JSON.stringify({ big: 'x'.repeat(40_000) }));
      const head = `{"total":${i},"hits":[`;
      const tail = ']}';
      bodies.push({ body: jsonArrayBody(head, items, tail), text: expected(head, items, tail) });
    }
    for (const { body, text } of bodies) {
      expect(body.length).toBe(Buffer.byteLength(text));
      expect(body.toString('utf8')).toBe(text);
    }
    expect(jsonArrayBody('[', [], ']').toString()).toBe('[]');
  });

  it("writes a hit given in halves as the product's pieces and the offer's interleaved, beside hits given whole", () => {
    // A product's half around three offer values (accents in both), as PostgreSQL's search gives a kept hit.
    const halves = { product: ['{"nome":"CRÈME","prezzo":', ',"quantita":', ',"promo":', ',"città":"Forlì"}'], offer: ['12.5', '3', 'true'] };
    const whole = '{"nome":"ALTRO"}';
    const body = jsonArrayBody('{"hits":[', [halves, whole, halves], ']}');
    const text = '{"hits":[{"nome":"CRÈME","prezzo":12.5,"quantita":3,"promo":true,"città":"Forlì"},{"nome":"ALTRO"},{"nome":"CRÈME","prezzo":12.5,"quantita":3,"promo":true,"città":"Forlì"}]}';
    expect(body.length).toBe(Buffer.byteLength(text));
    expect(body.toString('utf8')).toBe(text);
  });
});
