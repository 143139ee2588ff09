import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CAROUSEL_INITIAL_SLIDE, SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE } from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the first screen of an app page needs, put into the index.html of that page (decision 0353)
 * so the browser fetches it with the page instead of discovering it after the app's code ran:
 * the screen's code (modulepreload of its lazy chunk), its largest image (preload) and the public
 * API answers it reads (inline JSON, `#boot-data`, used by the app's API client for a visitor's
 * first calls only). Only public, anonymous answers: a logged-in user's calls go to the server as
 * usual. Covers the pages people land on (home, search, product); others get index.html as built.
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

function needsOf(url: URL): PageNeeds | undefined {
  const needs = screenNeedsOf(url);
  return needs && { ...needs, data: [...needs.data, TAB_BAR_DATA] };
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
        return slides[Math.max(0, Math.min(CAROUSEL_INITIAL_SLIDE, slides.length - 1))]?.image;
      },
    };
  }
  if (url.pathname === '/app/search') {
    const q = (url.searchParams.get('q') ?? '').trim();
    const data = ['/product/category'];
    // The query the search screen sends for ?q= (use-product-search.ts, catalogue-api.ts).
    if (q.length >= SEARCH_MIN_LENGTH) data.push(`/product/search?${new URLSearchParams({ q, rpp: String(SEARCH_PAGE_SIZE), p: '1' })}`);
    return { screen: 'src/features/catalogue/search-screen.tsx', data };
  }
  const product = productPath.exec(url.pathname);
  if (product?.[1]) {
    const code = product[1];
    return {
      screen: 'src/features/catalogue/product-screen.tsx',
      // The EU common logo's link sits under the product's details (eu-common-logo.tsx).
      data: [`/product/${code}`, '/option/eu_logo_register_url'],
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

    const answers = new Map<string, unknown>();
    await Promise.all(
      needs.data.map(async (apiPath) => {
        // The visitor's own call, made here: same rate limits (their address), same answer. A call
        // that fails leaves its answer out: the app then asks the server itself.
        try {
          const response = await app.inject({ method: 'GET', url: `/api${apiPath}`, remoteAddress: request.ip, headers: { accept: 'application/json' } });
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
    if (answers.size > 0) last.push(`<script type="application/json" id="boot-data">${scriptJson(Object.fromEntries(answers))}</script>`);
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
    last.push(`<template id="app-code">${code}</template>`);
    return page
      .replace('</title>', `</title>\n${first.join('\n')}`)
      .replace('</head>', `${last.join('\n')}\n</head>`)
      .replace('<!--app-screen-->', screenTop);
  };
}
