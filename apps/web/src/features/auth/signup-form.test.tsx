import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken } from '../../lib/session';
import { fakeToken, json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { SignupForm } from './signup-form';

beforeEach(() => clearToken());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillValidForm() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Nome e cognome'), 'Mario Rossi');
  await user.type(screen.getByLabelText('Codice fiscale'), 'rssmra85m01h501q');
  await user.type(screen.getByLabelText('Numero di telefono'), '340 123 4567');
  await user.type(screen.getByLabelText('Email'), 'Mario.Rossi@Example.com');
  await user.type(screen.getByLabelText('Password'), 'Segreta-2026');
  await user.type(screen.getByLabelText('Conferma password'), 'Segreta-2026');
  await user.click(screen.getByRole('checkbox'));
  return user;
}

describe('SignupForm', () => {
  it('prefills the referral code, uppercases the fiscal code and sends normalized values', async () => {
    const token = fakeToken(2_000_000_000);
    const { calls } = mockFetch({ 'POST /api/auth/register': json({ token, expires_at: 'x' }, 201) });
    renderInApp(() => <SignupForm redirect={undefined} referral="AMICO42" />);
    expect((await screen.findByLabelText('Codice invito (facoltativo)') as HTMLInputElement).value).toBe('AMICO42');
    expect(screen.getByText('+39')).toBeTruthy();
    const user = await fillValidForm();
    expect((screen.getByLabelText('Codice fiscale') as HTMLInputElement).value).toBe('RSSMRA85M01H501Q');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    await waitFor(() => expect(getToken()).toBe(token));
    expect(calls[0]?.body).toMatchObject({
      name: 'Mario Rossi',
      codice_fiscale: 'RSSMRA85M01H501Q',
      phone_number: '3401234567',
      email: 'mario.rossi@example.com',
      privacy: true,
      referral: 'AMICO42',
    });
  });

  it('checks the rules before sending (phone 7–10 digits, terms required)', async () => {
    const { calls } = mockFetch({});
    renderInApp(() => <SignupForm redirect={undefined} referral={undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Numero di telefono'), '12345');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText('Il numero di telefono deve contenere da 7 a 10 cifre.')).toBeTruthy();
    expect(screen.getByText('È necessario accettare i termini e le condizioni.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nome e cognome'));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's errors on their fields, privacy included", async () => {
    mockFetch({
      'POST /api/auth/register': json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Email già registrata.',
          errors: { email: ['Email già registrata.'], privacy: ['È necessario accettare i termini e le condizioni.'] },
        },
        422,
      ),
      'POST /api/error-log': json(null, 204),
    });
    renderInApp(() => <SignupForm redirect={undefined} referral={undefined} />);
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText('Email già registrata.')).toBeTruthy();
    expect(screen.getByText('È necessario accettare i termini e le condizioni.')).toBeTruthy();
    expect(getToken()).toBeNull();
  });
});
