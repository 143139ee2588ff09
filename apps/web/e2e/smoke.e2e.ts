import { expect, test } from '@playwright/test';

test('the root opens the home page of the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
