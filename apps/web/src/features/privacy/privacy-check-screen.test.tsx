import type { PrivacyConsentDefinition, Profile } from '@farmacia/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearToken } from '../../lib/session';
import { json, mockFetch } from '../../test/fetch-mock';
import { loggedInForEachTest } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { missingMandatory, PrivacyCheckScreen } from './privacy-check-screen';

const CONSENTS: PrivacyConsentDefinition[] = [
  { key: 'privacy1', label: 'Trattamento dei dati', mandatory: true, link: '/app/privacy' },
  { key: 'privacy2', label: 'Comunicazioni promozionali', mandatory: false, link: null },
  { key: 'privacy3', label: 'Profilazione', mandatory: false, link: null },
];
const PROFILE: Profile = {
  id: 3,
  name: 'Rino Rinnovo',
  email: 'rinnovo@farmacia.demo',
  phone_number: '393330000000',
  codice_fiscale: null,
  checkprivacy: 1,
  privacy1: 0,
  privacy2: 0,
  privacy3: 0,
};

loggedInForEachTest();

function mockPrivacyApi() {
  return mockFetch({
    'GET /api/option/privacycheck': json({ data: CONSENTS }),
    'GET /api/content/privacycheck': json({ data: '<p>Leggi e conferma.</p><script>alert(1)</script>' }),
    'GET /api/profile': json({ data: PROFILE }),
    'POST /api/setuserprivacy': (call) => json({ data: { ...PROFILE, checkprivacy: 0, ...(call.body as object) } }),
  });
}

describe('missingMandatory', () => {
  it('lists the mandatory consents left unchecked', () => {
    expect(missingMandatory(CONSENTS, { privacy1: false, privacy2: true, privacy3: true })).toEqual(['privacy1']);
    expect(missingMandatory(CONSENTS, { privacy1: true, privacy2: false, privacy3: false })).toEqual([]);
  });
});

describe('PrivacyCheckScreen', () => {
  it("marks mandatory consents and refuses to save without them ('Questo consenso è obbligatorio')", async () => {
    const { calls } = mockPrivacyApi();
    renderInApp(() => <PrivacyCheckScreen />, '/app/privacycheck');
    const user = userEvent.setup();
    const mandatory = await screen.findByRole('checkbox', { name: 'Trattamento dei dati' });
    expect(mandatory.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Questo consenso è obbligatorio')).toBeTruthy();
    // Sanitized intro: the text shows, the script does not survive.
    expect(screen.getByText('Leggi e conferma.')).toBeTruthy();
    expect(document.querySelector('.html-content script')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(mandatory.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(mandatory);
    expect(calls.some((c) => c.path === '/api/setuserprivacy')).toBe(false);
  });

  it('accept-all checks every consent, then saves them and shows the toast', async () => {
    const { calls } = mockPrivacyApi();
    const { router } = renderInApp(() => <PrivacyCheckScreen />, '/app/privacycheck');
    const user = userEvent.setup();
    const acceptAll = await screen.findByRole('switch', { name: 'Accetta tutti' });
    await user.click(acceptAll);
    for (const name of ['Trattamento dei dati', 'Comunicazioni promozionali', 'Profilazione']) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    }
    // Unchecking one consent turns accept-all off.
    await user.click(screen.getByRole('checkbox', { name: 'Profilazione' }));
    expect((acceptAll as HTMLInputElement).checked).toBe(false);
    await user.click(acceptAll);

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/setuserprivacy')).toBe(true));
    expect(calls.find((c) => c.path === '/api/setuserprivacy')?.body).toEqual({ privacy1: true, privacy2: true, privacy3: true });
    expect(await screen.findByText('Consensi privacy aggiornati')).toBeTruthy();
    // The gate is lifted: back to the app.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
  });

  it("shows the server's per-consent error under the consent", async () => {
    mockFetch({
      'GET /api/option/privacycheck': json({ data: CONSENTS }),
      'GET /api/content/privacycheck': json({ data: null }),
      'GET /api/profile': json({ data: { ...PROFILE, privacy1: 1 } }),
      'POST /api/setuserprivacy': json(
        { code: 'VALIDATION_FAILED', message: 'x', errors: { privacy2: ['Valore non valido: atteso sì o no.'] } },
        422,
      ),
    });
    renderInApp(() => <PrivacyCheckScreen />, '/app/privacycheck');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Valore non valido: atteso sì o no.')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    clearToken();
    mockPrivacyApi();
    renderInApp(() => <PrivacyCheckScreen />, '/app/privacycheck');
    expect(await screen.findByText('Accedi per gestire i tuoi consensi privacy.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
  });
});
