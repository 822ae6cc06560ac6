/** Where condor's service worker is served: the origin's root, so its scope is every page of condor. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * condor's service worker (design §18). It caches nothing and answers no fetch: it only shows a push as a
 * notification — title, body, and the page to open (`url`, kept only when it is condor's own), tagged with that page so
 * a newer push about it replaces the older one — and, when the notification is clicked, focuses a condor tab already
 * on that page, or opens it.
 */
export const SERVICE_WORKER = `'use strict';
const home = self.location.origin + '/';
const ownUrl = (url) => {
  try {
    const parsed = new URL(String(url), self.location.origin);
    return parsed.origin === self.location.origin ? parsed.href : null;
  } catch {
    return null;
  }
};
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title !== '' ? data.title.slice(0, 200) : 'condor';
  const body = typeof data.body === 'string' ? data.body.slice(0, 1000) : '';
  const url = ownUrl(data.url) ?? home;
  event.waitUntil(self.registration.showNotification(title, { body, tag: url, renotify: true, data: { url } }));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownUrl(event.notification.data && event.notification.data.url) ?? home;
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const there = tabs.find((tab) => tab.url === url);
    if (there) return there.focus();
    const condor = tabs.find((tab) => ownUrl(tab.url) !== null && 'navigate' in tab);
    if (condor) {
      try {
        const moved = await condor.navigate(url);
        if (moved) return moved.focus();
      } catch {
        // A tab this worker does not control cannot be moved: open a new one.
      }
    }
    return self.clients.openWindow(url);
  })());
});
`;
