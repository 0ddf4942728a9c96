// Loaded into the service worker (scripts/write-service-worker.mjs, importScripts): shows the class reminders and
// news notices the server pushes (docs/decisions/075) and, when one is tapped, opens what it names in the app.
/* global self */

const safePath = (url) => (typeof url === 'string' && /^\/(?!\/)/.test(url) ? url : '/');

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    // Not one of ours: the browser still wants a notification for every push.
  }
  const title = typeof notice.title === 'string' && notice.title ? notice.title : 'Student Portal';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      tag: typeof notice.tag === 'string' ? notice.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      lang: /[\u0900-\u097F]/.test(title) ? 'hi' : 'en',
      data: { url: safePath(notice.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(safePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      // The app already open (installed or in a tab) goes to the class; otherwise it opens there.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const moved = await open.navigate(url).catch(() => null);
        await (moved || open).focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
