import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { loggedInForEachTest } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { deviceId } from './device-id';
import { SettingsScreen } from './settings-screen';

const SUBSCRIPTION = { endpoint: 'https://push.example.com/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };

/** A browser with service worker and push, the permission in `permission`, answering `request` when asked. */
function stubPushBrowser(permission: NotificationPermission, request: NotificationPermission = permission) {
  const state = { permission };
  const subscription = { toJSON: () => SUBSCRIPTION, unsubscribe: vi.fn(async () => true), options: { applicationServerKey: null } };
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: vi.fn(async () => {
      state.permission = request;
      return request;
    }),
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager };
}

loggedInForEachTest();
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function mockSettingsApi(active: { push?: boolean; email?: boolean; sms?: boolean } = {}) {
  const device = deviceId();
  return mockFetch({
    [`GET /api/profile/notification/push/${device}`]: json({ active: active.push ?? false }),
    [`GET /api/profile/notification/email/${device}`]: json({ active: active.email ?? true }),
    [`GET /api/profile/notification/sms/${device}`]: json({ active: active.sms ?? false }),
    'GET /api/push/vapid-public-key': json({ publicKey: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    [`POST /api/profile/notification/push/${device}`]: json({ active: true }),
    [`DELETE /api/profile/notification/email/${device}`]: json({ active: false }),
    [`POST /api/profile/notification/sms/${device}`]: json(
      { code: 'VALIDATION_FAILED', message: 'x', errors: { type: ['Per ricevere gli SMS aggiungi un numero di telefono al tuo profilo.'] } },
      422,
    ),
  });
}

describe('SettingsScreen', () => {
  it('subscribes this browser when push is turned on, sends the subscription and confirms', async () => {
    const { pushManager } = stubPushBrowser('default', 'granted');
    const { calls } = mockSettingsApi();
    renderInApp(() => <SettingsScreen />, '/app/settings');
    const user = userEvent.setup();
    const push = await screen.findByRole('switch', { name: 'Notifiche push' });
    expect((push as HTMLInputElement).checked).toBe(false);
    await user.click(push);
    expect(await screen.findByText('Notifiche push attivate.')).toBeTruthy();
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/profile/notification/push/${deviceId()}`);
    expect(post?.body).toEqual({ type: 'push', token: JSON.stringify(SUBSCRIPTION) });
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Notifiche push' }) as HTMLInputElement).checked).toBe(true));
  });

  it('disables the push toggle with the spec text when the permission is refused', async () => {
    stubPushBrowser('default', 'denied');
    const { calls } = mockSettingsApi();
    renderInApp(() => <SettingsScreen />, '/app/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Notifiche push' }));
    expect((await screen.findAllByText("Non è stata garantito il permesso all'applicazione per ricevere notifiche push.")).length).toBeGreaterThan(0);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Notifiche push' }) as HTMLInputElement).disabled).toBe(true));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says a generic problem when subscribing fails', async () => {
    const { pushManager } = stubPushBrowser('granted');
    pushManager.subscribe.mockRejectedValueOnce(new DOMException('Registration failed', 'AbortError'));
    mockSettingsApi();
    renderInApp(() => <SettingsScreen />, '/app/settings');
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Notifiche push' }));
    expect(await screen.findByText('Problema generico nella attivazione le notifiche push.')).toBeTruthy();
  });

  it('turns email off and shows the server message when sms needs a phone', async () => {
    stubPushBrowser('granted');
    mockSettingsApi();
    renderInApp(() => <SettingsScreen />, '/app/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Notifiche email' }));
    expect(await screen.findByText('Notifiche email disabilitate.')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Notifiche SMS' }));
    expect(await screen.findByText('Per ricevere gli SMS aggiungi un numero di telefono al tuo profilo.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Notifiche SMS' }) as HTMLInputElement).checked).toBe(false);
  });

  it('explains when the browser has no push at all', async () => {
    mockSettingsApi();
    renderInApp(() => <SettingsScreen />, '/app/settings');
    const push = await screen.findByRole('switch', { name: 'Notifiche push' });
    expect((push as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Questo browser non supporta le notifiche push.')).toBeTruthy();
  });
});
