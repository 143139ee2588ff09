import type { Profile } from '@farmacia/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { loggedInForEachTest } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { formatProfilePhone, ProfileScreen } from './profile-screen';

const PROFILE: Profile = {
  id: 7,
  name: 'Maria Rossi',
  email: 'cliente@farmacia.demo',
  phone_number: '393331234567',
  codice_fiscale: 'RSSMRA85T50H501S',
  checkprivacy: 0,
  privacy1: 1,
  privacy2: 0,
  privacy3: 0,
};

loggedInForEachTest();

describe('formatProfilePhone', () => {
  it('writes the stored digits in the spec format', () => {
    expect(formatProfilePhone('393201234567')).toBe('39 320 1234567');
    expect(formatProfilePhone(null)).toBe('');
  });
});

describe('ProfileScreen', () => {
  it('strips spaces and dashes from the phone, keeps a blank password, and says Profilo aggiornato', async () => {
    const { calls } = mockFetch({
      'GET /api/profile': json({ data: PROFILE }),
      'PUT /api/profile': (call) => json({ data: { ...PROFILE, phone_number: (call.body as { phone_number: string }).phone_number } }),
    });
    renderInApp(() => <ProfileScreen />, '/app/profile');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Telefono');
    expect((phone as HTMLInputElement).value).toBe('39 333 1234567');
    await user.clear(phone);
    await user.type(phone, '39-320-7654321');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Profilo aggiornato')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ phone_number: '393207654321', password: null, password_confirmation: null });
  });

  it('puts the server message under its field, or says Impossibile aggiornare', async () => {
    let answer = 0;
    mockFetch({
      'GET /api/profile': json({ data: PROFILE }),
      'PUT /api/profile': () =>
        ++answer === 1
          ? json({ code: 'VALIDATION_FAILED', message: 'Email già registrata.', errors: { email: ['Email già registrata.'] } }, 422)
          : json({ code: 'INTERNAL', message: 'x' }, 500),
    });
    renderInApp(() => <ProfileScreen />, '/app/profile');
    const user = userEvent.setup();
    await screen.findByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Email già registrata.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Impossibile aggiornare')).toBeTruthy();
  });

  it('refuses a phone that is not in the 39 320 1234567 format before sending', async () => {
    const { calls } = mockFetch({ 'GET /api/profile': json({ data: PROFILE }) });
    renderInApp(() => <ProfileScreen />, '/app/profile');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Telefono');
    await user.clear(phone);
    await user.type(phone, '320 12');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Il numero di telefono deve avere il formato 39 320 1234567.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
