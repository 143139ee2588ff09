import type { ProductHit, SearchResponse } from '@farmacia/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Profiler, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopKey } from '../../lib/current-shop';
import { clearToken, setToken } from '../../lib/session';
import { fakeToken, json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { AddToCartButton, quantityAfterAdding } from './add-to-cart';
import { nextPageOf, productsOfPages } from './catalogue-api';
import { LoadMore } from './load-more';
import { ProductList } from './product-list';
import { resultsText } from './search-screen';
import { useProductSearch } from './use-product-search';
import { useScreenTitle } from './use-screen-title';

function hit(code: string, name = `PRODOTTO ${code}`): ProductHit {
  return {
    codice_ministeriale: code,
    nome_prodotto: name,
    descrizione_ditta_1_produttrice: 'Angelini',
    descrizione_atc: null,
    descrizione_pricipio_attivo: null,
    categoria1: null,
    categoria2: null,
    categoria1_slug: null,
    categoria2_slug: null,
    categorie: [],
    prezzo: 3.9,
    prezzo_pieno: null,
    quantita: 5,
    immagine: `/api/product/${code}/image`,
    prescription_only: false,
    sop_otc: true,
    promo: false,
  };
}

function searchBody(codes: string[], totPages: number, total: number): SearchResponse {
  return {
    responses: [{ hits: { total, total_relation: 'eq', hits: codes.map((code) => ({ _id: code, _source: hit(code) })) } }],
    totPages,
    corrected_query: null,
  };
}

/** The query string of every search call, parsed. */
function searchCalls(fetchMock: ReturnType<typeof mockFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/product/search'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToken();
});

describe('paging helpers', () => {
  it('asks for the next page until the last one', () => {
    expect(nextPageOf({ page: 1, totPages: 2 })).toBe(2);
    expect(nextPageOf({ page: 2, totPages: 2 })).toBeUndefined();
    expect(nextPageOf({ page: 1, totPages: 0 })).toBeUndefined();
  });

  it('lists the products of all pages once each, in order', () => {
    const pages = [
      { products: [hit('1'), hit('2')], page: 1, totPages: 2, total: 3 },
      // '2' moved to page 2 between the two calls: shown once.
      { products: [hit('2'), hit('3')], page: 2, totPages: 2, total: 3 },
    ];
    expect(productsOfPages(pages).map((p) => p.codice_ministeriale)).toEqual(['1', '2', '3']);
    expect(productsOfPages(undefined)).toEqual([]);
  });

  it('says how many results, in it-IT digits, and when the count is a lower bound', () => {
    expect(resultsText(1, 'oki')).toBe('1 risultato per «oki»');
    expect(resultsText(262, 'crema')).toBe('262 risultati per «crema»');
    expect(resultsText(12345, 'crema')).toBe('12.345 risultati per «crema»');
    expect(resultsText(10000, 'crema viso', true)).toBe('Più di 10.000 risultati per «crema viso»');
  });
});

function SearchHarness() {
  const [text, setText] = useState('');
  const search = useProductSearch(text);
  return (
    <div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          search.searchNow();
        }}
      >
        <label>
          Cerca
          <input value={text} onChange={(event) => setText(event.target.value)} />
        </label>
      </form>
      <ul aria-label="Prodotti">
        {search.products.map((p) => (
          <li key={p.codice_ministeriale}>{p.nome_prodotto}</li>
        ))}
      </ul>
      <output>{search.settling ? 'settling' : `total ${search.total}`}</output>
      {search.hasNextPage ? (
        <button type="button" onClick={() => void search.fetchNextPage()}>
          altri
        </button>
      ) : null}
    </div>
  );
}

