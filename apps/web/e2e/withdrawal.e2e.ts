import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import {
  COLLECT_IN_SHOP,
  DEMO_PHARMACIST,
  decodeQuotedPrintable,
  expectNoA11yViolations,
  newUser,
  openOrderInConsole,
  openSignedIn,
  ownServer,
  registerThroughApi,
  sweepFixtures,
  test,
  tokenOf,
} from './support';

/**
 * The withdrawal function (art. 11a Directive 2011/83/EU, decision 0698): a customer who collected
 * an order of a parapharmacy product and a medicine withdraws from the first, from the orders list
 * through the two steps; the acknowledgement arrives by email with the content and the time; the
 * pharmacist sees the withdrawal on the order.
 */

/** The decoded text of the first .eml to `recipient` that contains `text` (the outbox writes one per mail). */
async function mailTo(recipient: string, text: string, timeoutMs = 20_000): Promise<string> {
  const outbox = path.join(ownServer().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const mail = decodeQuotedPrintable(await readFile(path.join(outbox, name), 'utf8'));
      if (mail.includes(recipient) && mail.includes(text)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${recipient} with «${text}» in ${outbox}`);
}

/** The pharmacy prepares, the customer confirms (paying in the shop), the pharmacy hands it over: `completed`. */
async function collectedOrder(request: APIRequestContext, customer: Record<string, string>, orderId: number): Promise<void> {
  const staff = { authorization: `Bearer ${await tokenOf(request, DEMO_PHARMACIST.email, DEMO_PHARMACIST.password)}` };
  const step = async (url: string, headers: Record<string, string>) => {
    const res = await request.post(url, { headers, data: {} });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  };
  await step(`/api/admin/orders/${orderId}/take-charge`, staff);
  await step(`/api/admin/orders/${orderId}/finalize`, staff);
  await step(`/api/order/${orderId}/confirm`, customer);
  await step(`/api/admin/orders/${orderId}/process`, staff);
  await step(`/api/admin/orders/${orderId}/complete`, staff);
}

test('a customer withdraws from a collected order in two steps, gets the acknowledgement by email; the pharmacist sees it', async ({ page, browser }) => {
  const { para, otc } = await sweepFixtures(page.request);
  const user = newUser();
  const token = await registerThroughApi(page, user);
  const customer = { authorization: `Bearer ${token}` };
  for (const product of [para, otc]) {
    const res = await page.request.post(`/api/cart/products/${product.codice_ministeriale}`, { headers: customer, data: { quantity: 1 } });
    expect(res.status(), await res.text()).toBe(200);
  }
  expect((await page.request.put('/api/cart', { headers: customer, data: COLLECT_IN_SHOP })).status()).toBe(200);
  const placed = await page.request.post('/api/cart/checkout', { headers: customer, data: { note: null } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;
  await collectedOrder(page.request, customer, orderId);

  // The list offers the withdrawal while the period is open.
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const app = await context.newPage();
  await openSignedIn(app, token, '/app/orders');
  await app.getByRole('link', { name: /^Recedi dal contratto \(entro il \d{2}\/\d{2}\/\d{4}\)$/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Recesso dal contratto' })).toBeVisible();

  // Step 1: name and email prefilled, the parapharmacy line chosen, the medicine shown as excluded.
  await expect(app.getByLabel('Nome e cognome')).toHaveValue(user.name);
  await expect(app.getByLabel('Email per la conferma di ricezione')).toHaveValue(user.email);
  await expect(app.getByRole('checkbox', { name: `1 × ${para.nome_prodotto}` })).toBeChecked();
  const excluded = app.getByRole('region', { name: 'Prodotti esclusi dal recesso' });
  await expect(excluded).toContainText(/Medicinale: escluso dal recesso/);
  // At 320 px nothing scrolls sideways, and axe finds nothing on either step.
  await app.setViewportSize({ width: 320, height: 700 });
  expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(app);
  await app.getByRole('button', { name: 'Continua' }).click();

  // Step 2: «Conferma recesso», then the receipt on screen.
  await expect(app.getByRole('heading', { name: 'Passo 2 di 2: conferma il recesso' })).toBeFocused();
  expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(app);
  await app.getByRole('button', { name: 'Conferma recesso' }).click();
  await expect(app.getByRole('heading', { name: 'Recesso inviato' })).toBeVisible();
  const receipt = app.getByRole('status');
  await expect(receipt).toContainText(`Ti abbiamo inviato la conferma di ricezione a ${user.email}`);
  const shown = /il (\d{2}\/\d{2}\/\d{4}) alle (\d{2}:\d{2})/.exec((await receipt.textContent()) ?? '');
  expect(shown).not.toBeNull();

  // The acknowledgement on a durable medium: the content and the same date and time.
  const mail = await mailTo(user.email, `recesso dal contratto per l'ordine n. ${orderId} del`);
  expect(mail).toContain(`inviato il ${shown?.[1]} alle ${shown?.[2]} (ora italiana)`);
  expect(mail).toContain(`(${para.codice_ministeriale})`);
  expect(mail).not.toContain(`(${otc.codice_ministeriale})`);

  // The order's detail now shows the withdrawal instead of the button.
  await app.goto(`/app/orders/${orderId}`);
  await expect(app.getByRole('region', { name: 'Recesso dal contratto' })).toContainText(`Recesso inviato il ${shown?.[1]} alle ${shown?.[2]}`);
  await expect(app.getByRole('link', { name: 'Recedi dal contratto qui' })).toHaveCount(0);
  await context.close();

  // The pharmacist sees it on the order, to arrange the return and the refund.
  await openOrderInConsole(page, orderId);
  const panel = page.getByRole('region', { name: 'Recesso del cliente' });
  await expect(panel).toContainText(`Inviato il ${shown?.[1]} alle ${shown?.[2]} da ${user.name} (${user.email}).`);
  await expect(panel).toContainText(para.codice_ministeriale);
});
