import { createECDH, randomBytes } from 'node:crypto';
import { ERROR_RESULT_KEYS, securityNews, statusOf, type Mail, type MailChannel, type PushChannel } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { all, parsePage, text } from './dom.js';
import { ORIGIN, pagesHarness } from './pages-harness.js';

const keyPair = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey('base64url');
};
const VAPID_PUBLIC = keyPair();
const push: PushChannel = { publicKey: VAPID_PUBLIC, send: () => Promise.resolve('delivered') };
const mail: MailChannel = { send: (_: Mail) => Promise.resolve('sent') };
const subscription = (endpoint = `https://push.example/${randomBytes(6).toString('hex')}`) =>
  JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: keyPair(), auth: randomBytes(16).toString('base64url') } });
const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function setUp(channels: { push?: PushChannel; mail?: MailChannel } = { push, mail }) {
  const h = pagesHarness(channels);
  const ann = await h.trader('ann@example.com');
  const settings = () => h.send('GET', '/settings', { cookie: ann.cookie });
  const csrf = h.csrfOf(await settings());
  const addDevice = (sent: string, who = ann, token = csrf) => h.post('/settings/devices', { csrf_token: token, subscription: sent }, who.cookie, { origin: ORIGIN, 'user-agent': CHROME });
  return { h, ann, csrf, settings, addDevice };
}