function renderWithQuery(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('useProductSearch', () => {
  beforeEach(() => vi.useFakeTimers());

  it('waits 500 ms after the last keystroke and sends one request, 10 a page', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/product/search': json(searchBody(['1', '2'], 1, 2)) });
    renderWithQuery(<SearchHarness />);
    const input = screen.getByLabelText('Cerca');
    for (const text of ['t', 'ta', 'tac', 'tach', 'tachi']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => vi.advanceTimersByTime(200));
    }
    expect(searchCalls(fetchMock)).toEqual([]);
    await act(async () => vi.advanceTimersByTime(299));
    expect(searchCalls(fetchMock)).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(searchCalls(fetchMock)).toEqual([{ q: 'tachi', rpp: '10', p: '1' }]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('searches at once on Enter, without a second request when the debounce ends', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/product/search': json(searchBody(['1'], 1, 1)) });
    renderWithQuery(<SearchHarness />);
    const input = screen.getByLabelText('Cerca');
    fireEvent.change(input, { target: { value: 'moment' } });
    fireEvent.submit(input);
    await act(async () => vi.advanceTimersByTime(0));
    expect(searchCalls(fetchMock)).toEqual([{ q: 'moment', rpp: '10', p: '1' }]);
    await act(async () => vi.advanceTimersByTime(600));
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it('never searches 2 characters or fewer', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/product/search': json(searchBody(['1'], 1, 1)) });
    renderWithQuery(<SearchHarness />);
    fireEvent.change(screen.getByLabelText('Cerca'), { target: { value: ' ta ' } });
    await act(async () => vi.advanceTimersByTime(2000));
    expect(searchCalls(fetchMock)).toEqual([]);
  });

  it('loads the next page on demand and stops after the last', async () => {
    vi.useRealTimers();
    const { fetchMock } = mockFetch({
      'GET /api/product/search': () => {
        const p = searchCalls(fetchMock).at(-1)?.p;
        return p === '2' ? json(searchBody(['11', '12'], 2, 12)) : json(searchBody(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 2, 12));
      },
    });
    renderWithQuery(<SearchHarness />);
    fireEvent.change(screen.getByLabelText('Cerca'), { target: { value: 'crema' } });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10), { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'altri' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
    expect(searchCalls(fetchMock).map((c) => c.p)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'altri' })).toBeNull();
  });
});

