import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateVapidKeys, vapidKeysFromPrivateKey } from '@condor/notify';
import { FakeClock, FakePushService, RecordingLogger, SmtpSink } from '@condor/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { mailChannelOf, pushChannelOf, VAPID_KEY_FILE } from './news-channels.js';

const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'condor-news-'));
  dirs.push(dir);
  return dir;
};
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const close of closers.splice(0)) await close();
});

describe('the push channel', () => {
  it('generates a VAPID key once in development, private to the owner, and keeps it across starts', () => {
    const config = loadConfig({ CONDOR_DATA_DIR: dataDir() });
    const first = pushChannelOf(config, new FakeClock(), new RecordingLogger())!;
    const second = pushChannelOf(config, new FakeClock(), new RecordingLogger())!;
    expect(second.publicKey).toBe(first.publicKey);
    const file = join(config.dataDir, VAPID_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidKeysFromPrivateKey(readFileSync(file, 'utf8').trim())._unsafeUnwrap().publicKey).toBe(first.publicKey);
  });

  it('gives every later start the key made first, and leaves no draft file beside it', () => {
    const config = loadConfig({ CONDOR_DATA_DIR: dataDir() });
    const starts = Array.from({ length: 4 }, () => pushChannelOf(config, new FakeClock(), new RecordingLogger())!);
    expect(new Set(starts.map((c) => c.publicKey)).size).toBe(1);
    expect(readdirSync(config.dataDir)).toEqual([VAPID_KEY_FILE]);
  });

  it('has no push in production without CONDOR_VAPID_PRIVATE_KEY, nor on a shared database, and takes the _FILE form', () => {
    const dir = dataDir();
    const logger = new RecordingLogger();
    expect(pushChannelOf(loadConfig({ CONDOR_ENV: 'production', CONDOR_DATA_DIR: dir }), new FakeClock(), logger)).toBeNull();
    expect(pushChannelOf(loadConfig({ CONDOR_DATA_DIR: dir }), new FakeClock(), logger, true)).toBeNull();
    expect(logger.lines.map((l) => l.event)).toEqual(['vapid_key_missing', 'push_off']);
    expect(() => statSync(join(dir, VAPID_KEY_FILE))).toThrow();
    const keys = generateVapidKeys();
    const file = join(dir, 'vapid-secret');
    rmSync(file, { force: true });
    writeSecret(file, keys.privateKey);
    const channel = pushChannelOf(loadConfig({ CONDOR_ENV: 'production', CONDOR_DATA_DIR: dir, CONDOR_VAPID_PRIVATE_KEY_FILE: file, CONDOR_VAPID_SUBJECT: 'mailto:ops@example.com' }), new FakeClock(), new RecordingLogger())!;
    expect(channel.publicKey).toBe(keys.publicKey);
  });

  it('refuses a bad key or subject naming the variable, never its value', () => {
    expect(() => loadConfig({ CONDOR_VAPID_PRIVATE_KEY: 'not-a-key' })).toThrow(/CONDOR_VAPID_PRIVATE_KEY must be/);
    try {
      loadConfig({ CONDOR_VAPID_PRIVATE_KEY: 'secret-looking-value' });
    } catch (error) {
      expect(String(error)).not.toContain('secret-looking-value');
    }
    expect(() => loadConfig({ CONDOR_VAPID_SUBJECT: 'ops@example.com' })).toThrow(/CONDOR_VAPID_SUBJECT/);
  });

  it('pushes to a loopback push service in development, and logs a failure with the service origin only', async () => {
    const service = new FakePushService();
    await service.start();
    closers.push(() => service.stop());
    const logger = new RecordingLogger();
    const clock = new FakeClock(Date.now());
    const channel = pushChannelOf(loadConfig({ CONDOR_DATA_DIR: dataDir() }), clock, logger)!;
    const subscription = service.subscribe({ applicationServerKey: channel.publicKey });
    const device = { id: 'd1', ownerId: 'u1', endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, name: 'Phone', addedAt: 0, lastPushAt: null };
    const delivery = { title: 'Approve? SPY iron condor', body: 'Sell 1 SPY condor', url: 'http://127.0.0.1/desk/approvals/p1', topic: 'proposal:p1', ttlSeconds: 60, urgency: 'high' as const };
    expect(await channel.send(device, delivery)).toBe('delivered');
    expect(service.received(subscription.endpoint).at(-1)?.payload).toEqual({ title: delivery.title, body: delivery.body, url: delivery.url });
    service.failNext(subscription.endpoint, 1, { status: 400 });
    expect(await channel.send(device, delivery)).toBe('failed');
    expect(JSON.stringify(logger.lines)).not.toContain(subscription.endpoint);
    expect(logger.lines.at(-1)).toMatchObject({ event: 'push_failed', fields: { device_id: 'd1', push_service: new URL(subscription.endpoint).origin } });
  });
});

describe('the mail channel', () => {
  it('is off without CONDOR_SMTP_URL, needs CONDOR_MAIL_FROM with it, and sends through the server without logging its password', async () => {
    expect(mailChannelOf(loadConfig({}), new RecordingLogger())).toBeNull();
    expect(() => loadConfig({ CONDOR_SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/CONDOR_MAIL_FROM/);
    expect(() => loadConfig({ CONDOR_SMTP_URL: 'smtp://mail.example.com:25', CONDOR_MAIL_FROM: 'condor@example.com' })).toThrow(/loopback/);
    const sink = new SmtpSink({ credentials: { user: 'condor', pass: 'smtp-pass-9' } });
    const port = await sink.start();
    closers.push(() => sink.stop());
    const logger = new RecordingLogger();
    const channel = mailChannelOf(loadConfig({ CONDOR_SMTP_URL: `smtp://condor:smtp-pass-9@127.0.0.1:${String(port)}`, CONDOR_MAIL_FROM: 'condor <condor@example.com>' }), logger)!;
    expect(await channel.send({ to: 'ann@example.com', subject: 'condor: hello', text: 'Hello', html: '<p>Hello</p>' })).toBe('sent');
    expect(sink.messages.at(-1)).toMatchObject({ subject: 'condor: hello', envelope: { to: ['ann@example.com'] }, authenticatedUser: 'condor' });
    expect(JSON.stringify(logger.lines)).not.toContain('smtp-pass-9');
  });
});

function writeSecret(file: string, text: string): void {
  writeFileSync(file, `${text}\n`, { mode: 0o600 });
}
