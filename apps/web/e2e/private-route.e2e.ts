import { expect } from '@playwright/test';
import { loginWithForm, newUser, registerThroughApi, test } from './support';
import { TOKEN_KEY } from '../src/lib/session';

test('a private route while logged out lands on login and returns there after login', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);

  await page.goto('/app/user');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=\/app\/user$/);
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/user$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Informativa Privacy' })).toBeVisible();
});

test('a session revoked on the server sends the user from a private route to login, and back', async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user);
  await page.goto('/auth/login');
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/home$/);

  // Revoke the token behind the app's back (as a logout from elsewhere would).
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const logout = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(204);

  // The next private call answers 401: the app goes to login with the return path.
  await page.goto('/app/user');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=\/app\/user$/);
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/user$/);
});

test('unknown paths show the not-found screen', async ({ page }) => {
  await page.goto('/app/non-esiste');
  await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  await page.getByRole('link', { name: 'Torna alla Home' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('/ and /app open the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/home$/);
});
