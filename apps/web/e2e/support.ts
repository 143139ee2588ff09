import { createECDH, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fiscalCodeControlChar, type ProductHit, type SearchResponse } from '@farmacia/contract';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { STAFF_TOKEN_KEY } from '../../backoffice/src/lib/session';
import { e2eServer } from '../playwright.config';
import { TOKEN_KEY } from '../src/lib/session';

/**
 * Playwright's `test` with each worker's own server (decision 0625): the pages, the request
 * contexts and every browser.newContext() of a journey go to the server of the worker running it.
 */
export const test = base.extend({
  baseURL: async ({ baseURL: _ }, use, testInfo) => use(e2eServer(testInfo.parallelIndex).baseURL),
});

/**
 * For the files whose journeys are about the installed app (its service worker: install, offline,
 * Web Push): every other journey runs with service workers blocked (playwright.config.ts, decision 0633).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

/** The server the running journey talks to: its address and its data folder (where the mail outbox is). */
export function ownServer() {
  return e2eServer(test.info().parallelIndex);
}

/** Demo accounts seeded by the server (README): the customer and the one who must renew consents. */
export const DEMO_PASSWORD = 'Farmacia2026!';
export const DEMO_CUSTOMER = { email: 'cliente@farmacia.demo', phone: '3331234567', password: DEMO_PASSWORD };
export const DEMO_PRIVACY_RENEWAL = { email: 'rinnovo@farmacia.demo', password: DEMO_PASSWORD };

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  fiscalCode: string;
  password: string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MONTHS = 'ABCDEHLMPRST';

function pick(chars: string): string {
  return chars[Math.floor(Math.random() * chars.length)]!;
}

function digits(count: number): string {
  return Array.from({ length: count }, () => pick('0123456789')).join('');
}

/** A valid, random fiscal code (control character computed by the contract). */
export function randomFiscalCode(): string {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const first15 = `${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}${digits(2)}${pick(MONTHS)}${day}H${digits(3)}`;
  return first15 + fiscalCodeControlChar(first15);
}

/** A user nobody has registered yet: unique email and phone per run. */
export function newUser(): NewUser {
  const stamp = `${Date.now()}${digits(3)}`;
  return {
    name: 'Giulia Bianchi',
    email: `e2e.${stamp}@example.com`,
    phone: `3${digits(9)}`,
    fiscalCode: randomFiscalCode(),
    password: `Prova-${digits(6)}!`,
  };
}

/**
 * Registers a user through the API (for journeys that are not about signing up), from a page or
 * from the test's own request context; returns the new user's token.
 */
