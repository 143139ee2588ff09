import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { messages } from '@farmacia/contract';
import { acceptHealthConsent, chooseStep, decodeQuotedPrintable, newUser, test } from './support';
import { TOKEN_KEY } from '../src/lib/session';

/**
 * Going live from an EMPTY production database (issue 15, README "Going live"): its own server
 * (NODE_ENV=production, its own DATA_DIR and a free port, no demo seed), `npm run setup`, the first
 * admin sets their password from the one-time link and logs into the back office, invites a
 * pharmacist, and the pharmacist follows the link of the .eml in the outbox, sets a password and
 * logs in. Then, still only as README says: the admin completes the shop's legal data (the app
 * shows the EU logo and the seller), loads the catalogue with `npm run catalogue:import`, opens
 * courier delivery in the back office; a customer signs up and orders an OTC product by courier
 * (the shop is alerted by mail, the pharmacist sees it), and a prescription order is refused for
 * courier (app and server) but accepted for pickup.
 */

const root = path.resolve(import.meta.dirname, '../../..');
/**
 * A port free now, asked of the system (port 0) by a short child: the file's constants need it before
 * any hook runs. A fixed one collided when two checkouts ran their journeys at once.
 */
function freePort(): number {
  const script = "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = Number(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout);
  if (!Number.isInteger(port) || port <= 0) throw new Error('no free port for the production server');
  return port;
}
const PORT = freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = path.join(root, '.data-test', 'go-live');
// The compiled server and setup, as `npm start` and `npm run setup` run them (built by the journeys' own server start).
const compiled = (entry: string) => path.join(root, 'apps/api/dist', `${entry}.mjs`);

/** Exactly what an operator gives a production start (README "Going live"): nothing inherited from the demo. */
const PRODUCTION_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE,
  PAYMENT_MODE: 'sandbox',
  SANDBOX_CONTROL_TOKEN: 'go-live-journey-sandbox-control-token',
  JWT_SECRET: 'go-live-journey-jwt-secret-0123456789abcdef',
  FILE_ENCRYPTION_KEY: '5a'.repeat(32),
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(root, 'apps/web/dist'),
  BACKOFFICE_DIST: path.join(root, 'apps/backoffice/dist'),
};

const ADMIN = { name: 'Elena Conti', email: 'titolare@farmacia-conti.it', password: 'Titolare-Sicura-2026' };
const PHARMACIST = { name: 'Marco Gallo', email: 'marco.gallo@farmacia-conti.it', password: 'Farmacista-Sicuro-2026' };
const SHOP_EMAIL = 'ordini@farmacia-conti.it';
const LEGAL = {
  registeredOffice: 'Corso Palladio 45, 36100 Vicenza (VI)',
  registration: 'Ordine dei Farmacisti di Vicenza n. 2417',
  authorizationCode: '0123456',
  authorizationDate: '2026-03-02',
  listUrl: 'https://www.salute.gov.it/portale/medicinaliVenditaOnline/farmacia?codice=0123456',
};
/** The listino of apps/web/e2e/fixtures (AIC codes with their check digit). */
const OTC = { code: '004670535', name: 'Paracetamolo Conti 500 mg 20 compresse' };
const PRESCRIPTION_ONLY = { code: '024501025', name: 'Amoxicillina Conti 1 g 12 compresse' };
/** Back office → Impostazioni → Opzioni avanzate: pickup (pay in the pharmacy) and courier (pay on delivery). */
const SHIPPING = {
  deliveryTypes: {
    inShop: { enabled: true, label: 'Ritiro in farmacia', methods: [{ type: 'inShop', label: 'Ritiro al banco', price: 0, free_above: null }] },
    vendingMachine: { enabled: false, label: 'Ritiro al distributore H24', methods: [] },
    pickupPoint: { enabled: false, label: 'Ritiro in un punto di ritiro', methods: [] },
    address: {
      enabled: true,
      label: 'Consegna a domicilio',
      methods: [{ type: 'courier', label: 'Corriere espresso (24/48 ore)', price: 5.9, free_above: 59 }],
    },
  },
  paymentTypes: {
    payInShop: { label: 'Pagamento in farmacia', description: 'Paghi al ritiro in farmacia.', shippingTypes: ['inShop'] },
    cashOnDelivery: { label: 'Pagamento alla consegna', description: 'Paghi al corriere alla consegna.', shippingTypes: ['address'] },
  },
};