describe('the notifications on the settings page', () => {
  it('say so when this condor has neither push nor mail, and offer no device to turn on', async () => {
    const { settings } = await setUp({});
    const page = parsePage((await settings()).body);
    expect(text(page.querySelector('[data-role="push-off"]'))).toContain('Notifications on devices are not set up on this condor');
    expect(text(page.querySelector('[data-role="mail-off"]'))).toContain('Mail is not set up on this condor');
    expect(page.querySelector('[data-role="turn-on"]')).toBeNull();
  });

  it('offer "Turn on notifications on this device" with condor’s VAPID key, under a policy that lets the script post and register /sw.js only', async () => {
    const { settings, csrf } = await setUp();
    const answer = await settings();
    const turnOn = parsePage(answer.body).querySelector('[data-role="turn-on"]');
    expect([turnOn?.getAttribute('data-key'), turnOn?.getAttribute('data-csrf'), turnOn?.getAttribute('data-path')]).toEqual([VAPID_PUBLIC, csrf, '/settings/devices']);
    expect(text(turnOn)).toBe('Turn on notifications on this device');
    expect(answer.body).toContain("navigator.serviceWorker.register(\"/sw.js\", { scope: '/' })");
    expect(answer.body).toContain('userVisibleOnly: true, applicationServerKey: key');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^default-src 'none'; connect-src 'self'; worker-src 'self'; script-src 'nonce-[^']+'/);
  });

  it('add the device the page’s script sends, named from its browser, and list it; a bad subscription gets the contract’s error and adds nothing', async () => {
    const { h, ann, settings, addDevice } = await setUp();
    const added = await addDevice(subscription());
    expect([added.status, added.headers.get('content-type')]).toEqual([200, 'application/json']);
    expect(JSON.parse(added.body)).toEqual({ device: { id: expect.any(String), name: 'Chrome on Android', addedAt: h.services.clock.now(), lastPushAt: null } });
    const rows = all(parsePage((await settings()).body), '[data-role="device"]');
    expect(rows.map((row) => [text(row.querySelector('[data-role="device-name"]')), text(row.querySelector('[data-role="device-last-push"]'))])).toEqual([['Chrome on Android', 'no push yet']]);

    for (const bad of ['', 'null', subscription('http://push.example/x'), JSON.stringify({ endpoint: 'https://push.example/y', keys: { p256dh: 'AAAA', auth: 'BBBB' } })]) {
      const refused = await addDevice(bad);
      expect(refused.status).toBe(statusOf('VALIDATION_ERROR'));
      const body = JSON.parse(refused.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
      expect(body['error']).toBe('VALIDATION_ERROR');
    }
    expect(await h.services.pushDevices.list(ann.userId)).toHaveLength(1);
  });

  it('take a device only with the session’s CSRF token, from this origin, and never for an agent’s token', async () => {
    const { h, ann, csrf, addDevice } = await setUp();
    expect((await addDevice(subscription(), ann, 'forged')).status).toBe(403);
    expect((await h.post('/settings/devices', { csrf_token: csrf, subscription: subscription() }, ann.cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await h.post('/settings/devices', { csrf_token: csrf, subscription: subscription() }, undefined, { origin: ORIGIN, authorization: `Bearer ${ann.apiToken}` })).status).toBe(403);
    expect(await h.services.pushDevices.list(ann.userId)).toEqual([]);
  });

  it('refuse a device in the contract’s words when this condor has no push', async () => {
    const { h, ann, addDevice } = await setUp({ mail });
    const refused = await addDevice(subscription());
    expect([refused.status, (JSON.parse(refused.body) as { error: string }).error]).toEqual([503, 'SERVICE_NOT_CONFIGURED']);
    expect(await h.services.pushDevices.list(ann.userId)).toEqual([]);
  });

  it('remove one of the person’s own devices, and never another person’s', async () => {
    const { h, ann, csrf, addDevice } = await setUp();
    const bob = await h.trader('bob@example.com');
    const bobCsrf = h.csrfOf(await h.send('GET', '/settings', { cookie: bob.cookie }));
    const annDevice = (JSON.parse((await addDevice(subscription())).body) as { device: { id: string } }).device.id;
    const notHis = await h.post('/settings/devices/remove', { csrf_token: bobCsrf, id: annDevice }, bob.cookie);
    expect(notHis.status).toBe(404);
    expect(await h.services.pushDevices.list(ann.userId)).toHaveLength(1);
    const removed = await h.post('/settings/devices/remove', { csrf_token: csrf, id: annDevice }, ann.cookie);
    expect([removed.status, removed.headers.get('location')]).toEqual([303, '/settings?device_removed=1#notifications']);
    expect(await h.services.pushDevices.list(ann.userId)).toEqual([]);
  });

  it('save the choices per kind and channel; security mail stays ticked and cannot be unticked', async () => {
    const { h, ann, csrf, settings } = await setUp();
    const before = parsePage((await settings()).body);
    const securityMail = before.querySelector('input[name="news.security.mail"]');
    expect([securityMail?.getAttribute('checked'), securityMail?.getAttribute('disabled')]).toEqual(['', '']);
    expect(before.querySelector('input[name="news.proposal_waiting.mail"]')?.getAttribute('checked')).toBeNull();

    const saved = await h.post('/settings/notifications', { csrf_token: csrf, 'news.proposal_waiting.mail': 'yes', 'news.position_alert.push': 'yes' }, ann.cookie);
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/settings?notifications_saved=1#notifications']);
    const stored = await h.services.newsPreferences.get(ann.userId);
    expect(stored?.proposal_waiting).toEqual({ push: false, mail: true });
    expect(stored?.security).toEqual({ push: false, mail: true });
    const after = parsePage((await h.send('GET', '/settings?notifications_saved=1', { cookie: ann.cookie })).body);
    const ticked = all(after, '[data-role="news-preferences"] input[type="checkbox"]')
      .filter((box) => box.getAttribute('checked') !== null)
      .map((box) => box.getAttribute('name'));
    expect(ticked).toEqual(['news.proposal_waiting.mail', 'news.position_alert.push', 'news.link_failed.mail', 'news.security.mail']);
    expect(text(after.querySelector('[data-role="notice"]'))).toContain('Saved');
  });
});

describe('the service worker', () => {
  it('is served at /sw.js as JavaScript, never cached, loading nothing, and shows pushes and opens their page', async () => {
    const h = pagesHarness();
    const worker = await h.send('GET', '/sw.js');
    expect([worker.status, worker.headers.get('content-type'), worker.headers.get('cache-control'), worker.headers.get('content-security-policy')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'no-cache',
      "default-src 'none'",
    ]);
    expect(worker.body).toContain("self.addEventListener('push'");
    expect(worker.body).toContain('showNotification(title, { body, tag: url, renotify: true, data: { url } })');
    expect(worker.body).toContain("self.addEventListener('notificationclick'");
    expect(worker.body).not.toContain("addEventListener('fetch'");
  });
});

describe('the desk’s notifications', () => {
  it('list what condor told the person, with its link and how it went', async () => {
    const { h, ann } = await setUp();
    await h.services.news.add(securityNews(ann.userId, { kind: 'password_changed' }, h.services.clock.now(), h.services.ids));
    const desk = parsePage((await h.send('GET', '/', { cookie: ann.cookie })).body);
    const rows = all(desk, '[data-role="desk-news"]');
    expect(rows.map((row) => [row.querySelector('a')?.getAttribute('href'), text(row.querySelector('a')), text(row.querySelector('[data-role="news-how"]'))])).toContainEqual([
      '/settings',
      'Your condor password was changed',
      'Waiting to be sent.',
    ]);
  });
});
