import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken } from '../../lib/session';
import { fakeToken, json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { LoginPanel } from './login-panel';

beforeEach(() => clearToken());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function logIn(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email o numero di telefono'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('LoginPanel', () => {
  it('sends a purely numeric identifier as <digits>@phonenumber, and goes to the redirect', async () => {
    const token = fakeToken(2_000_000_000);
    const { calls } = mockFetch({ 'POST /api/auth/login': json({ token, expires_at: '2033-05-18T03:33:20.000Z' }) });
    const { router } = renderInApp(() => <LoginPanel redirect="/app/user" />);
    await logIn('333 123 4567', 'Farmacia2026!');
    await waitFor(() => expect(getToken()).toBe(token));
    expect(calls[0]?.body).toEqual({ email: '3331234567@phonenumber', password: 'Farmacia2026!' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/user'));
  });

  it('sends an email identifier as typed (trimmed)', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': json({ token: fakeToken(2_000_000_000), expires_at: 'x' }) });
    renderInApp(() => <LoginPanel redirect={undefined} />);
    await logIn('  cliente@farmacia.demo ', 'segreta');
    await waitFor(() => expect(calls[0]?.body).toEqual({ email: 'cliente@farmacia.demo', password: 'segreta' }));
  });

  it("shows 'Credenziali sbagliate' on a 401 and reports the failure to /error-log", async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': json({ code: 'AUTH_INVALID_CREDENTIALS', message: 'Credenziali sbagliate' }, 401),
      'POST /api/error-log': json(null, 204),
    });
    renderInApp(() => <LoginPanel redirect={undefined} />);
    await logIn('cliente@farmacia.demo', 'sbagliata');
    // The spec's toast, and the same words under the password for whoever missed the toast.
    expect((await screen.findByRole('status')).textContent).toBe('Credenziali sbagliate');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(getToken()).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/error-log')).toBe(true));
    const report = calls.find((c) => c.path === '/api/error-log')?.body as { message: string; context: Record<string, unknown> };
    expect(report.context).toMatchObject({ where: 'login', status: 401 });
    // What the user typed never travels in the report.
    expect(JSON.stringify(report)).not.toContain('sbagliata');
    expect(JSON.stringify(report)).not.toContain('cliente@farmacia.demo');
  });

  it('requires both fields before calling the server', async () => {
    const { calls } = mockFetch({});
    renderInApp(() => <LoginPanel redirect={undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Inserire email o numero di telefono.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("toggles to recovery mode, sends the email and shows 'Mail inviata'", async () => {
    const { calls } = mockFetch({ 'POST /api/auth/recovery': json({ message: 'ok' }) });
    renderInApp(() => <LoginPanel redirect={undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email o numero di telefono'), 'Cliente@Farmacia.demo');
    await user.click(screen.getByRole('button', { name: 'Password dimenticata?' }));
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('Cliente@Farmacia.demo');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByRole('heading', { name: 'Mail inviata' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'cliente@farmacia.demo' });
    await user.click(screen.getByRole('button', { name: "Torna all'accesso" }));
    expect(screen.getByLabelText('Email o numero di telefono')).toBeTruthy();
  });
});
