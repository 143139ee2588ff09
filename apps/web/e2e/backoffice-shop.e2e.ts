import { expect } from '@playwright/test';
import { openBackOffice, test } from './support';

/**
 * Issue 8, "Shop": a pharmacist edits the opening hours and a FAQ entry in the back office and
 * the customer app, left open, shows them (the version poll's data_version makes it refetch);
 * a payment secret saved is never shown again, only as set.
 */

test('a pharmacist changes the opening hours and the FAQ; the open customer app shows them; a payment secret stays hidden', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const hours = `Lun–Ven 8:00–20:00 · Sab 9:00–13:00 · aggiornato ${stamp}`;
  const question = `Fate le iniezioni? ${stamp}`;
  const secret = `segreto-mac-${stamp}-987654`;

  // The customer app, open on the home page the whole time.
  const customerContext = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const customer = await customerContext.newPage();
  await customer.goto('/app/home');
  const hoursCard = customer.getByRole('region', { name: 'Orari di apertura' });
  await expect(hoursCard).toBeVisible();
  await expect(hoursCard).not.toContainText(stamp);

  await openBackOffice(page);
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Impostazioni' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni della farmacia' })).toBeVisible();

  // Opening hours: an empty text is refused with the field's message, then saved.
  const hoursForm = page.getByRole('form', { name: 'Orari' });
  const text = hoursForm.getByLabel('Orari come li legge il cliente');
  await text.fill('');
  await hoursForm.getByRole('button', { name: 'Salva orari' }).click();
  await expect(text).toHaveAccessibleDescription('Campo obbligatorio.');
  await text.fill(hours);
  await hoursForm.getByRole('button', { name: 'Salva orari' }).click();
  await expect(hoursForm.getByRole('status')).toHaveText('Impostazioni salvate.');

  // A payment secret: saved, then shown only as set, never echoed.
  const nexi = page.getByRole('form', { name: 'Nexi XPay' });
  await nexi.getByLabel('Chiave MAC').fill(secret);
  await nexi.getByRole('button', { name: 'Salva Nexi XPay' }).click();
  await expect(nexi.getByRole('status')).toHaveText('Impostazioni salvate.');
  await expect(nexi.getByTestId('nexi-secret-state')).toHaveText('Chiave impostata (nascosta)');
  await expect(nexi.getByLabel('Chiave MAC')).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Nexi XPay' }).getByLabel('Chiave MAC')).toHaveAttribute('placeholder', /salvata/);
  expect(await page.content()).not.toContain(secret);

  // A FAQ entry with something hostile in it: the preview and the app get it harmless.
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Contenuti' }).click();
  await expect(page.getByRole('combobox', { name: /^Pagina/ })).toHaveValue('faq');
  const html = page.getByLabel('Testo (HTML)');
  await expect(html).toBeEnabled();
  await html.fill(
    `${await html.inputValue()}\n<details><summary>${question}</summary><p>Sì, su prenotazione.</p></details><img src="x" onerror="document.title='pwned'">`,
  );
  await page.getByRole('button', { name: 'Anteprima' }).click();
  const preview = page.getByRole('region', { name: 'Anteprima' });
  await expect(preview).toContainText(question);
  await page.getByRole('button', { name: 'Salva contenuto' }).click();
  await expect(page.getByRole('status')).toContainText('Contenuto salvato');
  await expect(html).not.toHaveValue(/onerror/);

  // The customer app, never reloaded, shows the new hours within a poll or two.
  await expect(hoursCard).toContainText(hours, { timeout: 15_000 });
  await customer.goto('/app/faq');
  await expect(customer.getByText(question)).toBeVisible();
  expect(await customer.title()).not.toBe('pwned');
  await customerContext.close();
});
