import { createTestServices, FakeBrokers } from '@condor/testkit';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { describe, expect, it } from 'vitest';
import type { BrokerLink } from '../ports/broker-link-store.js';
import { userBroker } from './user-broker.js';

const OWNER = '6f1c2d3e-0000-4000-8000-000000000001';
const LINK: BrokerLink = { ownerId: OWNER, broker: 'sim', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: 1_000, updatedAt: 1_000, accountNumber: null, accountKey: null, loggedInAt: null };
const REVOKED = { kind: 'auth_failed', message: 'the grant was revoked; re-enter the client secret and refresh token on the broker keys page' } as const;

describe('a broker that refuses the credentials (a revoked grant, a regenerated secret)', () => {
  it('marks the link unconnected at the first refusal, so the next call stops at the gate; other failures leave it', async () => {
    const brokers = new FakeBrokers();
    const services = createTestServices({ brokers });
    await services.brokerLinks.put(LINK);
    const { broker } = (await userBroker(OWNER, services))._unsafeUnwrap();
    brokers.rateLimit(OWNER, 1, 5);
    expect((await broker.positions())._unsafeUnwrapErr()).toMatchObject({ kind: 'rate_limited' });
    expect((await services.brokerLinks.get(OWNER))?.connectedAt).toBe(1_000);
    brokers.verifyFails(OWNER, REVOKED);
    expect((await broker.verify())._unsafeUnwrapErr()).toEqual(REVOKED);
    expect(await services.brokerLinks.get(OWNER)).toMatchObject({ connectedAt: null, updatedAt: services.clock.now() });
    expect((await userBroker(OWNER, services))._unsafeUnwrapErr()).toMatchObject({ code: 'BROKER_NOT_CONNECTED', message: 'No active broker account is linked.' });
  });

  it('never undoes keys entered after the link it opened', async () => {
    const brokers = new FakeBrokers();
    const services = createTestServices({ brokers });
    await services.brokerLinks.put(LINK);
    const { broker } = (await userBroker(OWNER, services))._unsafeUnwrap();
    const replaced: BrokerLink = { ...LINK, connectedAt: 2_000, updatedAt: 2_000 };
    await services.brokerLinks.put(replaced);
    brokers.verifyFails(OWNER, REVOKED);
    expect((await broker.verify()).isErr()).toBe(true);
    expect(await services.brokerLinks.get(OWNER)).toEqual(replaced);
  });
});

describe('a link this deployment no longer serves', () => {
  it('answers BROKER_NOT_CONNECTED in words, never opening it, when its broker is no longer offered', async () => {
    const sealed = { keyId: 'k', nonce: 'bm9uY2U=', ciphertext: 'c2VhbGVk' };
    const schwab: BrokerLink = { ...LINK, broker: 'schwab', environment: 'live', apiSecret: sealed, accountNumber: '11112222', accountKey: 'H', loggedInAt: 1_000 };
    const brokers = new FakeBrokers({ available: ['sim', 'alpaca'] });
    const gone = createTestServices({ brokers, config: { ...DEFAULT_CORE_CONFIG, liveTradingEnabled: true } });
    await gone.brokerLinks.put(schwab);
    const refused = (await userBroker(OWNER, gone))._unsafeUnwrapErr();
    expect(refused).toMatchObject({ code: 'BROKER_NOT_CONNECTED', message: 'Your Schwab live link cannot be used here: this deployment no longer offers Schwab.', seeTool: 'connect_broker' });
    expect(brokers.opened).toEqual([]);
  });
});
