import { createECDH, randomBytes } from 'node:crypto';
import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PushChannel } from '../ports/news-channels.js';
import { addPersonDevice, listPersonDevices, MAX_DEVICES, removePersonDevice } from './person-devices.js';

const ANN = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const push: PushChannel = { publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', send: () => Promise.resolve('delivered') };

const subscription = (endpoint = `https://push.example/${randomBytes(8).toString('hex')}`): string => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } });
};

let services: TestServices;
beforeEach(() => {
  services = createTestServices({ push });
});

const add = (userId: string, sent: unknown = subscription(), userAgent: string | null = CHROME) => addPersonDevice(services, { userId, subscription: sent, userAgent });

describe("a person's devices", () => {
  it('adds a device from the subscription, named from the user agent, and lists it without its endpoint or keys', async () => {
    const added = (await add(ANN))._unsafeUnwrap();
    expect(added).toEqual({ id: expect.any(String), name: 'Chrome on Linux', addedAt: services.clock.now(), lastPushAt: null });
    expect((await listPersonDevices(services, ANN))._unsafeUnwrap()).toEqual([added]);
    const [stored] = await services.pushDevices.list(ANN);
    expect(stored?.endpoint).toMatch(/^https:\/\/push\.example\//);
  });

  it('refuses a bad subscription with VALIDATION_ERROR and stores nothing', async () => {
    for (const bad of ['{}', 'null', subscription('http://push.example/x'), subscription('http://127.0.0.1:9/x'), 7]) {
      expect((await add(ANN, bad))._unsafeUnwrapErr().code).toBe('VALIDATION_ERROR');
    }
    expect(await services.pushDevices.list(ANN)).toEqual([]);
  });

  it('takes a loopback http endpoint where the deployment allows it', async () => {
    services = createTestServices({ push, config: { ...services.config, pushLoopbackHttp: true } });
    expect((await add(ANN, subscription('http://127.0.0.1:9/x'))).isOk()).toBe(true);
  });

  it('refuses every device while this condor has no push, saying so', async () => {
    services = createTestServices();
    const refused = (await add(ANN))._unsafeUnwrapErr();
    expect([refused.code, refused.message]).toEqual(['SERVICE_NOT_CONFIGURED', 'Notifications on devices are not set up on this condor (it has no VAPID key).']);
    expect(await services.pushDevices.list(ANN)).toEqual([]);
  });

  it(`keeps at most ${String(MAX_DEVICES)} devices per person; one sent again keeps its device, another person is not counted`, async () => {
    const sent = Array.from({ length: MAX_DEVICES }, () => subscription());
    for (const one of sent) expect((await add(ANN, one)).isOk()).toBe(true);
    const refused = (await add(ANN))._unsafeUnwrapErr();
    expect([refused.code, refused.message]).toEqual(['CONFLICT', `You have notifications on for ${String(MAX_DEVICES)} devices, the most condor keeps.`]);
    const again = (await add(ANN, sent[3]))._unsafeUnwrap();
    expect((await services.pushDevices.list(ANN)).map((d) => d.id)).toContain(again.id);
    expect(await services.pushDevices.list(ANN)).toHaveLength(MAX_DEVICES);
    expect((await add(BOB)).isOk()).toBe(true);
  });

  it('lists and removes only the owner’s devices', async () => {
    const anns = (await add(ANN))._unsafeUnwrap();
    const bobs = (await add(BOB))._unsafeUnwrap();
    expect((await listPersonDevices(services, BOB))._unsafeUnwrap()).toEqual([bobs]);
    expect((await removePersonDevice(services, BOB, anns.id))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
    expect((await listPersonDevices(services, ANN))._unsafeUnwrap()).toEqual([anns]);
    expect((await removePersonDevice(services, ANN, anns.id)).isOk()).toBe(true);
    expect((await listPersonDevices(services, ANN))._unsafeUnwrap()).toEqual([]);
    expect((await removePersonDevice(services, ANN, anns.id))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
  });
});