let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
});

/** `npm run setup` with flags, as a script would: returns the one-time link it printed. */
function runSetup(): string {
  const run = spawnSync(
    process.execPath,
    [
      compiled('setup'),
      '--non-interactive',
      ...['--admin-name', ADMIN.name, '--admin-email', ADMIN.email],
      ...['--shop-name', 'Farmacia Conti', '--shop-city', 'Vicenza', '--shop-email', 'ordini@farmacia-conti.it'],
      ...['--legal-name', 'Farmacia Conti S.r.l.', '--vat-number', '01234567897', '--responsible-pharmacist', 'Dott.ssa Elena Conti'],
    ],
    { cwd: root, env: PRODUCTION_ENV, encoding: 'utf8', timeout: 170_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  const link = /^https?:\/\/\S+\/backoffice\/password\?\S+$/m.exec(run.stdout)?.[0];
  expect(link, run.stdout).toBeDefined();
  return link as string;
}

async function startServer(): Promise<void> {
  server = spawn(process.execPath, [compiled('server')], { cwd: root, env: PRODUCTION_ENV, stdio: 'inherit' });
  await expect
    .poll(async () => (await fetch(`${BASE}/readyz`).catch(() => undefined))?.status, { timeout: 170_000, intervals: [500] })
    .toBe(200);
}

/** The newest .eml of this server's outbox to `recipient` (and saying `about`), decoded, once the worker has written it. */
async function mailTo(recipient: string, about = ''): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        let names: string[] = [];
        try {
          names = readdirSync(outbox).filter((n) => n.endsWith('.eml')).sort().reverse();
        } catch {
          // The worker has not written its first mail yet.
        }
        found = names.map((n) => decodeQuotedPrintable(readFileSync(path.join(outbox, n), 'utf8'))).find((m) => m.includes(recipient) && m.includes(about)) ?? '';
        return found !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found.replace(/&amp;/g, '&');
}

async function setPasswordFromLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Imposta la tua password' })).toBeVisible();
  await page.getByLabel('Nuova password', { exact: true }).fill(password);
  await page.getByLabel('Conferma nuova password').fill(password);
  await page.getByRole('button', { name: 'Imposta password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password aggiornata correttamente. Ora puoi accedere con la nuova password.');
  await page.getByRole('link', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${BASE}/backoffice/login`);
}

async function backofficeLogin(page: Page, email: string, password: string, role: string): Promise<void> {
  await page.goto(`${BASE}/backoffice/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(role);
}

/** README step 5: Farmacie → Modifica → Dati legali, with the Ministry authorization that allows online sale. */
async function fillLegalData(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Farmacie' }).click();
  await page.getByRole('button', { name: /Modifica.*Farmacia Conti/ }).click();
  const block = page.getByRole('region', { name: /Dati legali/ });
  const L = messages.shopLegal;
  await expect(block.getByLabel(L.vatNumber)).toHaveValue('01234567897');
  await block.getByLabel(L.registeredOffice).fill(LEGAL.registeredOffice);
  await block.getByLabel(L.pharmacistRegistration).fill(LEGAL.registration);
  await block.getByLabel(L.ministryAuthorizationCode).fill(LEGAL.authorizationCode);
  await block.getByLabel(L.ministryAuthorizationDate).fill(LEGAL.authorizationDate);
  await block.getByLabel(L.ministryListUrl).fill(LEGAL.listUrl);
  await block.getByRole('button', { name: L.save }).click();
  await expect(block.getByRole('status')).toHaveText(L.saved);
}

/** The customer app shows the seller and the EU common logo linking to the Ministry list entry. */
async function expectSellerInApp(page: Page): Promise<void> {
  await page.goto(`${BASE}/app/home`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: messages.catalogue.euLogoAlt })).toHaveAttribute('href', LEGAL.listUrl, { timeout: 60_000 });
  await expect(footer).toContainText('Farmacia Conti S.r.l. · P.IVA 01234567897');
  await footer.getByRole('link', { name: messages.shopLegal.title }).click();
  const main = page.getByRole('main');
  for (const fact of [LEGAL.registeredOffice, 'Dott.ssa Elena Conti', LEGAL.registration, LEGAL.authorizationCode]) await expect(main).toContainText(fact);
}

