import { expect } from '@playwright/test';
import { openBackOffice, placeOrderThroughApi, startPushService, stubPushSubscription, test, WITH_SERVICE_WORKER } from './support';

// About the installed app: its service worker is on (decision 0633).
test.use(WITH_SERVICE_WORKER);

/**
 * Issue 15, "the pharmacy is told": a pharmacist sets where the shop's alerts go and the escalation
 * delay in the back office (wrong values get the Italian message under their field; the screen fits
 * a 320 px phone), turns push alerts on for this browser through the back office's own service
 * worker, and a customer's new order reaches it as a real Web Push through the outbox.
 */

test('a pharmacist sets the shop alerts, turns push on for this browser, and a new order is pushed to it', async ({ page, context }) => {
  const push = await startPushService();
  try {
    await context.grantPermissions(['notifications']);
    await stubPushSubscription(page, push.subscription);
    await page.setViewportSize({ width: 320, height: 720 });
    await openBackOffice(page);
    await page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: 'Avvisi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Avvisi alla farmacia' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Avvisi alla farmacia' });
    const email = form.getByLabel('Email per gli avvisi');
    const minutes = form.getByLabel('Dopo quanti minuti di apertura');
    await email.fill('non una email');
    await minutes.fill('2');
    await form.getByRole('button', { name: 'Salva gli avvisi' }).click();
    await expect(email).toHaveAccessibleDescription(/Inserire un indirizzo email valido/);
    await expect(minutes).toHaveAccessibleDescription(/Inserire un numero intero di minuti tra 5 e 1440\./);

    await email.fill('avvisi@farmacia.demo');
    await minutes.fill('20');
    await form.getByLabel('Sollecito se un ordine non viene preso in carico').check();
    await form.getByLabel('Prenotazione annullata dal cliente').uncheck();
    await form.getByRole('button', { name: 'Salva gli avvisi' }).click();
    await expect(form.getByRole('status')).toHaveText('Avvisi salvati.');

    await page.reload();
    const saved = page.getByRole('form', { name: 'Avvisi alla farmacia' });
    await expect(saved.getByLabel('Email per gli avvisi')).toHaveValue('avvisi@farmacia.demo');
    await expect(saved.getByLabel('Dopo quanti minuti di apertura')).toHaveValue('20');
    await expect(saved.getByLabel('Prenotazione annullata dal cliente')).not.toBeChecked();
    await expect(saved.getByLabel('Nuovo ordine (con ricette e richieste di prodotti o galenici)')).toBeChecked();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // This pharmacist's own switch: the back office's service worker registers and the server greets the device.
    const pushRegion = page.getByRole('region', { name: 'Notifiche push su questo dispositivo' });
    const toggle = pushRegion.getByLabel('Ricevi gli avvisi push su questo browser');
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click(); // the switch follows the server: it turns on once the subscription is stored
    await expect(pushRegion.getByRole('status')).toHaveText('Notifiche push attivate su questo dispositivo.');
    await expect(toggle).toBeChecked();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/backoffice/'))?.active?.scriptURL)).toMatch(
      /\/backoffice\/sw\.js$/,
    );
    await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(1);

    // A new customer's order: the shop's pharmacist gets it as a VAPID-signed, encrypted push.
    await placeOrderThroughApi(page);
    await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(2);
    expect(push.received[1]?.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(push.received[1]?.['content-encoding']).toBe('aes128gcm');

    await page.reload();
    await expect(page.getByRole('region', { name: 'Notifiche push su questo dispositivo' }).getByLabel('Ricevi gli avvisi push su questo browser')).toBeChecked();
  } finally {
    await push.close();
  }
});
