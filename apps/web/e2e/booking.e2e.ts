import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations, loginWithForm, newUser, openSignedIn, registerThroughApi, tabBar, test } from './support';

/** Today in Rome, 'YYYY-MM-DD'. */
const romeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Chooses the first available day of the calendar not before `notBefore` (browsing to the next
 * months when needed) and returns it. Days carry their long Italian name as accessible name, so
 * the date is read back from the API answer of the slots call.
 */
async function chooseDay(page: Page, notBefore: string): Promise<string> {
  for (let month = 0; month < 3; month++) {
    const days = page.locator('.calendar__day--available');
    const count = await days.count();
    for (let i = 0; i < count; i++) {
      const button = days.nth(i);
      const dayOfMonth = Number(await button.textContent());
      const title = (await page.locator('#calendar-month').textContent()) ?? '';
      const candidate = dayFromTitle(title, dayOfMonth);
      if (candidate >= notBefore) {
        await button.click();
        return candidate;
      }
    }
    await page.getByRole('button', { name: 'Mese successivo' }).click();
  }
  throw new Error('no available day in the calendar range');
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

function dayFromTitle(title: string, dayOfMonth: number): string {
  const [monthName, year] = title.trim().toLowerCase().split(/\s+/);
  const month = MONTHS.indexOf(monthName ?? '') + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

test('a visitor books a service after logging in, finds it in the list and cancels it', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);

  // Browse as a visitor: categories → category → service page → booking.
  await page.goto('/app/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Prenota un Servizio' })).toBeVisible();
  await page.getByRole('link', { name: /Controlli e prevenzione/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Servizi prenotabili' })).toBeVisible();
  await page.getByRole('link', { name: /Misurazione della pressione/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Misurazione della pressione' })).toBeVisible();
  await expect(page.getByText('3,00 €')).toBeVisible();
  await page.getByRole('link', { name: 'Prenota', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/reservations\/1$/);

  // Monday-first calendar; only the current month and the next two.
  await expect(page.getByRole('columnheader').first()).toHaveText('lun');
  await expect(page.getByRole('button', { name: 'Mese precedente' })).toBeDisabled();
  // Service 1 can be cancelled until the day before: book at least two days ahead.
  const day = await chooseDay(page, addDays(romeToday(), 2));
  const slots = page.getByRole('list', { name: "Scegli l'orario" });
  await expect(slots.getByRole('button').first()).toBeVisible();
  const time = (await slots.getByRole('button').first().textContent())?.trim() ?? '';

  // A visitor's tap goes to login and comes back to the same day.
  await slots.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`/app/reservations/1\\?day=${day}$`));
  await expect(page.getByRole('button', { pressed: true })).toBeVisible();

  await page.getByRole('list', { name: "Scegli l'orario" }).getByRole('button', { name: time }).click();
  const modal = page.getByRole('dialog', { name: 'Riepilogo' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(user.name)).toBeVisible();
  await expect(modal.getByText(user.email)).toBeVisible();
  await expect(modal.getByText('Misurazione della pressione')).toBeVisible();
  await expect(modal.getByText('10 min')).toBeVisible();

  // Closing the modal forgets the choice; choosing again reopens it.
  await modal.getByRole('button', { name: 'Chiudi' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('list', { name: "Scegli l'orario" }).getByRole('button', { pressed: true })).toHaveCount(0);
  await page.getByRole('list', { name: "Scegli l'orario" }).getByRole('button', { name: time }).click();
  await page.getByLabel('Note al farmacista').fill('Prima volta in farmacia.');
  await page.getByRole('button', { name: 'Conferma prenotazione' }).click();

  await expect(page).toHaveURL(/\/app\/reservations$/);
  await expect(page.getByText('Prenotaziona effettuata correttamente.')).toBeVisible();
  const item = page.getByRole('button', { name: /Misurazione della pressione/ });
  await expect(item).toBeVisible();
  await expect(tabBar(page).getByRole('link', { name: /Prenotazioni/ })).toContainText('1');

  // Detail modal and cancel.
  await item.click();
  const detail = page.getByRole('dialog', { name: 'Dettaglio prenotazione' });
  await expect(detail.getByText('Prima volta in farmacia.')).toBeVisible();
  await expect(detail.getByText(/Cancellabile fino al/)).toBeVisible();
  await detail.getByRole('button', { name: 'Cancella prenotazione' }).click();
  await expect(detail.getByText(/Vuoi cancellare questa prenotazione/)).toBeVisible();
  await detail.getByRole('button', { name: 'Cancella prenotazione' }).click();
  await expect(page.getByText('Prenotaziona cancellata correttamente.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Misurazione della pressione/ })).toHaveCount(0);
  await expect(page.getByText('Non hai prenotazioni in programma.')).toBeVisible();

  // The freed slot is offered again.
  await page.goto(`/app/reservations/1?day=${day}`);
  await expect(page.getByRole('list', { name: "Scegli l'orario" }).getByRole('button', { name: time })).toBeVisible();
});

test('a customer books an event slot', async ({ page }) => {
  const user = newUser();
  await openSignedIn(page, await registerThroughApi(page, user), '/app/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Prenota un Evento' })).toBeVisible();
  await page.getByRole('link', { name: /Giornata della pelle/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Giornata della pelle' })).toBeVisible();
  await page.getByRole('link', { name: /Analisi della pelle/ }).click();
  await expect(page).toHaveURL(/\/app\/reservations\/event\/\d+\/\d{4}-\d{2}-\d{2}\/\d+$/);
  await expect(page.getByText('Giornata della pelle')).toBeVisible();
  const slots = page.getByRole('list', { name: "Scegli l'orario" });
  await slots.getByRole('button').first().click();
  const modal = page.getByRole('dialog', { name: 'Riepilogo' });
  await expect(modal.getByText('Giornata della pelle')).toBeVisible();
  await expect(modal.getByText('0,00 €')).toBeVisible();
  await modal.getByRole('button', { name: 'Conferma prenotazione' }).click();
  await expect(page).toHaveURL(/\/app\/reservations$/);
  await expect(page.getByText('Prenotaziona effettuata correttamente.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Analisi della pelle/ })).toContainText('Giornata della pelle');

  // A missing event id says so (spec §5).
  await page.goto('/app/events/abc/2030-01-01');
  await expect(page.getByRole('heading', { level: 1, name: "L'ID dell'evento è richiesto." })).toBeVisible();
});

test('booking screens have no accessibility violations (axe, WCAG 2.2 AA)', async ({ page }) => {
  const check = () => expectNoA11yViolations(page);
  for (const path of ['/app/services', '/app/service/category/1', '/app/services/1', '/app/events', '/app/service_group/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check();
  }
  await page.goto('/app/reservations/2');
  await chooseDay(page, romeToday());
  await expect(page.getByRole('list', { name: "Scegli l'orario" })).toBeVisible();
  await check();

  const user = newUser();
  await openSignedIn(page, await registerThroughApi(page, user), '/app/reservations/2');
  await expect(page).toHaveURL(/\/app\/reservations\/2$/);
  await chooseDay(page, romeToday());
  await page.getByRole('list', { name: "Scegli l'orario" }).getByRole('button').first().click();
  await expect(page.getByRole('dialog', { name: 'Riepilogo' })).toBeVisible();
  await check();
  await page.goto('/app/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie prenotazioni' })).toBeVisible();
  await check();
});
