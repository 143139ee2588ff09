import { formatEuro, minsanCheckDigit } from '@farmacia/contract';
import { expect } from '@playwright/test';
import { openBackOffice, test } from './support';

/**
 * Issue 8, catalogue: a pharmacist uploads a small listino with one bad row, watches the import's
 * progress and report, edits a product's price, and the customer app's product page shows it.
 */

/** A valid ministerial code from 8 digits (unique per run, so reruns on the same data dir insert). */
const stamp = String(Date.now()).slice(-6);
const aic = (prefix: string) => `${prefix}${stamp}${minsanCheckDigit(`${prefix}${stamp}`)}`;
const GOOD_A = aic('93');
const GOOD_B = aic('94');
const first8 = `95${stamp}`;
const BAD = `${first8}${(minsanCheckDigit(first8) + 1) % 10}`;
const NAME = `VELMIRAX ${stamp} GEL 50 ML`;

test('a pharmacist uploads the listino, sees progress and the bad line, edits a price that the app then shows', async ({ page }) => {
  const csv = [
    'codice_ministeriale;nome_prodotto;descrizione_ditta_1_produttrice;categoria1;categoria2;prezzo;quantita',
    `${GOOD_A};${NAME};Laboratori Demo;Dermocosmesi;Corpo;9,90;12`,
    `${BAD};PRODOTTO SBAGLIATO;Laboratori Demo;Dermocosmesi;Corpo;4,50;3`,
    `${GOOD_B};VELMIRAX ${stamp} CREMA 75 ML;Laboratori Demo;Dermocosmesi;Corpo;12,40;5`,
  ].join('\r\n');

  await openBackOffice(page);
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Catalogo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogo' })).toBeVisible();

  // Nothing chosen: the page says what is missing.
  await page.getByRole('button', { name: 'Carica' }).click();
  await expect(page.getByRole('alert')).toHaveText('Scegliere il file del catalogo (CSV separato da punto e virgola).');

  await page.getByLabel('File del listino').setInputFiles({ name: 'listino.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Carica' }).click();
  // The progress bar, then the report with the counts and the bad line.
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText('Importazione completata (listino.csv): 3 righe — 2 inseriti, 0 aggiornati, 0 invariati, 1 scartato.')).toBeVisible();
  const rejected = page.getByRole('table', { name: 'Righe scartate' });
  // The bad row is named by its line in the file (the header is line 1) and the reason.
  const badRow = rejected.getByRole('row').filter({ hasText: 'cifra di controllo errata' });
  await expect(badRow.getByRole('cell').first()).toHaveText('3');
  await expect(rejected.getByRole('row')).toHaveCount(2);

  // Find the new product with the search and change its price.
  await page.getByLabel('Cerca per nome, codice o principio attivo').fill(`velmirax ${stamp} gel`);
  await page.getByRole('button', { name: `Modifica ${NAME}` }).click();
  const editor = page.getByRole('region', { name: `Prodotto ${GOOD_A}` });
  const price = editor.getByLabel('Prezzo (€)');
  await expect(price).toHaveValue('9,90');
  await price.fill('-1');
  await editor.getByRole('button', { name: 'Salva prodotto' }).click();
  await expect(editor.getByText('Inserire un prezzo valido in euro (massimo 2 decimali).').first()).toBeVisible();
  await price.fill('7,35');
  await editor.getByRole('button', { name: 'Salva prodotto' }).click();
  await expect(editor.getByRole('status')).toHaveText('Prodotto salvato.');

  // The customer app shows the new price.
  await page.goto(`/app/product/${GOOD_A}`);
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.locator('.product__price')).toHaveText(formatEuro(7.35));
});
