import { expect, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, expectNoA11yViolations, openBackOffice, openSignedInAs, test } from './support';

/**
 * Issue 8, bookings: a pharmacist creates a service, books it for the demo customer from the
 * agenda, the customer sees the reservation in the app; the pharmacist cancels it and it is gone.
 */

/** Tomorrow in Rome, 'YYYY-MM-DD'. */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function backofficeLogin(page: Page): Promise<void> {
  await openBackOffice(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
}

test('a pharmacist creates a service, books it for a customer who sees it in the app, then cancels it', async ({ page, browser }) => {
  const serviceName = `Consulenza nutrizionale ${Date.now().toString(36)}`;
  page.on('dialog', (dialog) => void dialog.accept());
  await backofficeLogin(page);
  const nav = page.getByRole('navigation', { name: 'Sezioni' });

  // A new service, performed by the first staff member.
  await nav.getByRole('link', { name: 'Servizi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Servizi prenotabili' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuovo servizio' }).click();
  const serviceForm = page.getByRole('form', { name: 'Nuovo servizio', exact: true });
  await serviceForm.getByLabel('Durata (minuti)').fill('2');
  await serviceForm.getByRole('button', { name: 'Salva servizio' }).click();
  // The server's Italian messages land under their fields.
  await expect(serviceForm.locator('#name-error')).toHaveText('Campo obbligatorio.');
  await expect(serviceForm.locator('#duration-error')).toHaveText('Inserire una durata tra 5 e 480 minuti.');
  await serviceForm.getByLabel('Nome').fill(serviceName);
  await serviceForm.getByLabel('Prezzo (€)').fill('12,50');
  await serviceForm.getByLabel('Durata (minuti)').fill('30');
  await serviceForm.getByRole('group', { name: 'Operatori che lo svolgono' }).getByRole('checkbox').first().check();
  await serviceForm.getByRole('button', { name: 'Salva servizio' }).click();
  await expect(page.getByRole('row').filter({ hasText: serviceName })).toContainText('12,50');

  // The first member's week is saved as it is (the editor round-trips it).
  await nav.getByRole('link', { name: 'Orari di lavoro' }).click();
  await expect(page.getByRole('group', { name: 'lunedì' })).toBeVisible();
  await page.getByRole('button', { name: 'Salva orari' }).click();
  await expect(page.getByRole('status')).toContainText('salvati');

  // An event offering the new service, with an evening window.
  await nav.getByRole('link', { name: 'Eventi' }).click();
  await page.getByRole('button', { name: 'Nuovo evento' }).click();
  const eventForm = page.getByRole('form', { name: 'Nuovo evento' });
  await eventForm.getByLabel('Nome evento').fill(`Serata ${serviceName}`);
  await eventForm.getByRole('group', { name: 'Servizi offerti' }).getByLabel(serviceName).check();
  await eventForm.getByRole('button', { name: 'Salva evento' }).click();
  const windowForm = page.getByRole('form', { name: `Nuova disponibilità per Serata ${serviceName}` });
  await windowForm.getByLabel('Giorno').fill(tomorrow());
  await windowForm.getByLabel('Dalle', { exact: true }).fill('19:00');
  await windowForm.getByLabel('Alle', { exact: true }).fill('21:00');
  await windowForm.getByRole('button', { name: 'Aggiungi disponibilità' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `Serata ${serviceName}` })).toContainText('19:00');

  // Booked from the agenda for the demo customer, on the first day with free times.
  await nav.getByRole('link', { name: 'Agenda' }).click();
  await page.getByRole('button', { name: 'Nuova prenotazione' }).click();
  const booking = page.getByRole('form', { name: 'Nuova prenotazione per un cliente' });
  await booking.getByLabel('Cerca cliente (nome, email o telefono)').fill(DEMO_CUSTOMER.email);
  await booking.getByRole('list', { name: 'Clienti trovati' }).getByRole('button').first().click();
  await expect(booking).toContainText('Cliente: Maria Rossi');
  await booking.getByLabel('Servizio').selectOption({ label: `${serviceName} (30 min)` });
  const daySelect = booking.getByLabel('Giorno');
  await expect(daySelect.locator('option').nth(1)).toBeAttached();
  const day = await daySelect.locator('option').nth(1).getAttribute('value');
  await daySelect.selectOption(day ?? '');
  const slot = booking.getByRole('group', { name: 'Orario' }).getByRole('button').first();
  const time = ((await slot.textContent()) ?? '').slice(0, 5);
  await slot.click();
  await booking.getByRole('button', { name: 'Prenota' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Prenotazione confermata' })).toContainText(`alle ${time} per Maria Rossi`);
  const details = page.getByRole('region', { name: /Prenotazione n\. \d+/ });
  await expect(details).toContainText(serviceName);
  await expectNoA11yViolations(page);

  // The customer sees it in the app.
  const customerContext = await browser.newContext();
  const app = await customerContext.newPage();
  await openSignedInAs(app, DEMO_CUSTOMER, '/app/reservations');
  await expect(app.getByRole('heading', { level: 1, name: 'Le mie prenotazioni' })).toBeVisible();
  await expect(app.getByText(serviceName)).toBeVisible();

  // The pharmacist cancels it; the customer's list no longer has it.
  await details.getByRole('button', { name: 'Annulla prenotazione' }).click();
  await expect(details.getByRole('status')).toHaveText('Prenotazione annullata: il cliente riceverà un avviso.');
  await expect(details).toContainText('Annullata');
  await app.reload();
  await expect(app.getByRole('heading', { level: 1, name: 'Le mie prenotazioni' })).toBeVisible();
  await expect(app.getByText(serviceName)).toHaveCount(0);
  await customerContext.close();
});

test('a pharmacist adds a staff member, gives them hours, renames and deactivates them', async ({ page }) => {
  const name = `Zeta Operatore ${Date.now().toString(36)}`;
  await backofficeLogin(page);
  await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Orari di lavoro' }).click();
  const staff = page.getByRole('region', { name: 'Personale' });
  const newForm = staff.getByRole('form', { name: 'Nuovo operatore' });
  await newForm.getByRole('button', { name: 'Salva operatore' }).click();
  await expect(newForm.locator('#staff-name-error')).toHaveText('Campo obbligatorio.');
  await newForm.getByLabel('Nome operatore').fill(name);
  await newForm.getByRole('button', { name: 'Salva operatore' }).click();
  await expect(staff.getByRole('status')).toHaveText(`Operatore salvato: ${name}.`);
  await expect(staff.getByRole('listitem').filter({ hasText: name })).toContainText('attivo');

  // Their week: Monday morning.
  await page.getByRole('combobox', { name: 'Operatore', exact: true }).selectOption({ label: name });
  const week = page.getByRole('form', { name: 'Orari settimanali' });
  await expect(week.getByRole('group', { name: 'lunedì' })).toContainText('Non lavora.');
  await week.getByRole('button', { name: 'Aggiungi fascia (lunedì)' }).click();
  await week.getByRole('button', { name: 'Salva orari' }).click();
  await expect(week.getByRole('status')).toContainText(`Orari di ${name} salvati`);

  // Renamed, then deactivated: the list and the picker say so.
  const row = staff.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: /Modifica/ }).click();
  const editForm = staff.getByRole('form', { name: 'Modifica operatore' });
  await editForm.getByLabel('Nome operatore').fill(`${name} bis`);
  await editForm.getByRole('button', { name: 'Salva operatore' }).click();
  await expect(staff.getByRole('status')).toHaveText(`Operatore salvato: ${name} bis.`);
  const renamed = staff.getByRole('listitem').filter({ hasText: `${name} bis` });
  await renamed.getByRole('button', { name: /Disattiva/ }).click();
  await expect(staff.getByRole('status')).toHaveText(`Operatore disattivato: ${name} bis.`);
  await expect(renamed).toContainText('non attivo');
  await expect(renamed.getByRole('button', { name: /Riattiva/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Operatore', exact: true }).getByRole('option', { name: `${name} bis (non attivo)` })).toHaveCount(1);
  await expectNoA11yViolations(page);
});
