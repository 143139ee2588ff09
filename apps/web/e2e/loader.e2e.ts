import { expect, type Page } from '@playwright/test';
import { newUser, openSignedIn, registerThroughApi, searchProducts, test } from './support';

/**
 * Decisions 0682, 0697: the loader of a signed-in screen's frame (the page's server-written top) says
 * 'Attendere...' at once, and its ring has no animation at all in the page's first second (not even a
 * delayed one, which costs the page a frame when it starts), then turns. So does the copy the cart's
 * note script makes of it (decision 0602). Read on the page's own clock (Playwright's, paused) and
 * the page's animations (Web Animations API): no second of the test's. The app's own loaders
 * turning at once is shell-loader.e2e.ts's.
 */
async function openFrame(page: Page, token: string, path: string) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  // The app's code is held back: the page's frame stays on screen.
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  await openSignedIn(page, token, path);
}

const animations = (page: Page) =>
  page.evaluate(() =>
    document.getAnimations().map((a) => ({
      name: (a as CSSAnimation).animationName,
      inFrame: (a.effect as KeyframeEffect | null)?.target?.closest('[data-app-frame]') !== null,
      delay: a.effect?.getComputedTiming().delay,
    })),
  );
const turning = { name: 'spin', inFrame: true, delay: 0 };

test("a signed-in screen's frame: the loader's ring has no animation in its first second, then turns", async ({ page }) => {
  const token = await registerThroughApi(page, newUser());
  await openFrame(page, token, '/app/checkout');

  const frame = page.locator('[data-app-frame]');
  await expect(frame.getByRole('heading', { name: 'Completa la richiesta' })).toBeVisible();
  await expect(frame.getByRole('status')).toHaveText('Attendere...');
  expect(await animations(page)).toEqual([]);
  await page.clock.runFor(999);
  expect(await animations(page)).toEqual([]);
  await page.clock.runFor(1);
  expect(await animations(page)).toEqual([turning]);
});

test("the cart's frame: the ring the note's script copies is still too, and both turn after the second", async ({ page }) => {
  const token = await registerThroughApi(page, newUser());
  const product = (await searchProducts(page.request, 'crema')).find((p) => !p.prescription_only && p.quantita > 0);
  const added = await page.request.post(`/api/cart/products/${product?.codice_ministeriale}`, { headers: { authorization: `Bearer ${token}` }, data: { quantity: 1 } });
  expect(added.status()).toBe(200);
  await openFrame(page, token, '/app/cart');

  await expect(page.locator('.cart .notice--info')).toBeVisible();
  await expect(page.locator('[data-app-frame] .loader')).toHaveText('Attendere...');
  expect(await animations(page)).toEqual([]);
  await page.clock.runFor(1_000);
  expect(await animations(page)).toEqual([turning]);
});