export async function registerThroughApi({ request }: { request: APIRequestContext }, user: NewUser): Promise<string> {
  const response = await request.post('/api/auth/register', {
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      password_confirmation: user.password,
      codice_fiscale: user.fiscalCode,
      phone_number: user.phone,
      privacy: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** The demo shop's pharmacist (README). */
export const DEMO_PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

/** A user's token from the API's login (for the steps a journey does through the API). */
export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Logs into the back office through its form, as the demo pharmacist unless told otherwise. */
export async function backOfficeLogin(page: Page, { email, password } = DEMO_PHARMACIST): Promise<void> {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** The demo pharmacist, signed in (decision 0632), opens order `orderId` in the back office. */
export async function openOrderInConsole(page: Page, orderId: number): Promise<void> {
  await openBackOffice(page, `/backoffice/ordini/${orderId}`);
}

/**
 * Decision 0632: a journey that is not about logging in starts signed in. The token (from the API's
 * sign-up or login) is put where the app keeps it, from a small file of the same origin (no app
 * loaded), and the journey opens its screen: the same stored session the app reads on every load,
 * without the login page, its chunk and the redirect after it. The journeys about logging in,
 * logging out, expired or revoked sessions and the login form keep the form.
 */
async function storeToken(page: Page, storage: 'localStorage' | 'sessionStorage', key: string, token: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(({ storage, key, token }) => window[storage].setItem(key, token), { storage, key, token });
}

/** The customer app at `path`, signed in with `token` (decision 0632). */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await storeToken(page, 'localStorage', TOKEN_KEY, token);
  await page.goto(path);
}

/** The customer app at `path`, signed in as `email` through the API's login (decision 0632). */
export async function openSignedInAs(page: Page, { email, password }: { email: string; password: string }, path: string): Promise<void> {
  await openSignedIn(page, await tokenOf(page.request, email, password), path);
}

/**
 * The back office at `path` (the order queue unless told otherwise), signed in as the demo
 * pharmacist unless told otherwise, through the API's login (decision 0632).
 */
export async function openBackOffice(page: Page, path = '/backoffice/ordini', { email, password } = DEMO_PHARMACIST): Promise<void> {
  await storeToken(page, 'sessionStorage', STAFF_TOKEN_KEY, await tokenOf(page.request, email, password));
  await page.goto(path);
}

/** Decodes a quoted-printable body: soft line breaks and =XX bytes (UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Waits for the newest .eml in `${E2E_DATA_DIR}/outbox/` addressed to `recipient` and returns the
 * path of the password reset link it carries ('/auth/reset/<token>?email=...').
 */
export async function readResetLink(recipient: string, timeoutMs = 20_000): Promise<string> {
  const outbox = path.join(ownServer().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const raw = await readFile(path.join(outbox, name), 'utf8');
      if (!raw.toLowerCase().includes(recipient.toLowerCase()) && !decodeQuotedPrintable(raw).toLowerCase().includes(recipient.toLowerCase())) continue;
      const body = decodeQuotedPrintable(raw).replace(/&amp;/g, '&');
      const match = /\/auth\/reset\/[^\s"'<>]+/.exec(body);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No reset mail for ${recipient} in ${outbox}`);
}

/** Logs in through the login form (identifier as typed: an email or digits). */
/** Fills the login form and submits it; the caller checks the outcome (an error, or where it lands). */
export async function submitLoginForm(page: Page, identifier: string, password: string): Promise<void> {
  await expect(page.getByRole('tab', { name: 'Accedi' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email o numero di telefono').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Accedi' }).click();
}

/**
 * Logs in through the form and waits until the app has left the login page. A URL check alone is
 * not enough: '/auth/login?redirect=/app/cart' already ends with '/app/cart', so a test could
 * navigate away while the login request is still in flight and land logged out.
 */
export async function loginWithForm(page: Page, identifier: string, password: string): Promise<void> {
  const loginPath = new URL(page.url()).pathname;
  await submitLoginForm(page, identifier, password);
  await page.waitForURL((url) => url.pathname !== loginPath);
}

/** The bottom tabs (spec §2). */
export function tabBar(page: Page) {
  return page.getByRole('navigation', { name: 'Navigazione principale' });
}

/** Logs out from the account menu. */
export async function logoutFromMenu(page: Page): Promise<void> {
  await tabBar(page).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/user$/);
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(tabBar(page).getByRole('link', { name: 'Accedi' })).toBeVisible();
}

/** WCAG 2.2 AA, plus axe's best practices (landmarks, heading order, one h1, regions). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core run inside the page. It is injected once per document and run with axe.run:
 * AxeBuilder re-injects it and finishes every analysis in a new blank page, which made each screen
 * 3-4 times slower. Frames are left out: the only ones are the shop's PDFs (flyer, duty shifts),
 * whose viewer is the browser's; their title is checked on the iframe element.
 */
export async function runAxe(page: Page, skip: string[] = []): Promise<AxeResults> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  return page.evaluate(
    ({ tags, skip }) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(skip.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
        iframes: false,
      }),
    { tags: WCAG_22_AA, skip },
  );
}

/** axe finds nothing on the page as it is now (`where` names it in the failure). */
export async function expectNoA11yViolations(page: Page, where = new URL(page.url()).pathname): Promise<void> {
  const { violations } = await runAxe(page);
  expect(violations.map((v) => `${where} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** Opens a checkout step's modal, picks a radio, confirms. */
export async function chooseStep(page: Page, step: string, option: RegExp | string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^(Scegli|Modifica) ${step}$`) }).click();
  const dialog = page.getByRole('dialog', { name: step });
  await dialog.getByRole('radio', { name: option }).first().check();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The health data consent dialog (decision 0410), open over a form that is sending a prescription
 * or a request: the box must be ticked, then "Conferma e invia" records it and the send goes on.
 */
export async function acceptHealthConsent(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Consenso al trattamento dei dati sanitari' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Acconsento al trattamento dei miei dati sanitari/ }).check();
  await dialog.getByRole('button', { name: 'Conferma e invia' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * A push service on 127.0.0.1. Headless Chromium cannot reach a real one (no network, and its
 * push registration is refused headless), so the page's PushManager hands out a subscription to
 * this one instead: everything after that — the app's POST, the server's VAPID-signed, encrypted
 * Web Push through the outbox — is real. (The API suite decrypts such a push; here we check it
 * arrives signed and encrypted.)
 */
export async function startPushService() {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.headers);
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `${origin}/push/${randomBytes(6).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  return { received, subscription, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Replaces PushManager's subscribe/getSubscription with one that returns `subscription`. */
export async function stubPushSubscription(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const make = (key: BufferSource | null) =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      current = make((options?.applicationServerKey as BufferSource | undefined) ?? null);
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

/** The first 30 catalogue hits of a search. */
export async function searchProducts(request: APIRequestContext, q: string): Promise<ProductHit[]> {
  const res = await request.get(`/api/product/search?q=${encodeURIComponent(q)}&rpp=30&p=1`);
  return ((await res.json()) as SearchResponse).responses[0]?.hits.hits.map((h) => h._source) ?? [];
}

/** Every section of the back office's navigation after the order queue (paths under /backoffice). */
export const BACKOFFICE_SECTIONS = [
  '/agenda',
  '/chiusure',
  '/servizi',
  '/eventi',
  '/orari',
  '/negozio/impostazioni',
  '/negozio/contenuti',
  '/negozio/codici-sconto',
  '/negozio/carte-fedelta',
  '/negozio/richieste',
  '/negozio/avvisi',
  '/catalogo',
  '/clienti',
  '/farmacie',
  '/registro',
  '/farmacisti',
] as const;

/** Collected and paid at the pharmacy: the cart choices most journeys' orders use. */
export const COLLECT_IN_SHOP = { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'inShop' }), paymentType: 'payInShop' };
/** Collected from the vending machine, paid online by card: an order the customer pays in the sandbox. */
export const VENDING_MACHINE_PAID_ONLINE = { shippingType: 'vendingMachine', shippingMethod: { type: 'vendingMachine' }, paymentType: 'payOnline' };

/**
 * Registers `user` through the API and fills their cart as the app does: one product that can be
 * sold online (from a search for "crema"), then delivery and payment (`choices`). Answers the
 * customer's authorization headers.
 */
export async function cartReadyThroughApi({ request }: { request: APIRequestContext }, user: NewUser, choices: object = COLLECT_IN_SHOP) {
  const headers = { authorization: `Bearer ${await registerThroughApi({ request }, user)}` };
  const product = (await searchProducts(request, 'crema')).find((p) => !p.prescription_only && p.quantita > 0);
  expect(product, 'a product that can be sold online').toBeDefined();
  expect((await request.post(`/api/cart/products/${product?.codice_ministeriale}`, { headers, data: { quantity: 1 } })).status()).toBe(200);
  const put = await request.put('/api/cart', { headers, data: choices });
  expect(put.status(), await put.text()).toBe(200);
  return headers;
}

/** A new customer's order placed through the API, as the app does (see cartReadyThroughApi); answers its id. */
export async function placeOrderThroughApi(
  page: { request: APIRequestContext },
  { user = newUser(), choices = COLLECT_IN_SHOP as object, note = null as string | null } = {},
): Promise<number> {
  const headers = await cartReadyThroughApi(page, user, choices);
  const placed = await page.request.post('/api/cart/checkout', { headers, data: { note } });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: number }).id;
}

/**
 * The customer, signed in in `app` (decision 0632), opens their order waiting for confirmation,
 * confirms it and pays by card in the sandbox; the provider's notification confirms the order.
 */
export async function payOrderByCard(app: Page, orderId: number, user: NewUser): Promise<void> {
  await openSignedInAs(app, user, `/app/orders/${orderId}`);
  await app.getByRole('button', { name: 'Conferma e paga' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Pagamento con carta' })).toBeVisible();
  await payOnCardForm(app, user.name);
}

/** On the open card form: a card the sandbox approves, in `holder`'s name; the order is then confirmed. */
export async function payOnCardForm(app: Page, holder: string): Promise<void> {
  await app.getByLabel('Titolare della carta').fill(holder);
  await app.getByLabel('Numero della carta').fill('4111 1111 1111 1111');
  await app.getByLabel('Mese di scadenza').selectOption('12');
  await app.getByLabel('Anno di scadenza').selectOption(String(new Date().getFullYear() + 2));
  await app.getByLabel('CVV').fill('123');
  await app.getByRole('button', { name: /^Paga / }).click();
  await expect(app.getByText('Pagamento completato, il tuo ordine è confermato.')).toBeVisible();
}

/** What the screen sweeps visit: a sellable and a prescription-only "tachipirina", the first event and its first day. */
export async function sweepFixtures(api: APIRequestContext) {
  const products = await searchProducts(api, 'tachipirina');
  const otc = products.find((p) => !p.prescription_only && p.quantita > 0)!;
  const rx = products.find((p) => p.prescription_only)!;
  // Parapharmacy: what earns loyalty points and takes a discount code (medicines never do, decision 0696).
  const para = [...(await searchProducts(api, 'magnesio')), ...(await searchProducts(api, 'vitamina'))].find(
    (p) => !p.prescription_only && !p.sop_otc && p.quantita > 0,
  )!;
  const events = ((await (await api.get('/api/event/getAll')).json()) as { data: Array<{ id: number; services: Array<{ id: number }>; availabilities: Array<{ start_at: string }> }> }).data;
  const event = events[0]!;
  return { otc, rx, para, event, eventDay: event.availabilities[0]!.start_at.slice(0, 10) };
}
