import { FakePushService } from '@condor/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { browserWithPush, turnOnNotifications, vapidKeys } from './push-stand-in.js';
import { Condor } from './real-server.js';

const VAPID = vapidKeys();
let condor: Condor;
let browser: Browser;
const pushService = new FakePushService();

beforeAll(async () => {
  await pushService.start();
  [condor, browser] = await Promise.all([Condor.start({ CONDOR_VAPID_PRIVATE_KEY: VAPID.privateKey, CONDOR_NEWS_INTERVAL_MS: '200' }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
  await pushService.stop();
}, 30_000);

interface Shown {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly url: string;
}

/** The notifications the page's service worker shows, as the page reads them. */
const notificationsOf = (page: Page): Promise<Shown[]> =>
  page.evaluate<Shown[]>(`(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }));
  })()`);

it('turns notifications on from /settings: the browser’s subscription reaches condor, and a proposal is pushed to it and shown by the service worker', async () => {
  const email = 'push-person@example.com';
  const token = await condor.trader(email);
  const subscription = pushService.subscribe({ applicationServerKey: VAPID.publicKey });
  const { context, subscribed } = await browserWithPush(browser, condor.baseUrl, subscription);
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));

  await page.goto(`${condor.baseUrl}/settings`);
  await logIn(page, email);
  expect(await page.locator('[data-role="no-devices"]').count()).toBe(1);
  await turnOnNotifications(page);

  // The page subscribed once, for notifications it shows, with condor's VAPID key; condor lists the device.
  expect(subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: VAPID.publicKey }]);
  expect(await page.locator('[data-role="device-name"]').allInnerTexts()).toEqual(['Chrome on Linux']);
  expect(await page.locator('[data-role="device-last-push"]').innerText()).toBe('no push yet');
  expect(await page.evaluate<string | undefined>(`navigator.serviceWorker.getRegistration('/').then((r) => r?.active?.scriptURL)`)).toBe(`${condor.baseUrl}/sw.js`);
  await page.screenshot({ path: screenshotPath('settings-notifications.png'), fullPage: true });

  // An agent's proposal reaches the push service within 5 s, signed with condor's key, carrying the ticket's link.
  const started = Date.now();
  const { proposalId } = await condor.propose(token);
  await expect.poll(() => pushService.received(subscription.endpoint).length, { timeout: 5_000, interval: 100 }).toBe(1);
  expect(Date.now() - started).toBeLessThan(5_000);
  const [push] = pushService.received(subscription.endpoint);
  expect(push?.vapidKey).toBe(VAPID.publicKey);
  const payload = push?.payload as { title: string; body: string; url: string };
  expect(payload.url).toBe(`${condor.baseUrl}/desk/approvals/${proposalId}`);
  expect(payload.title).toMatch(/^Approve\? SPY iron condor/);

  // The service worker shows that very payload, delivered as a push service would (CDP; headless has no push service).
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${condor.baseUrl}/`)?.registrationId).toBeDefined();
  const registrationId = registrations.find((r) => r.scopeURL === `${condor.baseUrl}/`)?.registrationId ?? '';
  const deliver = (data: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin: condor.baseUrl, registrationId, data: JSON.stringify(data) });

  await deliver(payload);
  await expect.poll(() => notificationsOf(page)).toEqual([{ title: payload.title, body: payload.body, tag: payload.url, url: payload.url }]);
  // A newer push about the same page replaces the notification; one pointing elsewhere opens condor's desk instead.
  await deliver({ ...payload, title: 'Approve? (newer)' });
  await expect.poll(() => notificationsOf(page)).toEqual([{ title: 'Approve? (newer)', body: payload.body, tag: payload.url, url: payload.url }]);
  await deliver({ title: 'Elsewhere', body: 'b', url: 'https://evil.example/phish' });
  await expect.poll(async () => (await notificationsOf(page)).find((n) => n.title === 'Elsewhere')?.url).toBe(`${condor.baseUrl}/`);

  // The device's last push is on the settings page now.
  await page.reload();
  expect(await page.locator('[data-role="device-last-push"]').innerText()).toMatch(/UTC$/);
  expect(complaints, complaints.join('\n')).toEqual([]);
  await context.close();
}, 90_000);
