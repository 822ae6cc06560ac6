import { FakePushService, type FakePushSubscription } from '@condor/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, WebPushSender, generateVapidKeys, pushTopic, type PushPayload, type WebPushSenderOptions } from '../src/index.js';

const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);
const keys = generateVapidKeys();
const SUBJECT = 'mailto:ops@condor.example';
const PAYLOAD: PushPayload = { title: 'Approval waiting', body: 'SPY iron condor, 1 lot', url: 'https://condor.example/proposals/p1', topic: 'proposal:p1' };
const DELIVERY = { ttlSeconds: 60, urgency: 'high' } as const;

const service = new FakePushService({ now: () => NOW });
let origin = '';
beforeAll(async () => {
  origin = await service.start();
});
afterAll(() => service.stop());

function sender(options: Partial<WebPushSenderOptions> = {}) {
  const waits: number[] = [];
  const built = WebPushSender.create({
    vapid: { ...keys, subject: SUBJECT },
    now: () => NOW,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    allowLoopbackHttp: true,
    ...options,
  })._unsafeUnwrap();
  return { sender: built, waits };
}

const requestsTo = (subscription: FakePushSubscription) => service.requests.filter((request) => request.endpoint === subscription.endpoint);

describe('WebPushSender against a push service that decrypts', () => {
  it('delivers a payload the browser decrypts to { title, body, url }', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const outcome = await sender().sender.send(subscription, PAYLOAD, DELIVERY);
    expect(outcome._unsafeUnwrap()).toBe('delivered');
    const [push] = service.received(subscription.endpoint);
    expect(push?.payload).toEqual({ title: PAYLOAD.title, body: PAYLOAD.body, url: PAYLOAD.url });
  });

  it('signs a VAPID token for the push service origin, 12 h ahead, with the subject, under the configured key', async () => {
    const subscription = service.subscribe();
    await sender().sender.send(subscription, PAYLOAD, DELIVERY);
    const [push] = service.received(subscription.endpoint);
    expect(push?.claims).toEqual({ aud: origin, exp: NOW / 1000 + 12 * 3600, sub: SUBJECT });
    expect(push?.vapidKey).toBe(keys.publicKey);
  });

  it('sends TTL, Urgency and a Topic derived from the topic, 32 base64url characters', async () => {
    const subscription = service.subscribe();
    await sender().sender.send(subscription, PAYLOAD, { ttlSeconds: 300, urgency: 'low' });
    const [push] = service.received(subscription.endpoint);
    expect(push).toMatchObject({ ttl: 300, urgency: 'low', topic: pushTopic('proposal:p1') });
    expect(push?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('proposal:p1')).toBe(push?.topic);
    expect(pushTopic('proposal:p2')).not.toBe(push?.topic);
  });

  it('sends no Topic when the payload has none', async () => {
    const subscription = service.subscribe();
    await sender().sender.send(subscription, { title: PAYLOAD.title, body: PAYLOAD.body, url: PAYLOAD.url }, DELIVERY);
    expect(service.received(subscription.endpoint)[0]?.topic).toBeUndefined();
  });

  it("answers 'gone' on 410 and on 404, without retrying", async () => {
    const unsubscribed = service.subscribe();
    service.unsubscribe(unsubscribed.endpoint);
    const { sender: push, waits } = sender();
    expect((await push.send(unsubscribed, PAYLOAD, DELIVERY))._unsafeUnwrap()).toBe('gone');
    const notFound = service.subscribe();
    service.failNext(notFound.endpoint, 1, { status: 404 });
    expect((await push.send(notFound, PAYLOAD, DELIVERY))._unsafeUnwrap()).toBe('gone');
    expect(waits).toEqual([]);
    expect(requestsTo(unsubscribed)).toHaveLength(1);
  });

  it('retries a 429 and a 503 with backoff, honouring Retry-After, then delivers', async () => {
    const subscription = service.subscribe();
    service.failNext(subscription.endpoint, 1, { status: 429, retryAfter: '7' });
    service.failNext(subscription.endpoint, 1, { status: 503 });
    const { sender: push, waits } = sender();
    expect((await push.send(subscription, PAYLOAD, DELIVERY))._unsafeUnwrap()).toBe('delivered');
    expect(requestsTo(subscription).map((request) => request.status)).toEqual([429, 503, 201]);
    expect(waits).toEqual([7_000, 4_000]);
    expect(service.received(subscription.endpoint)).toHaveLength(1);
  });

  it('gives up as unavailable after three tries, and at once when Retry-After asks for too long', async () => {
    const failing = service.subscribe();
    service.failNext(failing.endpoint, 5, { status: 502 });
    const { sender: push, waits } = sender();
    expect((await push.send(failing, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(requestsTo(failing)).toHaveLength(3);
    expect(waits).toEqual([1_000, 4_000]);

    const busy = service.subscribe();
    service.failNext(busy.endpoint, 1, { status: 429, retryAfter: '3600' });
    expect((await push.send(busy, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'unavailable', status: 429, retryAfterSeconds: 3600 });
    expect(requestsTo(busy)).toHaveLength(1);
  });

  it('reports a refusal for good as rejected with the status: a key the subscription was not made for', async () => {
    const subscription = service.subscribe({ applicationServerKey: generateVapidKeys().publicKey });
    const failure = (await sender().sender.send(subscription, PAYLOAD, DELIVERY))._unsafeUnwrapErr();
    expect(failure).toEqual({ kind: 'rejected', status: 403, message: `push service at ${origin} refused the push (403)` });
    expect(JSON.stringify(failure)).not.toContain(new URL(subscription.endpoint).pathname);
  });
});

describe('WebPushSender refuses before sending', () => {
  const neverCalled: typeof fetch = () => Promise.reject(new Error('fetch must not be called'));

  it('refuses http endpoints, and loopback http unless allowed', async () => {
    const subscription = service.subscribe();
    const strict = sender({ allowLoopbackHttp: false, fetch: neverCalled }).sender;
    expect((await strict.send(subscription, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'endpoint_refused', message: expect.stringMatching(/must be https/) });
    const lax = sender({ fetch: neverCalled }).sender;
    const remote = { ...subscription, endpoint: 'http://push.example/send/abc' };
    expect((await lax.send(remote, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'endpoint_refused' });
    expect((await lax.send({ ...subscription, endpoint: 'not a url' }, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'endpoint_refused' });
    expect(service.received(subscription.endpoint)).toEqual([]);
  });

  it('sends to an https endpoint', async () => {
    const seen: string[] = [];
    const recording: typeof fetch = (input) => {
      seen.push(input instanceof URL ? input.href : JSON.stringify(input));
      return Promise.resolve(new Response(null, { status: 201 }));
    };
    const subscription = { ...service.subscribe(), endpoint: 'https://push.example/send/abc' };
    expect((await sender({ allowLoopbackHttp: false, fetch: recording }).sender.send(subscription, PAYLOAD, DELIVERY))._unsafeUnwrap()).toBe('delivered');
    expect(seen).toEqual(['https://push.example/send/abc']);
  });

  it('refuses a payload over 3 KB and keys that are no subscription', async () => {
    const subscription = service.subscribe();
    const push = sender({ fetch: neverCalled }).sender;
    const long = { ...PAYLOAD, body: 'x'.repeat(MAX_PAYLOAD_BYTES) };
    expect((await push.send(subscription, long, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'payload_too_large', limit: 3072 });
    const badPoint = { ...subscription, keys: { ...subscription.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } };
    expect((await push.send(badPoint, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'invalid_subscription' });
    const shortAuth = { ...subscription, keys: { ...subscription.keys, auth: 'AAAA' } };
    expect((await push.send(shortAuth, PAYLOAD, DELIVERY))._unsafeUnwrapErr()).toMatchObject({ kind: 'invalid_subscription' });
  });
});