describe('LoadMore', () => {
  it('loads the next page when it comes into view, and by its button', async () => {
    let notify: (entries: Partial<IntersectionObserverEntry>[]) => void = () => undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          notify = callback;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    const fetchNextPage = vi.fn();
    render(<LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    expect(observe).toHaveBeenCalledTimes(1);
    notify([{ isIntersecting: false }]);
    expect(fetchNextPage).not.toHaveBeenCalled();
    notify([{ isIntersecting: true }]);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Carica altri prodotti' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('shows the end text, and no button, after the last page', () => {
    render(<LoadMore hasNextPage={false} isFetchingNextPage={false} fetchNextPage={vi.fn()} endText="Hai visto tutti i prodotti." />);
    expect(screen.getByText('Hai visto tutti i prodotti.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('AddToCartButton', () => {
  it('adds to the quantity already in the cart, never above 10 (spec §5)', () => {
    expect(quantityAfterAdding(0, 1)).toBe(1);
    expect(quantityAfterAdding(3, 2)).toBe(5);
    expect(quantityAfterAdding(9, 5)).toBe(10);
  });

  it("sends a visitor to login with a redirect back, saying 'Accedi o registrati'", async () => {
    const { calls } = mockFetch({});
    const { router } = renderInApp(() => <AddToCartButton code="012745093" name="TACHIPIRINA 500 MG 20 CPR" />, '/app/product/012745093');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aggiungi al carrello' }));
    expect(await screen.findByText('Accedi o registrati')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toEqual({ redirect: '/app/product/012745093' });
    expect(calls).toEqual([]);
  });

  it('sets the line to what was there plus the chosen quantity, then says so', async () => {
    setToken(fakeToken(2_000_000_000));
    const cart = (quantity: number) => ({ data: { products: quantity ? [{ code: '012745093', quantity }] : [] } });
    const { calls } = mockFetch({
      'GET /api/cart': json(cart(2)),
      'POST /api/cart/products/012745093': json(cart(5)),
    });
    const { queryClient } = renderInApp(() => <AddToCartButton code="012745093" name="TACHIPIRINA 500 MG 20 CPR" withQuantity />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Quantità'), '3');
    await user.click(screen.getByRole('button', { name: 'Aggiungi al carrello' }));
    expect(await screen.findByText('TACHIPIRINA 500 MG 20 CPR aggiunto al carrello')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ quantity: 5 });
    // The cart screen and the tab badge read the answer from ['cart', shop] without another call.
    expect(queryClient.getQueryData(['cart', shopKey()])).toEqual(cart(5).data);
    expect(calls.filter((c) => c.path === '/api/cart')).toHaveLength(1);
  });

  it('is busy from the tap until the cart answers', async () => {
    setToken(fakeToken(2_000_000_000));
    let answer: (response: Response) => void = () => {};
    mockFetch({
      'GET /api/cart': json({ data: { products: [] } }),
      'POST /api/cart/products/012745093': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderInApp(() => <AddToCartButton code="012745093" name="TACHIPIRINA 500 MG 20 CPR" />);
    const button = await screen.findByRole('button', { name: 'Aggiungi al carrello' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer(json({ data: { products: [{ code: '012745093', quantity: 1 }] } }));
    expect(await screen.findByText('TACHIPIRINA 500 MG 20 CPR aggiunto al carrello')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  // A search's start renders a button per result: none of them follows the session (decision 0672).
  it('renders the buttons of a list once: a login or logout does not render them again', async () => {
    mockFetch({});
    const renders: string[] = [];
    const codes = ['012745093', '004763114', '025300061'];
    renderInApp(() => (
      <Profiler id="buttons" onRender={(_id, phase) => renders.push(phase)}>
        {codes.map((code) => (
          <AddToCartButton key={code} code={code} name={code} compact />
        ))}
      </Profiler>
    ));
    expect(await screen.findAllByRole('button')).toHaveLength(3);
    renders.length = 0;
    act(() => setToken(fakeToken(2_000_000_000)));
    act(() => clearToken());
    expect(renders).toEqual([]);
  });

  it("says 'Impossibile aggiungere … al carrello' when the server refuses", async () => {
    setToken(fakeToken(2_000_000_000));
    mockFetch({
      'GET /api/cart': json({ data: { products: [] } }),
      'POST /api/cart/products/012745093': json({ code: 'PRODUCT_NOT_FOUND', message: 'Prodotto non trovato' }, 404),
    });
    renderInApp(() => <AddToCartButton code="012745093" name="TACHIPIRINA 500 MG 20 CPR" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aggiungi al carrello' }));
    expect(await screen.findByText('Impossibile aggiungere TACHIPIRINA 500 MG 20 CPR al carrello')).toBeTruthy();
  });
});

function Titled({ title }: { title: string | undefined }) {
  useScreenTitle(title);
  return null;
}

describe('useScreenTitle', () => {
  it("names the tab after the screen, follows changes, and gives the app's title back", () => {
    document.title = 'Farmacia';
    const { rerender, unmount } = render(<Titled title={undefined} />);
    expect(document.title).toBe('Farmacia');
    rerender(<Titled title="TACHIPIRINA 500 MG 20 CPR" />);
    expect(document.title).toBe('TACHIPIRINA 500 MG 20 CPR · Farmacia');
    rerender(<Titled title="MOMENT 200 MG 12 CPR" />);
    expect(document.title).toBe('MOMENT 200 MG 12 CPR · Farmacia');
    unmount();
    expect(document.title).toBe('Farmacia');
  });
});

describe('a product of the results', () => {
  // The tap paints before the router renders the product screen (INP on a slow phone, issue 22).
  it('shows it is opening at once and navigates only after the next frame', async () => {
    mockFetch({});
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const { router } = renderInApp(() => <ProductList products={[hit('012745093', 'TACHIPIRINA 500 MG 20 CPR')]} label="Prodotti" />, '/app/search?q=tachipirina');
    const link = await screen.findByRole('link', { name: 'TACHIPIRINA 500 MG 20 CPR' });
    expect(link.getAttribute('href')).toBe('/app/product/012745093');
    fireEvent.click(link);
    await act(async () => {});
    expect(router.history.location.pathname).toBe('/app/search');
    expect(link.className).toContain('product-item__name--opening');
    act(() => {
      for (const frame of frames.splice(0)) frame(0);
    });
    await waitFor(() => expect(router.history.location.pathname).toBe('/app/product/012745093'));
  });

  // A 72-px thumbnail is asked at the list's width, not the product page's (decision 0627).
  it("shows the product's picture at the list's width", async () => {
    mockFetch({});
    const { container } = renderInApp(() => <ProductList products={[hit('012745093')]} label="Prodotti" />, '/app/search');
    await screen.findByRole('link', { name: 'PRODOTTO 012745093' });
    expect(container.querySelector('img.product-item__image')?.getAttribute('src')).toBe('/api/product/012745093/image?w=144');
  });

  // A search's start renders a link per result: TanStack's Link built each one's location with the router (decision 0671).
  it("builds no product's location while the results render", async () => {
    mockFetch({});
    const codes = ['012745093', '004763114', '025300061'];
    let built: { mock: { calls: unknown[][] } } | undefined;
    renderInApp(() => <ProductList products={codes.map((code) => hit(code))} label="Prodotti" />, '/app/search?q=tachipirina', (router) => {
      built = vi.spyOn(router, 'buildLocation');
    });
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(codes.map((code) => `/app/product/${code}`));
    const destinations = built?.mock.calls.map(([options]) => JSON.stringify(options)) ?? [];
    expect(destinations.filter((options) => options.includes('/app/product'))).toEqual([]);
  });

  it('leaves a click that asks for a new tab to the browser', async () => {
    mockFetch({});
    const { router } = renderInApp(() => <ProductList products={[hit('012745093')]} label="Prodotti" />, '/app/search');
    const link = await screen.findByRole('link', { name: 'PRODOTTO 012745093' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(link.className).not.toContain('--opening');
    expect(router.history.location.pathname).toBe('/app/search');
  });
});
