import { consoleMessages, type SearchResponse } from '@farmacia/contract';
import { expect } from '@playwright/test';
import { DEMO_PASSWORD, newUser, openBackOffice, openOrderInConsole, registerThroughApi, test } from './support';

/**
 * Decision 0699: a medicine with neither prescription flag (homeopathic, veterinary) is marked in
 * the product editor, and a product the pharmacist adds to a proposal from outside the catalogue
 * starts as a medicine, which they untick for parapharmacy.
 */

test('an admin sees a homeopathic marked a medicine in the product editor, unmarks it and marks it again', async ({ page, request }) => {
  const search = (await (await request.get('/api/product/search?q=arnica&rpp=20')).json()) as SearchResponse;
  const homeopathic = search.responses[0]?.hits.hits.map((h) => h._source).find((p) => p.codice_ministeriale.startsWith('8'));
  expect(homeopathic, 'a demo homeopathic').toBeDefined();
  const { codice_ministeriale: code, nome_prodotto: name } = homeopathic!;

  // Both demo shops sell it: its master is an admin's to change (decision 0542).
  await openBackOffice(page, '/backoffice/catalogo', { email: 'admin@farmacia.demo', password: DEMO_PASSWORD });
  const editor = page.getByRole('region', { name: `Prodotto ${code}` });
  const medicine = editor.getByRole('checkbox', { name: consoleMessages.catalogue.medicine });
  const openEditor = async () => {
    await page.getByLabel(consoleMessages.catalogue.search).fill(code);
    await page.getByRole('button', { name: `Modifica ${name}` }).click();
  };
  await openEditor();
  await expect(medicine).toBeChecked();
  await expect(medicine).toHaveAccessibleDescription(consoleMessages.catalogue.medicineHint);
  await expect(editor.getByRole('checkbox', { name: consoleMessages.catalogue.sopOtc })).not.toBeChecked();

  for (const marked of [false, true]) {
    await medicine.setChecked(marked);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/catalogue/products/${code}`) && r.request().method() === 'PUT');
    await editor.getByRole('button', { name: consoleMessages.catalogue.save }).click();
    expect(((await (await saved).json()) as { data: { medicine: boolean } }).data.medicine).toBe(marked);
    await expect(editor.getByRole('status')).toHaveText(consoleMessages.catalogue.saved);
    // Read again from the server: the mark was stored.
    await page.reload();
    await openEditor();
    await expect(medicine).toBeChecked({ checked: marked });
  }
});

test('a product added to a proposal from outside the catalogue is a medicine unless the pharmacist unticks it', async ({ page, request }) => {
  const token = await registerThroughApi({ request }, newUser());
  const auth = { authorization: `Bearer ${token}` };
  const hits = ((await (await request.get('/api/product/search?q=crema&rpp=50')).json()) as SearchResponse).responses[0]!.hits.hits.map((h) => h._source);
  const product = hits.find((p) => !p.prescription_only && p.quantita > 2);
  expect((await request.post(`/api/cart/products/${product!.codice_ministeriale}`, { headers: auth, data: { quantity: 1 } })).ok()).toBe(true);
  const shipping = { shippingType: 'inShop', shippingMethod: { type: 'inShop' }, paymentType: 'payInShop' };
  expect((await request.put('/api/cart', { headers: auth, data: shipping })).ok()).toBe(true);
  const placed = await request.post('/api/cart/checkout', { headers: auth, data: { note: null } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;

  await openOrderInConsole(page, orderId);
  await page.getByRole('button', { name: 'Prendi in carico' }).click();
  const unlisted = page.getByRole('group', { name: consoleMessages.orders.addUnlisted });
  const add = async (code: string, name: string, medicine: boolean | null) => {
    await unlisted.getByLabel(consoleMessages.orders.unlistedCode).fill(code);
    await unlisted.getByLabel(consoleMessages.orders.unlistedName).fill(name);
    await unlisted.getByLabel(consoleMessages.orders.unlistedPrice).fill('12.5');
    const box = unlisted.getByRole('checkbox', { name: consoleMessages.orders.unlistedMedicine });
    // Nobody says: it starts ticked (the law's safe side).
    await expect(box).toBeChecked();
    if (medicine !== null) await box.setChecked(medicine);
    await unlisted.getByRole('button', { name: consoleMessages.orders.addUnlistedButton }).click();
  };
  await add('GAL-0699', 'Preparazione galenica', null);
  await add('PARA-0699', 'Spazzolino morbido', false);
  const proposal = page.getByRole('region', { name: consoleMessages.orders.proposalLabel });
  await expect(proposal.getByRole('row').filter({ hasText: 'GAL-0699' })).toContainText(consoleMessages.orders.medicineLine.trim());
  await expect(proposal.getByRole('row').filter({ hasText: 'PARA-0699' })).not.toContainText(consoleMessages.orders.medicineLine.trim());

  const sent = page.waitForRequest((r) => r.url().endsWith(`/api/admin/orders/${orderId}/finalize`));
  await page.getByRole('button', { name: consoleMessages.orders.sendProposal }).click();
  const body = (await sent).postDataJSON() as { products: Array<{ code: string; medicine?: boolean }> };
  expect(body.products.filter((p) => p.code !== product!.codice_ministeriale)).toEqual([
    expect.objectContaining({ code: 'GAL-0699', medicine: true }),
    expect.objectContaining({ code: 'PARA-0699', medicine: false }),
  ]);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('In attesa del cliente');
});
