import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { Mail, MailChannel, PushAnswer, PushChannel, PushDelivery } from '../ports/news-channels.js';
import type { PushDevice } from '../ports/news-store.js';
import { securityNews } from './news-of.js';
import type { News } from './news.js';
import { tellNews } from './tell-news.js';

class RecordingPush implements PushChannel {
  readonly publicKey = 'BPublicKey';
  readonly sent: { device: string; delivery: PushDelivery }[] = [];
  constructor(private readonly answers: Record<string, PushAnswer> = {}) {}
  send(device: PushDevice, delivery: PushDelivery): Promise<PushAnswer> {
    this.sent.push({ device: device.id, delivery });
    return Promise.resolve(this.answers[device.id] ?? 'delivered');
  }
}

class RecordingMail implements MailChannel {
  readonly sent: Mail[] = [];
  constructor(private readonly answer: 'sent' | 'failed' = 'sent') {}
  send(mail: Mail): Promise<'sent' | 'failed'> {
    this.sent.push(mail);
    return Promise.resolve(this.answer);
  }
}

const device = (id: string, ownerId = 'u1'): PushDevice => ({ id, ownerId, endpoint: `https://push.example/${id}`, p256dh: 'p', auth: 'a', name: id, addedAt: 1, lastPushAt: null });

async function world(push = new RecordingPush(), mail: RecordingMail | null = new RecordingMail()) {
  const services = createTestServices({ push, mail, config: { ...createTestServices().config, publicUrl: 'https://condor.example' } });
  await services.users.insert({ id: 'u1', email: 'ann@example.com', passwordHash: 'h', createdAt: 0 });
  await services.pushDevices.add(device('d1'));
  await services.pushDevices.add(device('d2'));
  const told = async (news: News) => {
    await services.news.add(news);
    const [claimed] = await services.news.claimUntold('teller', services.clock.now(), 60_000, 1);
    return tellNews(claimed!, 'teller', services);
  };
  return { services, push, mail, told };
}

const alert = (now: number, key = 'alert:p1:take_profit'): News => ({
  id: key,
  ownerId: 'u1',
  kind: 'position_alert',
  key,
  topic: 'position:p1',
  title: 'SPY: Take profit',
  body: 'Half the credit is kept.',
  path: '/',
  createdAt: now,
  expiresAt: now + 3_600_000,
  urgency: 'high',
});

describe('tellNews', () => {
  it('pushes to every device with the absolute link, TTL counted to expiry and the topic; notes each push; records it told', async () => {
    const { services, push, told } = await world();
    const now = services.clock.now();
    const outcome = await told(alert(now));
    expect(outcome).toEqual({ status: 'told', pushed: 2, mailed: false, detail: null });
    expect(push.sent.map((s) => s.device)).toEqual(['d1', 'd2']);
    expect(push.sent[0]?.delivery).toEqual({ title: 'SPY: Take profit', body: 'Half the credit is kept.', url: 'https://condor.example/', topic: 'position:p1', ttlSeconds: 3_600, urgency: 'high' });
    expect((await services.pushDevices.list('u1')).map((d) => d.lastPushAt)).toEqual([now, now]);
    const [recent] = await services.news.recent('u1', 5);
    expect(recent).toMatchObject({ outcome: { status: 'told', pushed: 2 }, toldAt: now });
  });

  it('forgets a device whose push service says it is gone, and counts a failed push as not told', async () => {
    const { services, told } = await world(new RecordingPush({ d1: 'gone', d2: 'failed' }), null);
    const outcome = await told(alert(services.clock.now()));
    expect(outcome).toEqual({ status: 'failed', pushed: 0, mailed: false, detail: 'No device and no mail server took it.' });
    expect((await services.pushDevices.list('u1')).map((d) => d.id)).toEqual(['d2']);
  });

  it('mails a verified address the news with its link and why it came, and nothing secret', async () => {
    const { services, mail, told } = await world();
    await services.users.markEmailVerified('u1', services.clock.now());
    await told(alert(services.clock.now()));
    expect(mail?.sent).toHaveLength(1);
    expect(mail?.sent[0]).toMatchObject({ to: 'ann@example.com', subject: 'condor: SPY: Take profit', text: expect.stringContaining('Open: https://condor.example/') });
    expect(mail?.sent[0]?.html).toContain('<a href="https://condor.example/">');
  });

  it('mails security news to an address never verified', async () => {
    const { services, mail, told } = await world(new RecordingPush(), new RecordingMail());
    const outcome = await told(securityNews('u1', { kind: 'passkey_added', name: 'Phone <b>' }, services.clock.now(), services.ids));
    expect(outcome).toMatchObject({ status: 'told', pushed: 2, mailed: true });
    expect(mail?.sent[0]?.subject).toBe('condor: A passkey was added: “Phone <b>”');
    expect(mail?.sent[0]?.html).toContain('Phone &lt;b&gt;');
  });

  it('skips, and says why, news that expired before it could be told', async () => {
    const { services, push, told } = await world();
    const stale = { ...alert(services.clock.now() - 7_200_000), expiresAt: services.clock.now() - 1 };
    expect(await told(stale)).toMatchObject({ status: 'skipped', detail: expect.stringContaining('no longer mattered') });
    expect(push.sent).toEqual([]);
  });

  it('records nothing for a teller that lost its lease', async () => {
    const { services } = await world();
    const now = services.clock.now();
    await services.news.add(alert(now));
    const [claimed] = await services.news.claimUntold('first', now, 1_000, 1);
    services.clock.advance(2_000);
    await services.news.claimUntold('second', services.clock.now(), 60_000, 1);
    await tellNews(claimed!, 'first', services);
    expect((await services.news.recent('u1', 1))[0]?.outcome).toBeNull();
  });
});
