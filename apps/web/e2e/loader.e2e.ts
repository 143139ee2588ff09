import { expect } from '@playwright/test';
import { newUser, openSignedIn, registerThroughApi, test } from './support';

/**
 * Decision 0682: the loader of a signed-in screen's frame (the page's server-written top) says
 * 'Attendere...' at once, and its ring turns only from its second second, so a start that ends
 * sooner draws no frame for it. Read on the ring's own animation (Web Animations API), moved to a
 * time before and after the second: no clock of the test's. The app's own loaders turning at once
 * is shell-loader.e2e.ts's.
 */
test("a signed-in screen's frame: the loader's ring is still for its first second and turns after it", async ({ page }) => {
  const token = await registerThroughApi(page, newUser());
  // The app's code is held back: the page's frame stays on screen.
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  await openSignedIn(page, token, '/app/checkout');

  const frame = page.locator('[data-app-frame]');
  await expect(frame.getByRole('heading', { name: 'Completa la richiesta' })).toBeVisible();
  await expect(frame.getByRole('status')).toHaveText('Attendere...');
  const progressAt = (ms: number) =>
    frame.locator('.loader__spinner').evaluate((element, time) => {
      const [turn] = element.getAnimations();
      if (!turn) return 'no animation';
      turn.currentTime = time;
      return turn.effect?.getComputedTiming().progress ?? null;
    }, ms);
  expect(await progressAt(0)).toBeNull();
  expect(await progressAt(900)).toBeNull();
  expect(await progressAt(1_200)).toBeGreaterThan(0);
});
