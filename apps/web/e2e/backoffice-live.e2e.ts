import { expect } from '@playwright/test';
import { DEMO_PASSWORD, newUser, openBackOffice, openSignedInAs, placeOrderThroughApi, test } from './support';

/**
 * Issue 19, live updates (decision 0525): the pharmacist keeps the queue open; a customer's new
 * order appears in it without a reload, with a notice in the live region and a sound the pharmacist
 * can switch off, remembered on this computer.
 *
 * Only the stream can bring it (decision 0634): while the stream is open the queue does not poll at
 * all (`pollWhileLiveDown`), and the customer app never polls its orders; the "Aggiornamento in tempo
 * reale" indicator still shown afterwards says the stream stayed open throughout. The 2 s the live
 * desk promises is a latency: each journey records it (annotation `latency`), but waits with the
 * expectation's own timeout, so a loaded machine cannot fail it while the stream works.
 */

const PHARMACIST = { email: 'farmacista@farmacia.demo', password: DEMO_PASSWORD };

test('a new order appears in the open back-office queue, without a reload, with a notice and a sound that can be muted', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBackOffice(page, '/backoffice/ordini', PHARMACIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
  await expect(page.getByText('Aggiornamento in tempo reale')).toBeVisible();
  // Counts the chimes instead of playing them, and marks this page: a reload would lose the mark.
  await page.evaluate(() => {
    const w = window as unknown as { chimes: number; notReloaded: boolean; AudioContext: unknown };
    w.chimes = 0;
    w.notReloaded = true;
    const Real = w.AudioContext as new () => object;
    w.AudioContext = class extends (Real as new () => AudioContext) {
      constructor() {
        super();
        w.chimes++;
      }
    };
  });

  const id = await placeOrderThroughApi(page);
  const placedAt = Date.now();
  const queue = page.getByRole('region', { name: 'Ordini' });
  await expect(queue.getByRole('link', { name: `Ordine ${id}`, exact: true })).toBeVisible();
  const shownAfterMs = Date.now() - placedAt;
  await expect(page.getByText('Aggiornamento in tempo reale')).toBeVisible();
  test.info().annotations.push({ type: 'latency', description: `order ${id} shown ${shownAfterMs} ms after checkout` });
  const notices = page.getByRole('region', { name: 'Avvisi' });
  await expect(notices.getByRole('link', { name: `Nuovo ordine n. ${id}` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // Muted: the next order is shown without a sound, and the choice survives a reload.
  const sound = page.getByRole('button', { name: 'Suono nuovi ordini' });
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  const second = await placeOrderThroughApi(page);
  await expect(queue.getByRole('link', { name: `Ordine ${second}`, exact: true })).toBeVisible();
  await expect(page.getByText('Aggiornamento in tempo reale')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Suono nuovi ordini' })).toHaveAttribute('aria-pressed', 'false');
});

test("the customer's open order page moves when the pharmacist acts, without a reload", async ({ page }) => {
  const user = newUser();
  const id = await placeOrderThroughApi(page, { user });
  await openSignedInAs(page, user, `/app/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ordine n. ${id}` })).toBeVisible();
  await expect(page.getByText('In attesa di conferma')).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const login = await page.request.post('/api/auth/login', { data: PHARMACIST });
  const staff = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await page.request.post(`/api/admin/orders/${id}/take-charge`, { headers: staff })).status()).toBe(200);
  const finalized = await page.request.post(`/api/admin/orders/${id}/finalize`, { headers: staff, data: {} });
  expect(finalized.status(), await finalized.text()).toBe(200);
  const finalizedAt = Date.now();
  await expect(page.getByText('In attesa di conferma')).toBeVisible();
  test.info().annotations.push({ type: 'latency', description: `order ${id} moved ${Date.now() - finalizedAt} ms after finalize` });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