/** README "Catalogue import": `npm run catalogue:import -- listino.csv`, the compiled command with the production environment. */
function importCatalogue(): void {
  const run = spawnSync(process.execPath, [compiled('catalogue-import'), path.join(import.meta.dirname, 'fixtures/go-live-listino.csv')], {
    cwd: root,
    env: PRODUCTION_ENV,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
}

/** README step 5: Negozio → Impostazioni → Opzioni avanzate, "Consegne e pagamenti accettati". */
async function configureDelivery(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Impostazioni' }).click();
  const advanced = page.getByRole('form', { name: 'Opzioni avanzate' });
  await advanced.getByLabel('Consegne e pagamenti accettati').fill(JSON.stringify(SHIPPING, null, 2));
  await advanced.getByRole('button', { name: 'Salva opzioni avanzate' }).click();
  await expect(advanced.getByRole('status')).toHaveText('Impostazioni salvate.');
}

/** README step 10: a customer signs up in the app (production has no demo customer). */
async function signUp(page: Page, user: ReturnType<typeof newUser>): Promise<void> {
  await page.goto(`${BASE}/auth/login?segment=signup`);
  await expect(page.getByRole('tab', { name: 'Registrati' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await page.getByLabel('Nome e cognome').fill(user.name);
  await page.getByLabel('Codice fiscale').fill(user.fiscalCode);
  await page.getByLabel('Numero di telefono').fill(user.phone);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Conferma password').fill(user.password);
  await page.getByLabel(/Ho letto l'informativa privacy/).check();
  await page.getByRole('button', { name: 'Registrati' }).last().click();
  await expect(page).toHaveURL(`${BASE}/app/home`);
}

async function addToCart(page: Page, product: { code: string; name: string }): Promise<void> {
  await page.goto(`${BASE}/app/product/${product.code}`);
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByText(`${product.name} aggiunto al carrello`)).toBeVisible();
}

const orderIdOf = (page: Page) => Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

/** The OTC product by courier to a new address, paid on delivery: the order id. */
async function courierOrder(page: Page): Promise<number> {
  await addToCart(page, OTC);
  await page.goto(`${BASE}/app/checkout`);
  await page.getByRole('button', { name: 'Scegli Consegna' }).click();
  let dialog = page.getByRole('dialog', { name: 'Consegna' });
  await dialog.getByRole('radio', { name: 'Consegna a domicilio' }).check();
  await dialog.getByRole('link', { name: 'Aggiungi un nuovo indirizzo' }).click();
  await page.getByLabel('Nome (es. Casa, Ufficio)').fill('Casa');
  await page.getByLabel('Indirizzo e numero civico').fill('Contrà Porti 8');
  await page.getByLabel('Città').fill('Vicenza');
  await page.getByLabel('Provincia').fill('VI');
  await page.getByLabel('CAP').fill('36100');
  await page.getByRole('button', { name: 'Salva indirizzo' }).click();
  dialog = page.getByRole('dialog', { name: 'Consegna' });
  await expect(dialog.getByRole('radio', { name: /Casa/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await chooseStep(page, 'Metodo di consegna', /Corriere espresso/);
  await chooseStep(page, 'Pagamento', /Pagamento alla consegna/);
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page).toHaveURL(/\/app\/thankyou\/\d+$/);
  return orderIdOf(page);
}

/**
 * The prescription-only product's NRE prescription (the health-data consent asked first):
 * the checkout offers only the pickup and says why, the server refuses a forced courier, the
 * pickup goes through. The order id.
 */
async function prescriptionOrder(page: Page, fiscalCode: string): Promise<number> {
  // A prescription-only medicine is not put in the cart: its page asks for the prescription.
  await page.goto(`${BASE}/app/product/${PRESCRIPTION_ONLY.code}`);
  await expect(page.getByRole('heading', { level: 1, name: PRESCRIPTION_ONLY.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aggiungi al carrello' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Inserisci ricetta' }).click();
  await page.getByRole('link', { name: /Ricetta elettronica \(codice NRE\)/ }).click();
  await page.getByLabel(/Codice fiscale dell'assistito/).selectOption(fiscalCode);
  await page.getByLabel('Codice NRE').fill('050A01234567890');
  await page.getByRole('button', { name: 'Salva ricetta' }).click();
  await acceptHealthConsent(page);
  await expect(page).toHaveURL(`${BASE}/app/cart`);

  await page.goto(`${BASE}/app/checkout`);
  await page.getByRole('button', { name: 'Scegli Consegna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Consegna' });
  await expect(dialog.getByText(messages.saleRules.prescriptionPickupOnly)).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: 'Ritiro in farmacia' })).toBeVisible();
  await dialog.getByRole('button', { name: messages.cart.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();

  // Forced through the API with the customer's own token: the server refuses the courier.
  const headers = { authorization: `Bearer ${await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)}` };
  const addresses = (await (await page.request.get(`${BASE}/api/address`, { headers })).json()) as { data: Array<{ id: number }> };
  const forced = await page.request.put(`${BASE}/api/cart`, {
    headers,
    data: { shippingType: 'address', address: addresses.data[0]?.id, shippingMethod: { type: 'courier' }, paymentType: 'cashOnDelivery' },
  });
  const checkout = forced.ok() ? await page.request.post(`${BASE}/api/cart/checkout`, { headers, data: {} }) : forced;
  expect(checkout.status(), await checkout.text()).toBe(422);
  expect(((await checkout.json()) as { errors: Record<string, string[]> }).errors.shippingType).toBeDefined();

  await page.reload();
  await chooseStep(page, 'Consegna', 'Ritiro in farmacia');
  await chooseStep(page, 'Metodo di consegna', /Ritiro al banco/);
  await chooseStep(page, 'Pagamento', /Pagamento in farmacia/);
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page).toHaveURL(/\/app\/thankyou\/\d+$/);
  return orderIdOf(page);
}

test('from an empty production database: setup, legal data, catalogue, delivery, a pharmacist, an OTC courier order and a prescription pickup', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const adminLink = runSetup();
  expect(new URL(adminLink).origin).toBe(BASE);
  await startServer();
  // Production never seeds the demo: no demo shop, no demo admin.
  const demoLogin = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@farmacia.demo', password: 'Farmacia2026!' }),
  });
  expect(demoLogin.status).toBe(401);

  await setPasswordFromLink(page, adminLink, ADMIN.password);
  await backofficeLogin(page, ADMIN.email, ADMIN.password, `${ADMIN.name} · Amministratore`);

  await fillLegalData(page);
  importCatalogue();
  await configureDelivery(page);
  const customer = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await expectSellerInApp(customer);

  await page.goto(`${BASE}/backoffice/farmacisti`);
  const invite = page.getByRole('form', { name: 'Invita un farmacista' });
  await invite.getByLabel('Nome e cognome').fill(PHARMACIST.name);
  await invite.getByLabel('Email').fill(PHARMACIST.email);
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invito inviato a ${PHARMACIST.email}.`);
  await expect(page.getByRole('list', { name: 'Inviti in attesa' })).toContainText(PHARMACIST.email);
  await page.getByRole('button', { name: 'Esci' }).click();

  const mail = await mailTo(PHARMACIST.email);
  const invitationLink = new RegExp(`${BASE.replaceAll('.', '\\.')}/backoffice/password\\?[^\\s"'<>]+`).exec(mail)?.[0];
  expect(invitationLink, 'the set-password link of the invitation').toBeDefined();
  await setPasswordFromLink(page, invitationLink as string, PHARMACIST.password);
  await backofficeLogin(page, PHARMACIST.email, PHARMACIST.password, `${PHARMACIST.name} · Farmacista`);

  // A customer's first orders; the shop is told by mail and the pharmacist finds them in the queue.
  const user = newUser();
  await signUp(customer, user);
  const courierId = await courierOrder(customer);
  // The staff alert to the shop's address (a customer's own mails may quote that address too).
  expect(await mailTo(SHOP_EMAIL, `Nuovo ordine n. ${courierId}`)).toMatch(new RegExp(`^To: .*${SHOP_EMAIL}`, 'm'));
  const pickupId = await prescriptionOrder(customer, user.fiscalCode);
  await page.reload();
  const queue = page.getByRole('main');
  for (const id of [courierId, pickupId]) await expect(queue.getByRole('link', { name: `Ordine ${id}`, exact: true })).toBeVisible();
});
