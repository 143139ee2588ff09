import { expect } from '@playwright/test';
import { newUser, openSignedIn, registerThroughApi, test } from './support';

/**
 * Decision 0682: the loader says 'Attendere...' at once, and its ring turns only from its second
 * second, so a wait shorter than that draws no frame for it. Read on the ring's own animation
 * (Web Animations API), moved to a time before and after the second: no clock of the test's.
 */
test("the loader's ring is still for its first second and turns after it", async ({ page }) => {
  const token = await registerThroughApi(page, newUser());
  // The cart's read is held: its screen stays on the loader until the test lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/cart**', async (route) => {
    await held;
    await route.continue();
  });
  await openSignedIn(page, token, '/app/cart');

  const loader = page.getByRole('status').filter({ hasText: 'Attendere...' }).first();
  await expect(loader).toBeVisible();
  const ring = loader.locator('.loader__spinner');
  const progressAt = (ms: number) =>
    ring.evaluate((element, time) => {
      const [turn] = element.getAnimations();
      if (!turn) return 'no animation';
      turn.currentTime = time;
      return turn.effect?.getComputedTiming().progress ?? null;
    }, ms);
  expect(await progressAt(0)).toBeNull();
  expect(await progressAt(900)).toBeNull();
  expect(await progressAt(1_200)).toBeGreaterThan(0);

  release();
  await expect(page.getByRole('heading', { name: 'Carrello' })).toBeVisible();
});
