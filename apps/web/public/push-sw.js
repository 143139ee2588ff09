/*
 * Web Push in the service worker (imported by the generated worker, see vite.config.ts): shows
 * what the server sends ({ title, body, url, tag }) and, on a tap, focuses the app on `url`.
 * Only paths of this app are opened: a notification can never send the user elsewhere.
 */
/* global self, clients */

const DEFAULT_URL = '/app/home';

function appUrl(raw) {
  const url = new URL(typeof raw === 'string' && raw.startsWith('/') ? raw : DEFAULT_URL, self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL(DEFAULT_URL, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Farmacia';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'it',
      data: { url: appUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) await client.navigate(target);
        return;
      }
      await clients.openWindow(target);
    })(),
  );
});
