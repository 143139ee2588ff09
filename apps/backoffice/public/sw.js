/*
 * The back office's only service worker (issue 15): shows the shop's alerts pushed by the server
 * ({ title, body, url, tag }) and, on a click, focuses the console on `url`. No fetch handler and
 * no cache: the console stays an online page. Only /backoffice paths of this origin are opened.
 */
/* global self, clients */

const HOME = '/backoffice/ordini';

function consoleUrl(raw) {
  const path = typeof raw === 'string' && raw.startsWith('/backoffice/') ? raw : HOME;
  return new URL(path, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data.text() };
  }
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'Farmacia', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: 'it',
      requireInteraction: true,
      data: { url: consoleUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = consoleUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((c) => new URL(c.url).pathname.startsWith('/backoffice'));
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(target);
        return;
      }
      await clients.openWindow(target);
    })(),
  );
});
