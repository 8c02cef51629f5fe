/**
 * Push notifications in the service worker. The Workbox worker /sw.js imports this file
 * (vite.config.ts, workbox.importScripts); it is copied from src/web/public as it is, not bundled, so it
 * is plain JavaScript. A push message carries JSON { kind, title, body, url, tag } (PushPayload in
 * src/contracts/notifications.ts): it is shown as a notification, one per tag (a newer one replaces it
 * and alerts again). A click focuses a window of the app at `url`, else moves an open window of the app
 * there, else opens one. Subscriptions are made with userVisibleOnly, so every push must show something.
 */

/** A path of this app to open, never another site (resolved, then its origin compared); '/' otherwise. */
function appPath(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/';
  try {
    const resolved = new URL(url, self.location.origin);
    return resolved.origin === self.location.origin ? resolved.pathname + resolved.search + resolved.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null; // not JSON: a plain notification all the same
  }
  const title = payload && typeof payload.title === 'string' && payload.title ? payload.title : 'Palpite';
  const tag = payload && typeof payload.tag === 'string' ? payload.tag : '';
  const options = {
    body: payload && typeof payload.body === 'string' ? payload.body : '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-96.png',
    data: { url: appPath(payload && payload.url) },
  };
  if (tag) Object.assign(options, { tag, renotify: true });
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = windows.find((client) => client.url === target);
    if (same) return same.focus();
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      try {
        const focused = await open.focus();
        return await (focused ?? open).navigate(target);
      } catch {
        // Not controlled by this worker (navigate refuses): a new window instead.
      }
    }
    return self.clients.openWindow(target);
  })());
});
