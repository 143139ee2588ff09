import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CAROUSEL_INITIAL_SLIDE,
  type CategoryResponse,
  type OptionsClean,
  fillMessage,
  formatEuro,
  formatItalianInteger,
  messages,
  isSearchable,
  type ProductHit,
  productOffer,
  productPagePath,
  productThumbnailSrc,
  SEARCH_PAGE_SIZE,
  type SearchResponse,
  type ServiceAvailabilityResponse,
  visitorShopOfCookie,
  withVisitorShop,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sanitizeRichText } from '../modules/services/index.js';

/**
 * What the first screen of an app page needs, put into the index.html of that page (decision 0353)
 * so the browser fetches it with the page instead of discovering it after the app's code ran:
 * the screen's code (modulepreload of its lazy chunk), its largest image (preload) and the public
 * API answers it reads (inline JSON, `#boot-data`, used by the app's API client for a visitor's
 * first calls only). Only public, anonymous answers: a logged-in user's calls go to the server as
 * usual. Covers the pages people land on (home, search, product) and, code only, the signed-in cart,
 * checkout and booking calendar; others get index.html as built.
 */
interface PageNeeds {
  /** The screen's module in the web app's source (a key of Vite's build manifest). */
  screen: string;
  /** API paths (under /api) whose answers the screen reads first, exactly as the app asks them. */
  data: string[];
  /** The largest image of the screen, from the answers (its URL), if any. */
  image?: (answers: Map<string, unknown>) => string | undefined;
  /**
   * The top of the screen as the app renders it (same elements, classes and text), shown in the
   * shell until the app replaces it (decision 0355); only content that is the same for every
   * visitor. Its stylesheet is then linked, not only preloaded.
   */
  screenTop?: (answers: Map<string, unknown>) => string | undefined;
  /** API paths a signed-in user's page starts reading at once with their token (EARLY_REQUESTS_SCRIPT). */
  early?: string[];
}

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (value: string) => text(value).replace(/"/g, '&quot;');

interface ProductTop {
  nome_prodotto?: unknown;
  descrizione_ditta_1_produttrice?: unknown;
  immagine?: unknown;
}

const productPath = /^\/app\/product\/([^/]+)$/;

/** The tab bar's Offerte badge reads the shop's promotions on every screen (apps/web/src/app/tabs.ts). */
const TAB_BAR_DATA = '/option/promotions';
/** The footer reads the seller's legal data on every screen (apps/web/src/app/legal-footer.tsx, decision 0405). */
const FOOTER_DATA = '/shop/legal';

/**
 * The signed-in screens (issue 22, decision 0579): what they read needs the user's token, which a
 * page's request does not carry, so the server preloads their code — it downloads with the app's
 * instead of after the router has matched the page — and the page's first script starts their
 * reads with the stored token (`early`, decision 0592).
 */
interface SignedInScreen {
  screen: string;
  /**
   * The GETs the router waits for before the screen renders, exactly as the app asks them: the
   * privacy gate's profile (apps/web/src/app/layout-route.ts) and the route's loader.
   */
  early: string[];
  /** Public answers (as for the landing pages) and the screen's top drawn from them (decision 0593). */
  data?: string[];
  screenTop?: PageNeeds['screenTop'];
}

/** The privacy gate reads the profile of a signed-in user before any screen (layout-route.ts). */
const PRIVACY_GATE_DATA = '/profile';

const SIGNED_IN_SCREENS: Readonly<Record<string, SignedInScreen>> = {
  // features/cart/routes.tsx
  '/app/cart': {
    screen: 'src/features/cart/cart-screen.tsx',
    early: ['/cart', '/option/galenica', '/option/cart_note'],
    // CartScreen's header and loader; the shop's note is drawn by the page from its early reads (decision 0602).
    screenTop: () => cartFrame(),
  },
  // features/checkout/routes.tsx
  '/app/checkout': {
    screen: 'src/features/checkout/checkout-screen.tsx',
    early: ['/cart', '/option/order_shipping_configurations', '/payment/methods', '/address', '/fiscalcode'],
    // CheckoutScreen while its answers load: the title and the loader, the same for every customer.
    screenTop: () => signedInFrame('page checkout', [`<h1>${text(messages.checkout.title)}</h1>`, LOADER]),
  },
};
const bookingPath = /^\/app\/reservations\/(\d+)$/;

function signedInScreenOf(url: URL): SignedInScreen | undefined {
  const screen = SIGNED_IN_SCREENS[url.pathname];
  if (screen) return screen;
  // features/reservations/routes.tsx: a visitor sees the calendar too; the script starts nothing without a token.
  const service = bookingPath.exec(url.pathname)?.[1];
  if (!service) return undefined;
  const availability = `/services/${service}/availability`;
  return {
    screen: 'src/features/reservations/booking-screen.tsx',
    early: [availability],
    // The service is the same for every visitor and customer: its name and description, as
    // BookingScreen renders them above its facts and calendar (decision 0593).
    data: [availability],
    screenTop: (answers) => bookingScreenTop(answers.get(availability) as ServiceAvailabilityResponse | undefined),
  };
}

/** The app's loader (apps/web/src/components/ui/loader.tsx). */
const LOADER = `<div class="loader" role="status" aria-live="polite"><span class="loader__spinner" aria-hidden="true"></span><span>${text(messages.app.loading)}</span></div>`;

/**
 * A signed-in screen's top with no user's data in it (decision 0593), shown only when a session is
 * stored (the guard's class, SIGNED_IN_FRAME_STYLE): a visitor is sent to login by the app and keeps
 * the shell's loader until then. The shell's own loader gives way to the frame's.
 */
const signedInFrame = (pageClass: string, parts: readonly string[]) =>
  `<script>${SESSION_GUARD_SCRIPT}</script><div class="${pageClass}" data-app-frame="">${parts.join('')}</div>`;

/** The CSP source that allows one inline script: its text's SHA-256 (app.ts lists these). */
const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The CSP sources of the built shell's own inline scripts (index.html: the script that lets the
 * loader's ring turn after its first second, decision 0697), hashed from the file the server sends,
 * so they are always those of the text served. None without a built app.
 */
export function shellScriptHashes(webDist: string | undefined): string[] {
  const file = webDist && path.join(webDist, 'index.html');
  if (!file || !existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => cspHash(match[1] ?? ''));
}

/**
 * Draws the shop's cart note (the cart's largest paint) in the cart's frame as soon as the page's
 * own reads of `/cart` and `/option/cart_note` have answered (decision 0602), before the app's code
 * has run: exactly where and as CartScreen then draws it — above a cart that is not empty (the
 * contract's `isCartEmpty`, pinned by the API test) when the shop wrote one — and nothing
 * otherwise. It reads copies of the answers (the app adopts the responses themselves, decision
 * 0592) and does nothing once the app has replaced the frame. The frame's loader gives way to the
 * note and a new loader below it: no element of the frame moves. Allowed by its hash (app.ts).
 */
export const CART_NOTE_SCRIPT =
  "try{var e=window.__farmaciaEarly,l=document.currentScript.previousElementSibling,j=function(p){return e.responses[p].then(function(r){return r.ok?r.clone().json():{}})};if(e&&e.responses['/cart']&&e.responses['/option/cart_note'])Promise.all([j('/cart'),j('/option/cart_note')]).then(function(a){var c=a[0].data,n=a[1].data;if(!c||!n||typeof n!=='string'||!l.isConnected||!(c.products.length||c.prescriptions.length||c.product_requests.length))return;var p=document.createElement('p');p.className='notice notice--info';p.textContent=n;l.replaceWith(p,l.cloneNode(true))}).catch(function(){})}catch(x){}";
export const CART_NOTE_HASH = cspHash(CART_NOTE_SCRIPT);

/**
 * CartScreen while its answers load (cart-screen.tsx, PullToRefresh, Button): the title, the
 * refresh button and the loader, then the note script. The same for every customer.
 */
const cartFrame = () =>
  signedInFrame('pull-to-refresh', [
    '<div class="pull-to-refresh__indicator" aria-hidden="true" style="height: 0px;"></div>',
    `<div class="page cart"><div class="cart__header"><h1>${text(messages.tabs.cart)}</h1><button type="button" class="button button--link">${text(messages.cart.refresh)}</button></div>`,
    `${LOADER}<script>${CART_NOTE_SCRIPT}</script></div>`,
  ]);

/** BookingScreen's name and description (booking-screen.tsx, HtmlContent), above what it renders next. */
function bookingScreenTop(answer: ServiceAvailabilityResponse | undefined): string | undefined {
  const service = answer?.service;
  if (!service?.name) return undefined;
  // Stored sanitized (services' rich text); sanitized again here as the app does before rendering it.
  return `<div class="page booking"><h1>${text(service.name)}</h1><div class="html-content booking__description">${sanitizeRichText(service.description)}</div></div>`;
}

/**
 * Starts a signed-in screen's reads as the page is parsed (decision 0592), before the app's code
 * has even arrived: with the token the app keeps (`farmacia.token`, lib/session.ts) and the headers
 * its API client sends, so the app's first call of each path adopts the answer
 * (apps/web/src/lib/early-requests.ts) instead of asking again. Without a token it starts nothing.
 * The paths come from the element's `data-paths` (space-separated); the CSP allows the script by
 * its hash (app.ts), which the attribute is not part of.
 */
export const EARLY_REQUESTS_SCRIPT =
  "try{var t=localStorage.getItem('farmacia.token'),s=document.currentScript;if(t&&s){var e=window.__farmaciaEarly={token:t,responses:{}};s.getAttribute('data-paths').split(' ').forEach(function(p){var r=fetch('/api'+p,{headers:{Accept:'application/json',Authorization:'Bearer '+t},cache:'no-store'});r.catch(function(){});e.responses[p]=r})}}catch(x){}";
export const EARLY_REQUESTS_HASH = cspHash(EARLY_REQUESTS_SCRIPT);

function needsOf(url: URL): PageNeeds | undefined {
  const signedIn = signedInScreenOf(url);
  if (signedIn) return { ...signedIn, data: signedIn.data ?? [], early: [PRIVACY_GATE_DATA, ...signedIn.early] };
  const needs = screenNeedsOf(url);
  return needs && { ...needs, data: [...needs.data, TAB_BAR_DATA, FOOTER_DATA] };
}

function screenNeedsOf(url: URL): PageNeeds | undefined {
  if (url.pathname === '/app/home') {
    return {
      screen: 'src/features/home/home-screen.tsx',
      data: ['/optionsClean'],
      image: (answers) => {
        const slides = (answers.get('/optionsClean') as { data?: { slides_image?: Array<{ image?: string }> } } | undefined)?.data
          ?.slides_image;
        if (!slides?.length) return undefined;
        // The carousel opens on its second slide when there is one (spec §9, home-carousel.tsx).
        return slides[initialSlideIndex(slides.length)]?.image;
      },
      // The default shop's name and slides, as HomeScreen renders them (decision 0374).
      screenTop: (answers) => homeScreenTop((answers.get('/optionsClean') as { data?: OptionsClean } | undefined)?.data),
    };
  }
  if (url.pathname === '/app/search') {
    const q = (url.searchParams.get('q') ?? '').trim();
    const data = ['/product/category'];
    // The query the search screen sends for ?q= (use-product-search.ts, catalogue-api.ts).
    const searchPath = `/product/search?${new URLSearchParams({ q, rpp: String(SEARCH_PAGE_SIZE), p: '1' })}`;
    if (!isSearchable(q)) return { screen: 'src/features/catalogue/search-screen.tsx', data };
    return {
      screen: 'src/features/catalogue/search-screen.tsx',
      data: [...data, searchPath],
      // The screen with its first page of results, as SearchScreen renders it (decision 0372).
      screenTop: (answers) =>
        searchScreenTop(
          url.searchParams.get('q') ?? '',
          q,
          answers.get(searchPath) as SearchResponse | undefined,
          answers.get('/product/category') as CategoryResponse | undefined,
        ),
    };
  }
  const product = productPath.exec(url.pathname);
  if (product?.[1]) {
    const code = product[1];
    return {
      screen: 'src/features/catalogue/product-screen.tsx',
      data: [`/product/${code}`],
      // The product screen shows the product's image first (product-screen.tsx).
      image: (answers) => {
        const image = (answers.get(`/product/${code}`) as ProductTop | undefined)?.immagine;
        return typeof image === 'string' ? image : undefined;
      },
      // The name, the maker and the image, as ProductDetails renders them (product-screen.tsx):
      // the same for every visitor (the price and the stock come with the app).
      screenTop: (answers) => {
        const product = answers.get(`/product/${code}`) as ProductTop | undefined;
        const name = product?.nome_prodotto;
        const maker = product?.descrizione_ditta_1_produttrice;
        const image = product?.immagine;
        if (typeof name !== 'string' || typeof image !== 'string') return undefined;
        return [
          '<article class="page catalogue product">',
          `<h1 class="product__name">${text(name)}</h1>`,
          typeof maker === 'string' && maker ? `<p class="product__maker">${text(maker)}</p>` : '',
          `<img class="product__image" src="${attribute(image)}" alt="${attribute(name)}" width="280" height="280" fetchpriority="high">`,
          '</article>',
        ].join('');
      },
    };
  }
  return undefined;
}

/** The carousel opens on its second slide when there is one (spec §9, home-carousel.tsx). */
const initialSlideIndex = (count: number) => Math.max(0, Math.min(CAROUSEL_INITIAL_SLIDE, count - 1));

/**
 * Hides the home's preview for a logged-in user, whose shop may not be the default one (decision
 * 0374): run by the parser before the preview, so a wrong shop never paints. Its hash is allowed by
 * the documents' CSP (app.ts); the rule that hides the preview is in the page's head.
 */
export const SESSION_GUARD_SCRIPT =
  "try{if(localStorage.getItem('farmacia.token'))document.documentElement.classList.add('app-session')}catch(e){}";
export const SESSION_GUARD_HASH = cspHash(SESSION_GUARD_SCRIPT);
const SESSION_GUARD_STYLE = '<style>.app-session [data-app-preview]{display:none}</style>';
/** The other way round for a signed-in screen's frame (signedInFrame), which also replaces the shell's loader. */
const SIGNED_IN_FRAME_STYLE = '<style>html:not(.app-session) [data-app-frame],.app-session [data-app-frame]~.loader{display:none}</style>';

/**
 * A screen drawn for a visitor of the default shop, or of the shop their cookie names (decision
 * 0544), preceded by the guard that hides it for a logged-in user.
 */
const visitorPreview = (pageClass: string, parts: readonly string[]) =>
  `<script>${SESSION_GUARD_SCRIPT}</script><div class="${pageClass}" data-app-preview="">${parts.join('')}</div>`;

/**
 * The top of the home (header and carousel) of the default shop, element for element as
 * HomeScreen and HomeCarousel render it once the options are there (the logo waits for the
 * version, as in the app; the carousel shows its initial slide): the same for every visitor.
 */
function homeScreenTop(options: OptionsClean | undefined): string | undefined {
  const name = options?.shop_name;
  const slides = options?.slides_image ?? [];
  if (!name || slides.length === 0) return undefined;
  const home = messages.home;
  const initial = initialSlideIndex(slides.length);
  const slide = (item: (typeof slides)[number], index: number) => {
    const image = `<img alt="${attribute(item.alt)}" width="1200" height="500" class="carousel__image" loading="${index === initial ? 'eager' : 'lazy'}"${index === initial ? ' fetchpriority="high"' : ''} decoding="async" src="${attribute(item.image)}">`;
    const internal = /^\/(?!\/)/.test(item.url);
    const link = !item.url
      ? image
      : `<a href="${attribute(item.url)}"${internal ? '' : ' target="_blank" rel="noopener noreferrer"'}>${image}</a>`;
    const hidden = index === initial ? '' : ' aria-hidden="true" inert=""';
    return `<div class="carousel__slide" role="group" aria-roledescription="slide" aria-label="${attribute(fillMessage(home.slide, { n: index + 1, total: slides.length }))}"${hidden}>${link}</div>`;
  };
  const controls =
    slides.length > 1
      ? [
          '<div class="carousel__controls">',
          `<button type="button" class="carousel__button" aria-label="${attribute(home.pauseSlides)}"><span aria-hidden="true">❚❚</span></button>`,
          `<button type="button" class="carousel__button" aria-label="${attribute(home.previousSlide)}"><span aria-hidden="true">‹</span></button>`,
          `<div class="carousel__dots">${slides
            .map((_, index) =>
              index === initial
                ? `<button type="button" class="carousel__dot carousel__dot--active" aria-label="${attribute(fillMessage(home.goToSlide, { n: index + 1 }))}" aria-current="true"></button>`
                : `<button type="button" class="carousel__dot" aria-label="${attribute(fillMessage(home.goToSlide, { n: index + 1 }))}"></button>`,
            )
            .join('')}</div>`,
          `<button type="button" class="carousel__button" aria-label="${attribute(home.nextSlide)}"><span aria-hidden="true">›</span></button>`,
          '</div>',
        ].join('')
      : '';
  return visitorPreview('page home', [
    '<header class="home__header"><span class="home__logo home__logo--pending" aria-hidden="true"></span>',
    `<h1 class="home__title">${text(name)}</h1></header>`,
    `<section class="carousel" aria-roledescription="carousel" aria-label="${attribute(home.slides)}">`,
    // The carousel library places the track once it runs; until then a percentage does the same.
    `<div class="carousel__viewport"><div class="carousel__track" aria-live="off" style="transform: translate3d(-${initial * 100}%, 0px, 0px);">`,
    slides.map(slide).join(''),
    '</div></div>',
    controls,
    '</section>',
  ]);
}

/** The tab bar's and the add-to-cart button's cart icon (apps/web/src/components/ui/icons.tsx). */
const CART_ICON =
  '<svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M3 4h2.5l2.2 11h10.6l2.2-8H7.1M9.5 20.5a1 1 0 1 0 0-.01M17 20.5a1 1 0 1 0 0-.01"></path></svg>';

/**
 * The search screen with the first page of results, element for element as the app renders it
 * (search-screen.tsx, TextField, ScanPack, CategoryButtons, ProductList, AddToCartButton, LoadMore; decision
 * 0372): the same for every visitor. Only with results: otherwise the shell's loader shows.
 */
function searchScreenTop(typed: string, q: string, answer: SearchResponse | undefined, categories: CategoryResponse | undefined): string | undefined {
  const hits = answer?.responses[0]?.hits;
  const products: ProductHit[] = hits?.hits.map((hit) => hit._source) ?? [];
  if (!answer || !hits || products.length === 0) return undefined;
  const catalogue = messages.catalogue;
  const total = hits.total;
  const count = formatItalianInteger(total);
  const results =
    hits.total_relation === 'gte'
      ? fillMessage(catalogue.searchManyResults, { count, q })
      : total === 1
        ? fillMessage(catalogue.searchOneResult, { q })
        : fillMessage(catalogue.searchResults, { count, q });
  const corrected = answer.corrected_query ? `${fillMessage(catalogue.searchCorrected, { q: answer.corrected_query })} · ` : '';
  const buttons = categories?.categories ?? [];
  const item = (product: ProductHit) => {
    const offer = productOffer(product);
    const note = offer === 'prescriptionOnly' ? catalogue.prescriptionOnly : offer === 'unavailable' ? catalogue.unavailable : '';
    return [
      '<li class="product-item">',
      `<img class="product-item__image" alt="" width="72" height="72" loading="lazy" decoding="async" src="${attribute(productThumbnailSrc(product.immagine))}">`,
      '<div class="product-item__text">',
      `<a class="product-item__name" href="${attribute(productPagePath(product.codice_ministeriale))}">${text(product.nome_prodotto)}</a>`,
      product.descrizione_ditta_1_produttrice ? `<span class="product-item__maker">${text(product.descrizione_ditta_1_produttrice)}</span>` : '',
      `<span class="product-item__price"><span class="price">${text(formatEuro(product.prezzo))}</span>`,
      product.prezzo_pieno !== null
        ? `<s class="product-item__full-price"><span class="visually-hidden">${text(catalogue.fullPrice)} </span><span class="price">${text(formatEuro(product.prezzo_pieno))}</span></s>`
        : '',
      '</span>',
      note ? `<span class="product-item__note">${text(note)}</span>` : '',
      '</div>',
      offer === 'prescriptionOnly'
        ? ''
        : `<div class="add-to-cart add-to-cart--compact"><button aria-label="${attribute(`${catalogue.addToCart}: ${product.nome_prodotto}`)}" type="button" class="button button--secondary"${offer === 'unavailable' ? ' disabled=""' : ''}>${CART_ICON}<span class="visually-hidden">${text(catalogue.addToCart)}</span></button></div>`,
      '</li>',
    ].join('');
  };
  // The results, prices and stock are the default shop's: hidden for a logged-in user (decision 0374).
  return visitorPreview('page catalogue', [
    `<h1>${text(catalogue.searchTitle)}</h1>`,
    '<search><form><div class="field">',
    `<label class="field__label" for="_r_0_">${text(catalogue.searchLabel)}</label>`,
    `<div class="field__control"><input inputmode="search" autocomplete="off" enterkeyhint="search" placeholder="${attribute(catalogue.searchPlaceholder)}" maxlength="100" id="_r_0_" class="field__input" type="search" value="${attribute(typed)}" name="q"></div>`,
    '</div></form></search>',
    // ScanPack: the button that opens the pack scanner and its (empty) status line.
    `<div class="scan-pack"><button aria-label="${attribute(messages.scan.scanPack)}" type="button" class="button button--secondary">${text(messages.scan.scanButton)}</button><div role="status" aria-live="polite"></div></div>`,
    buttons.length > 0
      ? `<nav aria-label="${attribute(catalogue.categoriesTitle)}"><ul class="category-buttons category-buttons--row">${buttons
          .map((category) => {
            const slugs = [category.categoria1_slug, category.categoria2_slug, category.categoria3_slug, category.categoria4_slug]
              .slice(0, category.level)
              .filter((slug): slug is string => slug !== null);
            const href = ['/app/category', ...slugs.map(encodeURIComponent)].join('/');
            return `<li><a class="category-button" href="${attribute(href)}"><span>${text(category.name)}</span><span class="category-button__count" aria-hidden="true">${category.tot_prodotti}</span></a></li>`;
          })
          .join('')}</ul></nav>`
      : '',
    `<div role="status" aria-live="polite" class="catalogue__status"><p>${text(corrected + results)}</p></div>`,
    `<ul class="product-list" aria-label="${attribute(catalogue.products)}">${products.map(item).join('')}</ul>`,
    answer.totPages > 1
      ? `<div class="load-more"><button type="button" class="button button--secondary button--block">${text(catalogue.loadMore)}</button></div>`
      : '',
  ]);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The JavaScript and CSS files of a screen's chunk and of the chunks it imports, from Vite's manifest. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Returns the page renderer: index.html with the hints of the page at `request.url`, or undefined
 * when the page has none (the caller then sends the built file as it is).
 */
export function createPageHints(app: FastifyInstance, webDist: string) {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const entryCss = new Set(Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : [])));
  const styles = new Map<string, string>();
  /** A built stylesheet's text (hashed file names never change content), `</style>` made harmless. */
  const styleOf = (file: string) => {
    let css = styles.get(file);
    if (css === undefined) {
      const filePath = path.join(webDist, file);
      css = existsSync(filePath) ? readFileSync(filePath, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
      styles.set(file, css);
    }
    return css;
  };

  return async function pageWithHints(request: FastifyRequest): Promise<string | undefined> {
    const url = new URL(request.url, 'http://app.invalid');
    const needs = needsOf(url);
    if (!needs) return undefined;
    // The shop a visitor picked (its cookie, decision 0544): the previews and answers are that
    // shop's, asked with `shop_id` exactly as the app asks them (the boot data's keys).
    const shopId = visitorShopOfCookie(request.headers.cookie);

    const answers = new Map<string, unknown>();
    await Promise.all(
      needs.data.map(async (apiPath) => {
        // The visitor's own call, made here: same rate limits (their address), same answer. A call
        // that fails leaves its answer out: the app then asks the server itself.
        try {
          const url = `/api${withVisitorShop(apiPath, shopId)}`;
          const response = await app.inject({ method: 'GET', url, remoteAddress: request.ip, headers: { accept: 'application/json' } });
          if (response.statusCode === 200) answers.set(apiPath, response.json());
        } catch (error) {
          request.log.warn({ err: error, apiPath }, 'page hint: API call failed');
        }
      }),
    );

    // First in <head>, before the app's scripts: the largest image and the screen's styles (over
    // HTTP/1.1 the browser opens 6 connections per host; the image must not queue behind scripts).
    const first: string[] = [];
    const last: string[] = [];
    if (needs.early?.length) first.push(`<script data-paths="${attribute(needs.early.join(' '))}">${EARLY_REQUESTS_SCRIPT}</script>`);
    const image = needs.image?.(answers);
    if (image) first.push(`<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">`);
    const { js, css } = filesOf(manifest, needs.screen);
    const screenTop = needs.screenTop?.(answers);
    // The entry's stylesheet is inside index.html already (apps/web/vite.config.ts). With the
    // screen's top in the page its stylesheet applies at once, inline like the entry's and after
    // it (the order the app would load them), with no request before the first paint, and with a
    // disabled link so the app's chunk loader does not add it again; otherwise it only downloads.
    for (const file of css) {
      if (entryCss.has(file)) continue;
      if (screenTop === undefined) first.push(`<link rel="preload" as="style" crossorigin href="/${file}">`);
      else last.push(`<style>${styleOf(file)}</style><link rel="stylesheet" href="/${file}" disabled>`);
    }
    const preloads = js.filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
    if (answers.size > 0) {
      const boot = Object.fromEntries([...answers].map(([apiPath, answer]) => [withVisitorShop(apiPath, shopId), answer]));
      last.push(`<script type="application/json" id="boot-data">${scriptJson(boot)}</script>`);
    }
    if (screenTop === undefined) {
      if (first.length === 0 && last.length === 0 && preloads.length === 0) return undefined;
      return html.replace('</title>', `</title>\n${first.join('\n')}`).replace('</head>', `${[...preloads, ...last].join('\n')}\n</head>`);
    }
    // With the screen's top in the page, the app's code is fetched only once that top (and its image)
    // has painted (decision 0371): its preloads, the build's and the screen's, wait in an inert
    // template that the entry (apps/web/src/app/main.tsx) adds to the page then.
    const buildPreloads = html.match(/<link rel="modulepreload"[^>]*>\s*/g) ?? [];
    let page = html;
    for (const link of buildPreloads) page = page.replace(link, '');
    const code = [...buildPreloads.map((link) => link.trim()), ...preloads].join('');
    if (screenTop.includes(SESSION_GUARD_SCRIPT)) last.push(screenTop.includes('data-app-frame=') ? SIGNED_IN_FRAME_STYLE : SESSION_GUARD_STYLE);
    last.push(`<template id="app-code">${code}</template>`);
    return page
      .replace('</title>', `</title>\n${first.join('\n')}`)
      .replace('</head>', `${last.join('\n')}\n</head>`)
      .replace('<!--app-screen-->', screenTop);
  };
}
