import { HEALTH_CONSENT_VERSION, messages } from '@farmacia/contract';
import { expect } from '@playwright/test';
import { chooseStep, expectNoA11yViolations, newUser, openBackOffice, openSignedIn, randomFiscalCode, registerThroughApi, test } from './support';

/**
 * Issue 15 (decisions 0400, 0401): an order carrying an electronic prescription is offered only the
 * pickup at the pharmacy, and the app says why; the customer picks a family member's fiscal code for
 * the receipt, sees it on the order, and the pharmacist sees it on the back office order page.
 */

test('a prescription order is a pickup at the pharmacy; the receipt fiscal code reaches the pharmacist', async ({ page, browser }) => {
  const user = newUser();
  await registerThroughApi(page, user);
  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  // A prescription is health data: its separate consent first (decision 0410).
  const consent = await page.request.put('/api/profile/health-consent', { headers, data: { accepted: true, version: HEALTH_CONSENT_VERSION } });
  expect(consent.status(), await consent.text()).toBeLessThan(300);
  const nre = await page.request.post('/api/cart/prescriptions', {
    headers,
    data: { nre: '1234A5678901234', fse_consent: false, codice_fiscale: user.fiscalCode, note: null, equivalent: true, file: null },
  });
  expect(nre.status(), await nre.text()).toBeLessThan(300);
  const child = randomFiscalCode();
  expect((await page.request.post('/api/fiscalcode', { headers, data: { codice_fiscale: child } })).status()).toBe(201);

  await openSignedIn(page, token, '/app/checkout');
  await expect(page).toHaveURL(/\/app\/checkout$/);

  await page.getByRole('button', { name: 'Scegli Consegna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Consegna' });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: 'Ritiro in farmacia' })).toBeVisible();
  await expect(dialog.getByText(messages.saleRules.prescriptionPickupOnly)).toBeVisible();
  await expectNoA11yViolations(page, '/app/checkout (delivery refused)');
  await dialog.getByRole('radio', { name: 'Ritiro in farmacia' }).check();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();

  await chooseStep(page, 'Metodo di consegna', /Ritiro al banco/);
  await chooseStep(page, 'Pagamento', /Pagamento in farmacia/);
  await expect(page.getByText(`${user.fiscalCode} (il tuo)`)).toBeVisible();
  await chooseStep(page, 'Codice fiscale per lo scontrino', child);
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page).toHaveURL(/\/app\/thankyou\/\d+$/);
  const orderId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

  await page.goto(`/app/orders/${orderId}`);
  await expect(page.getByText(`Codice fiscale per lo scontrino: ${child}`)).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await openBackOffice(staff, `/backoffice/ordini/${orderId}`);
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(`Ordine ${orderId}`) })).toBeVisible();
  await expect(staff.getByRole('definition').filter({ hasText: child })).toBeVisible();

  // The pharmacy turns on home delivery by its own staff (Opzioni): the next prescription cart may use it.
  const saveSwitch = async (on: boolean) => {
    await staff.goto('/backoffice/negozio/impostazioni');
    const toggle = staff.getByRole('checkbox', { name: messages.saleRules.staffDeliveryOption });
    await toggle.setChecked(on);
    await staff.getByRole('button', { name: 'Salva funzioni' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Impostazioni salvate.' })).toBeVisible();
  };
  await saveSwitch(true);
  await page.request.post('/api/cart/prescriptions', {
    headers,
    data: { nre: '1234A5678901235', fse_consent: false, codice_fiscale: user.fiscalCode, note: null, equivalent: true, file: null },
  });
  const cart = (await (await page.request.get('/api/cart', { headers })).json()) as { data: { shipping_restriction: unknown } };
  expect(cart.data.shipping_restriction).toEqual({
    refusedTypes: { vendingMachine: messages.saleRules.prescriptionStaffOnly, pickupPoint: messages.saleRules.prescriptionStaffOnly },
    methodsOnly: { types: ['pharmacyDelivery'], reason: messages.saleRules.prescriptionStaffOnly },
  });
  await saveSwitch(false);
});
