import { expect } from '@playwright/test';
import { test } from './support';

/**
 * Decision 0678: every chunk of the app opens with V8's explicit compile hint, so Chromium compiles
 * its functions while the file streams in, off the main thread, not on each function's first call
 * inside the start's tasks. Checked on what a page really loads: the built files as served.
 */
test("every script a landing page loads opens with V8's compile hint", async ({ page }) => {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/')) {
      scripts.push({ url: response.url(), body: response.text() });
    }
  });
  await page.goto('/app/search?q=tachipirina');
  await expect(page.getByRole('list', { name: 'Prodotti' })).toBeVisible();
  // The app's start is over, with the parts that come after it (badges, the footer's seller strip).
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(10);
  for (const script of scripts) expect((await script.body).split('\n', 1)[0], script.url).toBe('//# allFunctionsCalledOnLoad');
});
