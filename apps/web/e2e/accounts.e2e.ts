import { expect } from '@playwright/test';
import { loginWithForm, logoutFromMenu, newUser, readResetLink, submitLoginForm, tabBar, test } from './support';

test('sign up, log out, log in by email and by phone, recover the password through the outbox, log in with the new one', async ({ page }) => {
  const user = newUser();

  // Sign up from the Registrati tab.
  await page.goto('/auth/login?segment=signup');
  await expect(page.getByRole('tab', { name: 'Registrati' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Nome e cognome').fill(user.name);
  // Typed in lowercase: the form uppercases it (spec §5).
  await page.getByLabel('Codice fiscale').fill(user.fiscalCode.toLowerCase());
  await expect(page.getByLabel('Codice fiscale')).toHaveValue(user.fiscalCode);
  await expect(page.getByText('+39', { exact: true })).toBeVisible();
  await page.getByLabel('Numero di telefono').fill(user.phone);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Conferma password').fill(user.password);

  // The terms checkbox is required.
  await page.getByRole('button', { name: 'Registrati' }).last().click();
  await expect(page.getByText('È necessario accettare i termini e le condizioni.')).toBeVisible();
  await page.getByLabel("Ho letto l'informativa privacy e accetto i termini d'utilizzo").check();
  await page.getByRole('button', { name: 'Registrati' }).last().click();

  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(tabBar(page).getByRole('link', { name: 'Account' })).toBeVisible();

  // The same email again is refused on the field.
  await logoutFromMenu(page);
  await page.goto('/auth/login?segment=signup');
  await page.getByLabel('Nome e cognome').fill(user.name);
  await page.getByLabel('Codice fiscale').fill(user.fiscalCode);
  await page.getByLabel('Numero di telefono').fill(newUser().phone);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Conferma password').fill(user.password);
  await page.getByLabel("Ho letto l'informativa privacy e accetto i termini d'utilizzo").check();
  await page.getByRole('button', { name: 'Registrati' }).last().click();
  await expect(page.getByText('Email già registrata.')).toBeVisible();

  // Log in by email; a wrong password first.
  await page.getByRole('tab', { name: 'Accedi' }).click();
  await submitLoginForm(page, user.email, 'password-sbagliata');
  await expect(page.getByText('Credenziali sbagliate').first()).toBeVisible();
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/home$/);
  await logoutFromMenu(page);

  // Log in by phone: digits only in the identifier field.
  await tabBar(page).getByRole('link', { name: 'Accedi' }).click();
  await loginWithForm(page, user.phone, user.password);
  await expect(page).toHaveURL(/\/app\/home$/);
  await logoutFromMenu(page);

  // Password recovery: 'Mail inviata', then the link from the mail.
  await tabBar(page).getByRole('link', { name: 'Accedi' }).click();
  await page.getByLabel('Email o numero di telefono').fill(user.email);
  await page.getByRole('button', { name: 'Password dimenticata?' }).click();
  await expect(page.getByRole('heading', { name: 'Recupera password' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByRole('heading', { name: 'Mail inviata' })).toBeVisible();

  const resetPath = await readResetLink(user.email);
  await page.goto(resetPath);
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');
  const newPassword = `${user.password}-nuova`;
  await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
  await page.getByLabel('Conferma nuova password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Le password non coincidono.')).toBeVisible();
  await page.getByLabel('Conferma nuova password').fill(newPassword);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Password aggiornata correttamente.', { exact: false })).toBeVisible();

  // The link works once: using it again fails with the spec's toast.
  await page.goto(resetPath);
  await page.getByLabel('Nuova password', { exact: true }).fill(`${newPassword}2`);
  await page.getByLabel('Conferma nuova password').fill(`${newPassword}2`);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Si è verificato un errore, eseguire una nuova richiesta di cambio password')).toBeVisible();

  // Log in with the new password (the old one no longer works).
  await page.goto('/auth/login');
  await submitLoginForm(page, user.email, user.password);
  await expect(page.getByText('Credenziali sbagliate').first()).toBeVisible();
  await loginWithForm(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/app\/home$/);
  await tabBar(page).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText(/^Versione 1\.1\.1-\d+\.\d+\.\d+/)).toBeVisible();
});
