import { messages } from '@farmacia/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { newUser, registerThroughApi, tabBar, test } from './support';

/**
 * Keyboard-only journeys (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): login, search, cart and booking with
 * Tab, Shift+Tab, Enter, Space and the arrow keys — never a click. Every stop shows a focus
 * indicator that the fixed tab bar does not cover, a navigation puts focus on the new screen's
 * heading, and dialogs keep focus inside and give it back to what opened them.
 */

/** What is wrong with the focused element's indicator, or 'ok'. */
async function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return 'nothing has focus';
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    // The indicator is the element's outline, or its field frame's (inputs draw it on .field__control).
    let indicated = false;
    for (let node: HTMLElement | null = el, depth = 0; node && depth < 3 && !indicated; node = node.parentElement, depth++) {
      const style = getComputedStyle(node);
      indicated = (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    }
    if (!indicated) return `no visible focus indicator on ${name}`;
    // WCAG 2.4.11: the fixed tab bar must not hide what has focus (unless focus is in the bar).
    const bar = document.querySelector('.tab-bar');
    if (bar && !bar.contains(el) && !el.closest('[role="dialog"]')) {
      const rect = el.getBoundingClientRect();
      if (rect.top >= bar.getBoundingClientRect().top) return `${name} is hidden under the tab bar`;
    }
    return 'ok';
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the indicator at every stop. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const handle = await target.elementHandle();
  for (let i = 0; i < (options.max ?? 60); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    expect(await focusProblem(page)).toBe('ok');
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** After a navigation, focus is on the new screen's heading. */
async function expectFocusOnHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.locator('#main h1').first()).toHaveText(name);
  await expect(page.locator('#main h1').first()).toBeFocused();
}

/** Tab and Shift+Tab from the dialog's last control wrap inside it. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    expect(await focusProblem(page)).toBe('ok');
  }
}

test('keyboard only: log in, search a product, add it, change the cart, book a service', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);
  await page.goto('/app/home');
  await expect(page.locator('#main h1')).toBeVisible();

  await test.step('the skip link comes first and leads into the screen', async () => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto' });
    await expect(skip).toBeFocused();
    expect(await focusProblem(page)).toBe('ok');
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('#main')?.contains(document.activeElement))).toBe(true);
  });

  await test.step('login: the tab bar, the Accedi/Registrati tabs with the arrows, the form with Enter', async () => {
    await tabTo(page, tabBar(page).getByRole('link', { name: 'Accedi' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expectFocusOnHeading(page, 'Accedi');
    const loginTab = page.getByRole('tab', { name: 'Accedi' });
    await tabTo(page, loginTab);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Registrati' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Registrati' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(loginTab).toBeFocused();
    await expect(loginTab).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, page.getByLabel('Email o numero di telefono'));
    await page.keyboard.type(user.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/home$/);
    await expectFocusOnHeading(page, /.+/);
  });

  let productName = '';
  await test.step('search: from the home quick action, type, Tab to a result, Enter', async () => {
    await tabTo(page, page.getByRole('navigation', { name: messages.home.quickActions }).getByRole('link', { name: messages.home.search }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/search$/);
    await expectFocusOnHeading(page, 'Cerca');
    await tabTo(page, page.getByRole('searchbox'));
    await page.keyboard.type('crema');
    // The first product that can go to the cart (no prescription or availability note).
    const result = page
      .getByRole('list', { name: messages.catalogue.products })
      .getByRole('listitem')
      .filter({ hasNot: page.locator('.product-item__note') })
      .first()
      .getByRole('link');
    productName = ((await result.getAttribute('aria-label')) ?? (await result.textContent()) ?? '').trim();
    await tabTo(page, result);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/product\//);
    await expectFocusOnHeading(page, /.+/);
  });

  await test.step('product: a collapsible opens with Space, the product goes to the cart with Enter', async () => {
    const toggle = page.getByRole('button', { name: messages.catalogue.otherInfo });
    await tabTo(page, toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, page.getByRole('button', { name: 'Aggiungi al carrello' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByText(/aggiunto al carrello/)).toBeVisible();
  });

  await test.step('cart: quantity with the arrows, the clear-cart dialog traps focus and gives it back', async () => {
    await tabTo(page, tabBar(page).getByRole('link', { name: /Carrello/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/cart$/);
    await expectFocusOnHeading(page, 'Carrello');
    const quantity = page.getByRole('combobox', { name: /^Quantità di / }).first();
    await tabTo(page, quantity);
    await expect(quantity).toHaveValue('1');
    await page.keyboard.press('ArrowDown');
    await expect(quantity).toHaveValue('2');
    await expect(tabBar(page).getByRole('link', { name: /Carrello/ })).toContainText('2');

    const clear = page.getByRole('button', { name: 'Svuota carrello' });
    await tabTo(page, clear);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Svuotare il carrello?' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(clear).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Svuota', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
    // The button that opened the dialog went with the products: focus goes to the heading.
    await expect(page.locator('#main h1')).toBeFocused();
    expect(productName).not.toBe('');
  });

  await test.step('booking: services, a day and a time from the calendar, the summary dialog, the list', async () => {
    await tabTo(page, tabBar(page).getByRole('link', { name: 'Home' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('navigation', { name: messages.home.quickActions }).getByRole('link', { name: messages.home.services }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, 'Prenota un Servizio');
    await tabTo(page, page.getByRole('link', { name: /Controlli e prevenzione/ }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, /Controlli e prevenzione/);
    await tabTo(page, page.getByRole('link', { name: /Misurazione della pressione/ }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, 'Misurazione della pressione');
    await tabTo(page, page.getByRole('link', { name: 'Prenota', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/reservations\/1$/);
    await expectFocusOnHeading(page, 'Misurazione della pressione');

    // The first day with free times (the next month when this one has none).
    const day = page.locator('.calendar__day--available').first();
    if ((await page.locator('.calendar__day--available').count()) === 0) {
      await tabTo(page, page.getByRole('button', { name: 'Mese successivo' }));
      await page.keyboard.press('Enter');
    }
    // The days are one Tab stop; End and Home move among the choosable ones (WAI-ARIA date grid).
    await tabTo(page, day, { max: 80 });
    await page.keyboard.press('End');
    await expect(page.locator('.calendar__day--available').last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(day).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    const slot = page.getByRole('list', { name: "Scegli l'orario" }).getByRole('button').first();
    await tabTo(page, slot);
    await page.keyboard.press('Enter');

    const summary = page.getByRole('dialog', { name: 'Riepilogo' });
    await expect(summary).toBeVisible();
    expect(await summary.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, summary);
    await tabTo(page, summary.getByLabel('Note al farmacista'));
    await page.keyboard.type('Prenotata solo con la tastiera.');
    await tabTo(page, summary.getByRole('button', { name: 'Conferma prenotazione' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/reservations$/);
    await expect(page.getByText('Prenotaziona effettuata correttamente.')).toBeVisible();
    await expectFocusOnHeading(page, 'Le mie prenotazioni');

    const item = page.getByRole('button', { name: /Misurazione della pressione/ });
    await tabTo(page, item);
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Dettaglio prenotazione' });
    await expect(detail.getByText('Prenotata solo con la tastiera.')).toBeVisible();
    await expectFocusTrapped(page, detail);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(item).toBeFocused();
  });
});
