import { expect } from '@playwright/test';
import { test } from './support';

/**
 * Decisions 0681, 0697: the HTML shell's loader 'Attendere...' shows at once, but its spinner has no
 * animation at all until the page's first second has passed (not even a delayed one, which costs the
 * page a frame when it starts), then turns; the app's own loaders turn at once. Checked with the
 * app's code held back, so the page's shell stays on screen, and on the page's own clock (Playwright's,
 * paused): no second of the test's.
 */
test("the page's own spinner has no animation in its first second, then turns", async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/app/home');
  await expect(page.locator('#root .loader')).toHaveText('Attendere...');
  const animations = () =>
    page.evaluate(() => document.getAnimations().map((a) => ({ name: (a as CSSAnimation).animationName, ...a.effect?.getComputedTiming() })));
  expect(await animations()).toEqual([]);
  await page.clock.runFor(999);
  expect(await animations()).toEqual([]);
  await page.clock.runFor(1);
  // Then it turns, at once and for ever.
  expect(await animations()).toEqual([expect.objectContaining({ name: 'spin', delay: 0, duration: 800, iterations: Number.POSITIVE_INFINITY })]);
  await expect.poll(() => page.locator('#root .loader__spinner').evaluate((el) => getComputedStyle(el).transform), { timeout: 5_000 }).not.toBe('none');
});

test('with reduced motion the spinner turns slower after its second', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/app/home');
  await expect(page.locator('#root .loader')).toHaveText('Attendere...');
  await page.clock.runFor(1_000);
  const durations = await page.locator('#root .loader__spinner').evaluate((el) => el.getAnimations().map((a) => a.effect?.getComputedTiming().duration));
  expect(durations).toEqual([2_400]);
});

test("the app's own loader turns at once", async ({ page }) => {
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
