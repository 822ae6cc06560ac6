import { generateKeyPairSync } from 'node:crypto';
import type { FakePushSubscription } from '@condor/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A VAPID key pair as condor takes it: the raw private key and the uncompressed public point, base64url. */
export function vapidKeys(): { privateKey: string; publicKey: string } {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { privateKey: jwk.d ?? '', publicKey: point.toString('base64url') };
}

/** What the stand-in for `PushManager.prototype.subscribe` was called with. */
export interface Subscribed {
  readonly userVisibleOnly: boolean;
  readonly applicationServerKey: string;
}

/** The stand-in for `PushManager.prototype.subscribe`, as page script (the tests compile without the DOM's types). */
const STAND_IN = `(made) => {
  const bytes = (key) => (key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength));
  const base64url = (key) => typeof key === 'string' ? key : btoa(String.fromCharCode(...bytes(key))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  PushManager.prototype.subscribe = function subscribe(options) {
    void window.condorTestSubscribed({ userVisibleOnly: options.userVisibleOnly === true, applicationServerKey: base64url(options.applicationServerKey) });
    const json = { endpoint: made.endpoint, expirationTime: null, keys: made.keys };
    return Promise.resolve({ endpoint: made.endpoint, expirationTime: null, options: { userVisibleOnly: true, applicationServerKey: null }, toJSON: () => json, unsubscribe: () => Promise.resolve(true) });
  };
}`;

/**
 * A browser context whose push subscriptions come from the testkit's push service. Headless chromium has no push
 * service: its `pushManager.subscribe` rejects ("AbortError: Registration failed - permission denied") even with the
 * permission granted. So, before any page loads, `subscribe` alone is replaced by a stand-in that records the key it
 * is given and answers with `subscription` (made by the testkit's push service, as a browser's push service would);
 * the permission request (granted beforehand), the page's script, the service worker and the post are real.
 */
export async function browserWithPush(browser: Browser, origin: string, subscription: FakePushSubscription): Promise<{ context: BrowserContext; subscribed: Subscribed[] }> {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin });
  const subscribed: Subscribed[] = [];
  await context.exposeBinding('condorTestSubscribed', (_source, call: Subscribed) => {
    subscribed.push(call);
  });
  await context.addInitScript(`(${STAND_IN})(${JSON.stringify(subscription)})`);
  return { context, subscribed };
}

/** Turns notifications on from /settings (the page already shows it, signed in) and waits for condor to list the device. */
export async function turnOnNotifications(page: Page): Promise<void> {
  await Promise.all([page.waitForURL(/device_added=1/), page.click('[data-role="turn-on"] button')]);
}
