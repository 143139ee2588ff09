import { expect, type Page } from '@playwright/test';
import { acceptHealthConsent, loginWithForm, newUser, openSignedIn, registerThroughApi, test } from './support';

/** A valid fiscal code that is not the new user's (control character checked by the contract). */
const FAMILY_CODE = 'BNCLRA90A41H501F';

const nreField = (page: Page) => page.getByLabel('Codice NRE');
const fiscalCodeField = (page: Page) => page.getByLabel(/Codice fiscale dell'assistito/);

test('the manifest declares the share target of the prescription form', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toEqual({
    action: '/app/prescription/nre',
    method: 'GET',
    params: { title: 'title', text: 'text', url: 'url' },
  });
});

test('a shared SMS with two prescriptions: login, the first filled, saved, then the second filled with the same fiscal code', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);
  const sms = `Regione Lazio: ricette elettroniche 1200A 4012345678 e 1200A4012345679 per ${user.fiscalCode}. Validità 30 giorni.`;

  // What Android's "Condividi" opens: the share target's GET, logged out.
  await page.goto(`/app/prescription/nre?title=${encodeURIComponent('Messaggio')}&text=${encodeURIComponent(sms)}`);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await loginWithForm(page, user.email, user.password);

  await expect(page.getByRole('heading', { level: 1, name: 'Inserisci ricetta' })).toBeVisible();
  await expect(nreField(page)).toHaveValue('1200A4012345678');
  await expect(fiscalCodeField(page)).toHaveValue(user.fiscalCode);
  await expect(page.getByText('Il messaggio contiene altre ricette')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inserisci la ricetta 1200A4012345679' })).toBeVisible();

  await page.getByRole('button', { name: 'Salva ricetta' }).click();
  await acceptHealthConsent(page);
  // The next prescription of the message opens, filled.
  await expect(nreField(page)).toHaveValue('1200A4012345679');
  await expect(fiscalCodeField(page)).toHaveValue(user.fiscalCode);
  await expect(page.getByText('Il messaggio contiene altre ricette')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salva ricetta' }).click();
  await expect(page).toHaveURL(/\/app\/cart$/);
  await expect(page.getByText('1200A4012345678', { exact: true })).toBeVisible();
  await expect(page.getByText('1200A4012345679', { exact: true })).toBeVisible();
});

test('"Incolla dal messaggio": the clipboard fills the form, a family fiscal code is offered and added, a message with nothing valid says so', async ({
  page,
  context,
}) => {
  const user = newUser();
  await openSignedIn(page, await registerThroughApi(page, user), '/app/prescription/nre');
  await expect(page.getByRole('heading', { level: 1, name: 'Inserisci ricetta' })).toBeVisible();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  const paste = async (text: string) => {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.getByRole('button', { name: 'Incolla dal messaggio' }).click();
  };

  await paste('IO: Hai una nuova ricetta elettronica. Codice NRE 0301A4123456789');
  await expect(nreField(page)).toHaveValue('0301A4123456789');

  await paste(`Ricetta per la mamma ${FAMILY_CODE}: 0300A1234567890`);
  await expect(nreField(page)).toHaveValue('0300A1234567890');
  await expect(page.getByText(`Il codice fiscale ${FAMILY_CODE} non è tra i tuoi codici fiscali.`)).toBeVisible();
  await page.getByRole('button', { name: `Aggiungi ${FAMILY_CODE}` }).click();
  await expect(fiscalCodeField(page)).toHaveValue(FAMILY_CODE);
  await expect(page.getByText(`Codice fiscale ${FAMILY_CODE} aggiunto e selezionato.`)).toBeVisible();

  await paste('NRE 0300A123456789 (una cifra in meno)');
  await expect(page.getByText('Nel messaggio non c’è un codice NRE o un codice fiscale valido.')).toBeVisible();
  await expect(nreField(page)).toHaveValue('0300A1234567890');
});

test('"Incolla dal messaggio" without clipboard access opens a text box', async ({ page }) => {
  const user = newUser();
  await openSignedIn(page, await registerThroughApi(page, user), '/app/prescription/vetnre');
  // A browser without clipboard reading (Firefox, iOS Safari): the dialog takes the text. (Not
  // just a missing permission: the browser's clipboard is shared with the journey before.)
  await page.evaluate(() => Object.defineProperty(navigator.clipboard, 'readText', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Incolla dal messaggio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Incolla il messaggio della ricetta' });
  await dialog.getByRole('textbox', { name: /Testo del messaggio/ }).fill(`NRE: 1600A4222333444 CF ${user.fiscalCode}`);
  await dialog.getByRole('button', { name: 'Compila' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(nreField(page)).toHaveValue('1600A4222333444');
  await expect(page.getByLabel(/Codice fiscale del proprietario dell'animale/)).toHaveValue(user.fiscalCode);
});

test('the home leads to the pack scanner on Search', async ({ page }) => {
  await page.goto('/app/home');
  await page.getByRole('link', { name: 'Scansiona una confezione' }).click();
  await expect(page).toHaveURL(/\/app\/search\?scan=1$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test("the pack's lookup code loads when the scanner opens, not with the search screen", async ({ page }) => {
  const lookupChunk = /\/assets\/scan-results-[^/]*\.js$/;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/app/search');
  // The app draws this screen (no server-drawn top without a text): its chunk and every chunk it
  // imports have loaded once the search box shows.
  await expect(page.getByRole('searchbox', { name: 'Cerca un prodotto' })).toBeVisible();
  expect(scripts.filter((file) => lookupChunk.test(file))).toEqual([]);

  const lookup = page.waitForRequest((request) => lookupChunk.test(new URL(request.url()).pathname));
  await page.getByRole('button', { name: 'Scansiona il codice a barre della confezione' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await lookup;
});
