import { expect } from '@playwright/test';
import { test } from './support';

/**
 * Decision 0681: the HTML shell's loader 'Attendere...' shows at once, but its spinner turns only
 * after a second, so a start that ends sooner draws no frame for it; the app's own loaders turn at
 * once. Checked with the app's code held back, so the page's shell stays on screen.
 */
test("the page's own spinner turns after a second, the app's at once", async ({ page }) => {
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/app/home');
  const shell = page.locator('#root .loader__spinner');
  await expect(page.locator('#root .loader')).toHaveText('Attendere...');
  const timing = () => shell.evaluate((el) => el.getAnimations().map((a) => a.effect?.getComputedTiming()));
  expect(await timing()).toEqual([expect.objectContaining({ delay: 1000, iterations: Number.POSITIVE_INFINITY })]);
  // Then it turns.
  await expect.poll(() => shell.evaluate((el) => getComputedStyle(el).transform), { timeout: 5_000 }).not.toBe('none');
  await page.unroute(/\/assets\/start-[^/]+\.js$/);

  // The app's own loader, shown by a screen while it waits, has no delay.
  await page.goto('/app/home');
  await expect(page.locator('#main')).toBeVisible();
  const delays = await page.evaluate(() => {
    const loader = document.createElement('span');
    loader.className = 'loader__spinner';
    document.getElementById('main')?.append(loader);
    const found = loader.getAnimations().map((a) => a.effect?.getComputedTiming().delay);
    loader.remove();
    return found;
  });
  expect(delays).toEqual([0]);
});
