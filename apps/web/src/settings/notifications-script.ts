import { SERVICE_WORKER_PATH } from '../push/service-worker.js';

/**
 * The settings page's script for "Turn on notifications on this device": it asks the browser's permission, registers
 * condor's service worker, subscribes with condor's VAPID key (`userVisibleOnly`: every push shows a notification) and
 * posts the subscription with the session's CSRF token; the page reloads to list the device. A subscription the browser
 * holds for another key is dropped first (it could never be pushed to). Without push support it says what to do.
 */
export const NOTIFICATIONS_SCRIPT = `(() => {
  const part = document.querySelector('[data-role="turn-on"]');
  if (!part) return;
  const status = document.querySelector('[data-role="turn-on-status"]');
  const say = (text, state) => {
    status.textContent = text;
    status.dataset.state = state;
  };
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    say('This browser cannot get notifications from condor. On an iPhone or iPad, add condor to your Home Screen (Share, then Add to Home Screen) and open it from there.', 'unsupported');
    return;
  }
  const bytes = (text) => {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  };
  const key = bytes(part.dataset.key);
  const sameKey = (buffer) => buffer !== null && buffer !== undefined && new Uint8Array(buffer).every((b, i) => b === key[i]) && buffer.byteLength === key.length;
  part.hidden = false;
  part.querySelector('button').addEventListener('click', async () => {
    say('Follow your browser’s prompt…', 'asking');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new Error('Your browser did not allow notifications from condor, so nothing was turned on. Allow them in its settings for this site, then try again.');
      const registration = await navigator.serviceWorker.register(${JSON.stringify(SERVICE_WORKER_PATH)}, { scope: '/' });
      await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      if (subscription !== null && !sameKey(subscription.options.applicationServerKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      if (subscription === null) {
        try {
          subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        } catch (error) {
          throw new Error('Your browser could not subscribe to notifications (' + error.name + '), so nothing was turned on.');
        }
      }
      const answer = await fetch(part.dataset.path, {
        method: 'POST',
        body: new URLSearchParams({ csrf_token: part.dataset.csrf, subscription: JSON.stringify(subscription.toJSON()) }),
        credentials: 'same-origin',
      });
      const body = await answer.json().catch(() => ({ message: 'condor refused this (' + answer.status + '). Reload the page and try again.' }));
      if (!answer.ok) throw new Error(body.message);
      location.assign('/settings?device_added=1#notifications');
    } catch (error) {
      say(error.message, 'refused');
    }
  });
})();`;
