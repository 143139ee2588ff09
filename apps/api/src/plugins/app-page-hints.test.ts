import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import { CategoryResponseSchema, formatEuro, isCartEmpty, OptionsCleanResponseSchema, ProductSchema, SearchResponseSchema, VISITOR_SHOP_COOKIE } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../test/build-test-app.js';
import { seedDemo } from '../db/seed/index.js';
import {
  CART_NOTE_HASH,
  CART_NOTE_SCRIPT,
  EARLY_REQUESTS_HASH,
  EARLY_REQUESTS_SCRIPT,
  SESSION_GUARD_HASH,
  SESSION_GUARD_SCRIPT,
} from './app-page-hints.js';

/** The shell's own inline script (index.html's, decision 0697), allowed by its hash read from the built file. */
const SHELL_SCRIPT = "setTimeout(()=>{document.documentElement.classList.add('app-waited')},1000)";

/** The page's inline answers (`#boot-data`), parsed. */
function bootDataOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no #boot-data in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

/** Decision 0353: landing pages carry what their first screen needs. */
describe(`app page hints (${testEngine})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A built web app with the manifest Vite writes: the home screen's chunk imports a shared one.
    webDist = mkdtempSync(path.join(tmpdir(), 'farmacia-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><title>Farmacia</title><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start-0.js"></head><body><div id="root"><main><!--app-screen--><div class="loader">Attendere...</div><script>${SHELL_SCRIPT}</script></main></div></body></html>`,
    );
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(
      path.join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/main.tsx': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
        'src/features/home/home-screen.tsx': { file: 'assets/home-screen-2.js', imports: ['_shared.js', 'src/app/main.tsx'], css: ['assets/home-screen-2.css', 'assets/index-1.css'] },
        '_shared.js': { file: 'assets/shared-3.js' },
        'src/features/catalogue/product-screen.tsx': { file: 'assets/product-screen-4.js', css: ['assets/catalogue-5.css'] },
        'src/features/catalogue/search-screen.tsx': { file: 'assets/search-screen-6.js', css: ['assets/catalogue-5.css'] },
        'src/features/cart/cart-screen.tsx': { file: 'assets/cart-screen-7.js', imports: ['_shared.js'], css: ['assets/item-lists-8.css'] },
        'src/features/checkout/checkout-screen.tsx': { file: 'assets/checkout-screen-9.js', imports: ['_shared.js'] },
        'src/features/reservations/booking-screen.tsx': { file: 'assets/booking-screen-10.js' },
      }),
    );
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'catalogue-5.css'), '.product__image{border-radius:12px}');
    t = await buildTestApp({ webDist });
    await seedDemo(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('home: the options and promotions inline, the first slide preloaded, the screen chunk and its imports modulepreloaded, compressed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/home', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-type'])).toContain('text/html');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');

    const data = bootDataOf(html);
    const options = OptionsCleanResponseSchema.parse(data['/optionsClean']).data;
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/optionsClean' });
    expect(data['/optionsClean']).toEqual(anonymous.json());
    expect(data['/option/promotions']).toEqual((await t.app.inject({ method: 'GET', url: '/api/option/promotions' })).json());

    const firstSlide = options.slides_image?.[1]?.image;
    expect(firstSlide).toBeTruthy();
    expect(html).toContain(`<link rel="preload" as="image" href="${firstSlide}" fetchpriority="high">`);
    // The default shop's header and carousel in the page (decision 0374), hidden by the guard for a
    // logged-in user, whose inline script the CSP allows by its hash; the code waits for them.
    expect(html).toContain(
      '<template id="app-code"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start-0.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-screen-2.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-3.js"></template>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/home-screen-2.css" disabled>');
    expect(html).toContain('<style>.app-session [data-app-preview]{display:none}</style>');
    expect(html).toContain(
      `<main><script>${SESSION_GUARD_SCRIPT}</script><div class="page home" data-app-preview=""><header class="home__header"><span class="home__logo home__logo--pending" aria-hidden="true"></span><h1 class="home__title">${options.shop_name}</h1></header><section class="carousel" aria-roledescription="carousel" aria-label="In evidenza"><div class="carousel__viewport"><div class="carousel__track" aria-live="off" style="transform: translate3d(-100%, 0px, 0px);">`,
    );
    const second = options.slides_image?.[1];
    expect(html).toContain(
      `<div class="carousel__slide" role="group" aria-roledescription="slide" aria-label="Diapositiva 2 di ${options.slides_image?.length}"><a href="${second?.url}"><img alt="${second?.alt}" width="1200" height="500" class="carousel__image" loading="eager" fetchpriority="high" decoding="async" src="${second?.image}"></a></div>`,
    );
    expect(html).toContain(
      '<button type="button" class="carousel__dot carousel__dot--active" aria-label="Vai alla diapositiva 2" aria-current="true"></button>',
    );
    expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' ${SESSION_GUARD_HASH}`);
    // Already in the page: the entry script, and its stylesheet (inlined by the build).
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/index-1.js"');
    expect(html).not.toContain('href="/assets/index-1.css"');
  });

  it('product: its answer inline, its image preloaded, the top of its screen in the page; an unknown product gets none of it', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/product/search?q=tachipirina' });
    const code = search.json().responses[0].hits.hits[0]._source.codice_ministeriale as string;
    const response = await t.app.inject({ method: 'GET', url: `/app/product/${code}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const data = bootDataOf(html);
    expect(ProductSchema.parse(data[`/product/${code}`]).codice_ministeriale).toBe(code);
    // The footer's seller data and EU logo link, read by every screen (decision 0405).
    expect(data['/shop/legal']).toEqual((await t.app.inject({ method: 'GET', url: '/api/shop/legal' })).json());
    expect(html).toContain(`<link rel="preload" as="image" href="/api/product/${code}/image" fetchpriority="high">`);
    // The app's code waits in a template until the product's top has painted (decision 0371).
    expect(html).toContain('<template id="app-code"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start-0.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/product-screen-4.js"></template>');
    expect(html.match(/start-0\.js/g)).toHaveLength(1);
    // The top of the product screen is in the page, styled: name, maker, image (decision 0355).
    const product = ProductSchema.parse(data[`/product/${code}`]);
    expect(html).toContain('<title>Farmacia</title>\n<link rel="preload" as="image"');
    expect(html).toContain('<style>.product__image{border-radius:12px}</style><link rel="stylesheet" href="/assets/catalogue-5.css" disabled>');
    expect(html).toContain(
      `<main><article class="page catalogue product"><h1 class="product__name">${product.nome_prodotto}</h1><p class="product__maker">${product.descrizione_ditta_1_produttrice}</p><img class="product__image" src="${product.immagine}" alt="${product.nome_prodotto}" width="280" height="280" fetchpriority="high"></article><div class="loader">`,
    );

    const unknown = await t.app.inject({ method: 'GET', url: '/app/product/000000000' });
    expect(unknown.statusCode).toBe(200);
    expect(bootDataOf(unknown.body)).not.toHaveProperty('/product/000000000');
    expect(unknown.body).not.toContain('rel="preload" as="image"');
    expect(unknown.body).toContain('<main><!--app-screen--><div class="loader">');
    expect(unknown.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/catalogue-5.css">');
  });

  it('search: the first page of results keyed as the app asks it; no search under 3 characters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/search?q=%20tachipirina%20' });
    const data = bootDataOf(response.body);
    const key = '/product/search?q=tachipirina&rpp=10&p=1';
    expect(data[key]).toEqual((await t.app.inject({ method: 'GET', url: `/api${key}` })).json());
    expect(data['/product/category']).toBeDefined();

    // The screen with the first page of results in the page, as SearchScreen renders it (decision 0372).
    const answer = SearchResponseSchema.parse(data[key]);
    const hits = answer.responses[0]?.hits;
    const first = hits?.hits[0]?._source;
    if (!hits || !first) throw new Error('no results for tachipirina');
    const categories = CategoryResponseSchema.parse(data['/product/category']).categories;
    const category = categories[0];
    if (!category) throw new Error('no categories');
    expect(response.body).toContain(
      `<main><script>${SESSION_GUARD_SCRIPT}</script><div class="page catalogue" data-app-preview=""><h1>Cerca</h1><search><form><div class="field"><label class="field__label" for="_r_0_">Cerca un prodotto</label><div class="field__control"><input inputmode="search" autocomplete="off" enterkeyhint="search" placeholder="Nome, principio attivo o codice" maxlength="100" id="_r_0_" class="field__input" type="search" value=" tachipirina " name="q"></div></div></form></search><div class="scan-pack"><button aria-label="Scansiona il codice a barre della confezione" type="button" class="button button--secondary">Scansiona</button><div role="status" aria-live="polite"></div></div><nav aria-label="Categorie"><ul class="category-buttons category-buttons--row"><li><a class="category-button" href="/app/category/${category.categoria1_slug}"><span>${category.name}</span><span class="category-button__count" aria-hidden="true">${category.tot_prodotti}</span></a></li>`,
    );
    expect(response.body).toContain(`<div role="status" aria-live="polite" class="catalogue__status"><p>${hits.total} risultati per «tachipirina»</p></div><ul class="product-list" aria-label="Prodotti"><li class="product-item">`);
    const price = formatEuro(first.prezzo).replace(/&/g, '&amp;');
    expect(response.body).toContain(
      `<li class="product-item"><img class="product-item__image" alt="" width="72" height="72" loading="lazy" decoding="async" src="${first.immagine}?w=144"><div class="product-item__text"><a class="product-item__name" href="/app/product/${first.codice_ministeriale}">${first.nome_prodotto}</a><span class="product-item__maker">${first.descrizione_ditta_1_produttrice}</span><span class="product-item__price"><span class="price">${price}</span></span></div><div class="add-to-cart add-to-cart--compact"><button aria-label="Aggiungi al carrello: ${first.nome_prodotto}" type="button" class="button button--secondary"><svg class="icon"`,
    );
    expect(response.body).toContain('<template id="app-code"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start-0.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/search-screen-6.js"></template>');
    expect(response.body).toContain('<style>.app-session [data-app-preview]{display:none}</style>');
    // No results: no screen in the page, the shell's loader shows.
    const none = await t.app.inject({ method: 'GET', url: '/app/search?q=zzzzqqqxx' });
    expect(none.body).toContain('<main><!--app-screen--><div class="loader">');

    const short = await t.app.inject({ method: 'GET', url: '/app/search?q=ta' });
    expect(Object.keys(bootDataOf(short.body)).sort()).toEqual(['/option/promotions', '/product/category', '/shop/legal']);
  });

  it("a visitor's picked shop (its cookie, decision 0544): the previews and their answers are that shop's, keyed as the app asks them", async () => {
    const shops = (await t.app.inject({ method: 'GET', url: '/api/shops' })).json() as { data: Array<{ id: number }> };
    const second = shops.data[1]?.id;
    if (second === undefined) throw new Error('the demo has one shop');
    const cookie = `other=1; ${VISITOR_SHOP_COOKIE}=${second}`;
    const key = '/product/search?q=tachipirina&rpp=10&p=1';
    const theirs = (await t.app.inject({ method: 'GET', url: `/api${key}&shop_id=${second}` })).json();
    const defaults = (await t.app.inject({ method: 'GET', url: `/api${key}` })).json();
    // The demo's second shop prices and stocks some products differently (catalogue.seed.ts).
    expect(theirs).not.toEqual(defaults);

    const response = await t.app.inject({ method: 'GET', url: '/app/search?q=tachipirina', headers: { cookie } });
    expect(String(response.headers.vary)).toContain('cookie');
    const data = bootDataOf(response.body);
    expect(data[`${key}&shop_id=${second}`]).toEqual(theirs);
    expect(data).not.toHaveProperty(key);
    expect(data[`/product/category?shop_id=${second}`]).toEqual((await t.app.inject({ method: 'GET', url: `/api/product/category?shop_id=${second}` })).json());
    const first = SearchResponseSchema.parse(theirs).responses[0]?.hits.hits[0]?._source;
    if (!first) throw new Error('no results for tachipirina');
    expect(response.body).toContain(`<span class="product-item__price"><span class="price">${formatEuro(first.prezzo).replace(/&/g, '&amp;')}</span>`);

    const home = bootDataOf((await t.app.inject({ method: 'GET', url: '/app/home', headers: { cookie } })).body);
    expect(home[`/optionsClean?shop_id=${second}`]).toEqual((await t.app.inject({ method: 'GET', url: `/api/optionsClean?shop_id=${second}` })).json());
    // A cookie naming no shop (deleted, forged) is no answer at all: the app asks the server itself.
    const forged = await t.app.inject({ method: 'GET', url: '/app/search?q=tachipirina', headers: { cookie: `${VISITOR_SHOP_COOKIE}=999999` } });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('boot-data');
  });

  it('no answer can close the script element; other pages get index.html as built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/search?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)' });
    const script = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(script).not.toContain('<');

    const other = await t.app.inject({ method: 'GET', url: '/app/orders' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('boot-data');
    expect(other.body).not.toContain('<link rel="preload"');
    expect(other.body).toContain('<main><!--app-screen--><div class="loader">');
    // The shell's own script runs: the page's policy allows it by the hash of the text served.
    const shellHash = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;
    expect(String(other.headers['content-security-policy'])).toContain(` ${shellHash} `);
  });

  it('the signed-in cart, checkout and calendar: their screen code preloaded, no user\'s answers (they need the token; decision 0579)', async () => {
    const preload = (file: string) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${file}">`;
    const cart = await t.app.inject({ method: 'GET', url: '/app/cart' });
    expect(cart.statusCode).toBe(200);
    // Fetched once the cart's frame has painted (decision 0602), its stylesheet inline as the checkout's.
    expect(cart.body).toContain(`${preload('cart-screen-7.js')}${preload('shared-3.js')}</template>\n</head>`);
    expect(cart.body).toContain('<style></style><link rel="stylesheet" href="/assets/item-lists-8.css" disabled>');
    expect(cart.body).not.toContain('boot-data');
    const checkout = (await t.app.inject({ method: 'GET', url: '/app/checkout' })).body;
    expect(checkout).toContain(preload('checkout-screen-9.js'));
    expect(checkout).not.toContain('boot-data');
    expect((await t.app.inject({ method: 'GET', url: '/app/reservations/1' })).body).toContain(preload('booking-screen-10.js'));
    expect((await t.app.inject({ method: 'GET', url: '/app/reservations/event/1/2026-12-01/1' })).body).not.toContain('booking-screen');
  });

  it("the checkout's frame and the calendar's service in the page, the code once they have painted (decision 0593)", async () => {
    const preloads = '<template id="app-code"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start-0.js">';
    // The checkout's title and loader, only where a session is stored (a visitor goes to login).
    const checkout = (await t.app.inject({ method: 'GET', url: '/app/checkout' })).body;
    expect(checkout).toContain(
      `<main><script>${SESSION_GUARD_SCRIPT}</script><div class="page checkout" data-app-frame=""><h1>Completa la richiesta</h1><div class="loader" role="status" aria-live="polite"><span class="loader__spinner" aria-hidden="true"></span><span>Attendere...</span></div></div><div class="loader">`,
    );
    expect(checkout).toContain('<style>html:not(.app-session) [data-app-frame],.app-session [data-app-frame]~.loader{display:none}</style>');
    expect(checkout).toContain(preloads);
    // The cart's title, refresh button and loader (CartScreen in PullToRefresh), then the note's script (decision 0602).
    expect((await t.app.inject({ method: 'GET', url: '/app/cart' })).body).toContain(
      `<main><script>${SESSION_GUARD_SCRIPT}</script><div class="pull-to-refresh" data-app-frame=""><div class="pull-to-refresh__indicator" aria-hidden="true" style="height: 0px;"></div><div class="page cart"><div class="cart__header"><h1>Carrello</h1><button type="button" class="button button--link">Aggiorna</button></div><div class="loader" role="status" aria-live="polite"><span class="loader__spinner" aria-hidden="true"></span><span>Attendere...</span></div><script>${CART_NOTE_SCRIPT}</script></div></div><div class="loader">`,
    );

    // The service's name and description for everyone, from the public answer the app then uses once.
    const answer = (await t.app.inject({ method: 'GET', url: '/api/services/1/availability' })).json() as { service: { name: string; description: string } };
    expect(answer.service.description).toContain('<p>');
    const calendar = (await t.app.inject({ method: 'GET', url: '/app/reservations/1' })).body;
    expect(bootDataOf(calendar)['/services/1/availability']).toEqual(answer);
    expect(calendar).toContain(
      `<main><div class="page booking"><h1>${answer.service.name}</h1><div class="html-content booking__description">${answer.service.description}</div></div><div class="loader">`,
    );
    expect(calendar).toContain(preloads);
    expect(calendar).not.toContain('data-app-frame');
    // No such service: the shell as for any page.
    const unknown = (await t.app.inject({ method: 'GET', url: '/app/reservations/999999' })).body;
    expect(unknown).toContain('<main><!--app-screen--><div class="loader">');
  });

  it("the signed-in cart, checkout and calendar: the page's first script starts the reads the router waits for, allowed by its hash (decision 0592)", async () => {
    const early = (paths: string) => `<title>Farmacia</title>\n<script data-paths="${paths}">${EARLY_REQUESTS_SCRIPT}</script>`;
    const cart = await t.app.inject({ method: 'GET', url: '/app/cart' });
    expect(cart.body).toContain(early('/profile /cart /option/galenica /option/cart_note'));
    expect(String(cart.headers['content-security-policy'])).toContain(`script-src 'self' ${SESSION_GUARD_HASH} ${EARLY_REQUESTS_HASH} ${CART_NOTE_HASH}`);
    expect((await t.app.inject({ method: 'GET', url: '/app/checkout' })).body).toContain(
      early('/profile /cart /option/order_shipping_configurations /payment/methods /address /fiscalcode'),
    );
    expect((await t.app.inject({ method: 'GET', url: '/app/reservations/12' })).body).toContain(early('/profile /services/12/availability'));
    for (const url of ['/app/home', '/app/product/059902078', '/app/orders', '/app/reservations/event/1/2026-12-01/1']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('data-paths');
    }
  });

  it("the cart's frame draws the shop's note from the page's own reads above a cart that is not empty, as CartScreen does (decision 0602)", async () => {
    /** Runs the frame's script against the early reads' answers; what it put in the loader's place, if anything. */
    const noteDrawn = async (cart: unknown, note: unknown, { ok = true, isConnected = true } = {}) => {
      const drawn: unknown[][] = [];
      const loader = { isConnected, replaceWith: (...nodes: unknown[]) => drawn.push(nodes), cloneNode: () => 'new loader' };
      const answer = (body: unknown) => Promise.resolve({ ok, clone: () => ({ json: async () => body }) });
      const window = { __farmaciaEarly: { token: 't', responses: { '/cart': answer({ data: cart }), '/option/cart_note': answer({ data: note }) } } };
      const document = { currentScript: { previousElementSibling: loader }, createElement: (tagName: string) => ({ tagName }) };
      runInNewContext(CART_NOTE_SCRIPT, { window, document, Promise });
      await new Promise((resolve) => setImmediate(resolve));
      return drawn[0];
    };
    // Only the lists' lengths matter to the rule.
    const some = [{}] as never[];
    const carts = [
      { products: [], prescriptions: [], product_requests: [] },
      { products: some, prescriptions: [], product_requests: [] },
      { products: [], prescriptions: some, product_requests: [] },
      { products: [], prescriptions: [], product_requests: some },
    ];
    for (const cart of carts) {
      const drawn = await noteDrawn(cart, 'Nota della farmacia');
      // The contract's rule decides, as in CartScreen: the note only above a cart that is not empty.
      expect(drawn, JSON.stringify(cart)).toEqual(
        isCartEmpty(cart) ? undefined : [{ tagName: 'p', className: 'notice notice--info', textContent: 'Nota della farmacia' }, 'new loader'],
      );
    }
    // No note written, a failed read, or the app already in place of the frame: nothing drawn.
    expect(await noteDrawn(carts[1], null)).toBeUndefined();
    expect(await noteDrawn(carts[1], '')).toBeUndefined();
    expect(await noteDrawn(carts[1], 'Nota', { ok: false })).toBeUndefined();
    expect(await noteDrawn(carts[1], 'Nota', { isConnected: false })).toBeUndefined();
  });
});
