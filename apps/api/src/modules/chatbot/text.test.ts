import { describe, expect, it } from 'vitest';
import { parseFaq } from './faq.js';
import { addressFromLegal } from './knowledge.js';
import { contentTokens, normalize, similarStems } from './text.js';
import { productQuery } from './chatbot.service.js';

describe('assistant text handling', () => {
  it('normalizes case, accents, apostrophes and punctuation', () => {
    expect(normalize("Qual è l'orario di APERTURA?!")).toBe('qual e l orario di apertura');
    expect(normalize('Perché… lunedì')).toBe('perche lunedi');
  });

  it('keeps the meaningful words, stemmed, with synonyms folded', () => {
    expect(contentTokens('Quali sono gli orari della farmacia?')).toEqual(['orar', 'farmac']);
    expect(contentTokens("Qual è l'orario?")).toEqual(['qual', 'orar']);
    // guardia → turno, appuntamento → prenotazione, domicilio → consegna
    expect(contentTokens('farmacia di guardia')).toEqual(contentTokens('farmacie di turno'));
    expect(contentTokens('un appuntamento')).toEqual(contentTokens('una prenotazione'));
    expect(contentTokens('consegne a domicilio')).toEqual(['consegn', 'consegn']);
  });

  it('tolerates one typo in long words only', () => {
    expect(similarStems('tachipirin', 'tachipirn')).toBe(true);
    expect(similarStems('orar', 'ora')).toBe(false);
  });

  it('keeps only the product name of a product question', () => {
    expect(productQuery('Buongiorno, avete la Tachipirina 500?')).toBe('tachipirina 500');
    expect(productQuery('quanto costa il moment?')).toBe('moment');
  });

  it('parses the FAQ page into questions and answers with their app links', () => {
    const html = `<h2>Domande frequenti</h2>
<h3>Come prenoto?</h3><p>Apri <a href="/app/services">Prenota un Servizio</a> e scegli.</p>
<p><strong>Si paga online?</strong></p><p>Sì, con carta &amp; PayPal.</p><ul><li>Anche in farmacia</li></ul>
<details><summary>Consegnate?</summary><p>Sì, a <a href="https://example.com">domicilio</a>.</p></details>`;
    const faq = parseFaq(html);
    expect(faq.map((f) => f.question)).toEqual(['Come prenoto?', 'Si paga online?', 'Consegnate?']);
    expect(faq[0]?.answer).toBe('Apri Prenota un Servizio e scegli.');
    expect(faq[0]?.link).toEqual({ href: '/app/services', text: 'Prenota un Servizio' });
    expect(faq[1]?.answer).toBe('Sì, con carta & PayPal.\n• Anche in farmacia');
    expect(faq[2]?.link).toBeNull();
  });

  it('finds the street address in the legal block', () => {
    expect(addressFromLegal('<p>Farmacia S.r.l.<br>P.IVA 01234567897<br>Via Roma 12, 35122 Padova (PD)</p>')).toBe(
      'Via Roma 12, 35122 Padova (PD)',
    );
    expect(addressFromLegal(null)).toBeNull();
  });
});
