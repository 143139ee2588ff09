import type { AdminProduct } from '@farmacia/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductEditor } from './product-editor';

const CODE = '720000015';
const product: AdminProduct = {
  codice_ministeriale: CODE,
  nome_prodotto: 'PROMOLAX 20 CPR',
  descrizione: null,
  descrizione_ditta_1_produttrice: null,
  descrizione_atc: null,
  descrizione_estesa_degrassi: null,
  descrizione_pricipio_attivo: null,
  categorie: [],
  prezzo: 24.9,
  prezzo_pieno: null,
  quantita: 5,
  immagine: null,
  prescription_only: false,
  sop_otc: false,
  medicine: false,
  promo: false,
  promo_inizio: null,
  promo_fine: null,
  promo_in_corso: false,
  in_vendita: true,
  updated_at: '2026-11-29T10:00:00.000Z',
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the back office's promotion editor (decision 0701)", () => {
  it('sends no struck-through price, says why, then shows the one the server set or its refusal', async () => {
    const refusal = 'Il prezzo più basso applicato nei 30 giorni prima della promozione è 21,50\u00a0€: il prezzo in promozione deve essere inferiore (art. 17-bis Codice del Consumo).';
    const sent: unknown[] = [];
    const answers = [
      json(422, { code: 'VALIDATION_FAILED', message: refusal, errors: { prezzo: [refusal] } }),
      json(200, { data: { ...product, promo: true, prezzo: 15.9, prezzo_pieno: 21.5, promo_in_corso: true } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)));
          return answers.shift() as Response;
        }
        return json(200, { data: product });
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProductEditor code={CODE} />
      </QueryClientProvider>,
    );
    const price = await screen.findByLabelText('Prezzo in promozione (€)');
    // No field for the struck price: the rule is stated instead.
    expect(screen.queryByLabelText('Prezzo pieno (€)')).toBeNull();
    expect(price.getAttribute('aria-describedby')).toBe('promo-prior-price-hint');
    expect(document.getElementById('promo-prior-price-hint')?.textContent).toMatch(/^Il prezzo barrato non si digita: per legge \(art\. 17-bis Codice del Consumo\) è il prezzo più basso applicato/);

    await user.type(price, '22');
    await user.click(screen.getByRole('button', { name: 'Metti in promozione' }));
    // On the promotion's price (not the product form's), and said in the feedback line.
    await vi.waitFor(() => expect(document.getElementById('err-promo-prezzo')?.textContent).toBe(refusal));
    expect(price.getAttribute('aria-describedby')).toBe('err-promo-prezzo promo-prior-price-hint');
    expect(document.getElementById('err-prezzo')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(refusal);

    await user.clear(price);
    await user.type(price, '15,90');
    await user.click(screen.getByRole('button', { name: 'Metti in promozione' }));
    await vi.waitFor(() => expect(document.body.textContent).toContain('In promozione a 15,90\u00a0€ invece di 21,50\u00a0€'));
    expect(sent).toEqual([
      { prezzo: 22, promo_inizio: null, promo_fine: null },
      { prezzo: 15.9, promo_inizio: null, promo_fine: null },
    ]);
  });
});
