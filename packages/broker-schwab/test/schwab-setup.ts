import type { BrokerError, OrderLeg } from '@condor/core';
import { FakeClock, FakeSchwab, type FakeSchwabOptions } from '@condor/testkit';
import type { Result } from 'neverthrow';
import { afterEach } from 'vitest';
import { SchwabBrokers, type DryRunBroker, type SchwabBrokersOptions, type SchwabLink } from '../src/index.js';

/** A Monday, 10:00 in New York: the market is open. */
export const NOW = Date.parse('2026-03-02T15:00:00Z');

/** An iron condor on SPY (605 at the fake) expiring 2026-03-20: long put, short put, short call, long call. */
export const entryLegs = (): OrderLeg[] => [
  { symbol: 'SPY260320P00560000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY260320P00570000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00640000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00650000', side: 'buy', intent: 'buy_to_open' },
];

export interface World {
  readonly fake: FakeSchwab;
  readonly url: string;
  readonly clock: FakeClock;
  readonly brokers: SchwabBrokers;
  readonly broker: DryRunBroker;
  readonly access: SchwabLink;
  readonly sleeps: number[];
}

const fakes: FakeSchwab[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

/** A fake Schwab on a free port, a login done at it (a refresh token issued now), and the adapter pointed at it on one clock. */
export async function world(options: { fake?: FakeSchwabOptions; brokers?: Partial<SchwabBrokersOptions> } = {}): Promise<World> {
  const clock = new FakeClock(NOW);
  const fake = new FakeSchwab({ now: () => clock.now(), ...options.fake });
  fakes.push(fake);
  const url = await fake.start();
  const sleeps: number[] = [];
  const brokers = new SchwabBrokers({
    app: { appKey: fake.appKey, appSecret: fake.appSecret, callbackUrl: fake.callbackUrl },
    apiUrl: url,
    timeoutMs: 2_000,
    now: () => clock.now(),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...options.brokers,
  });
  const access: SchwabLink = { ownerId: 'u1', credentials: { kind: 'schwab', refreshToken: fake.oauth.issueRefreshToken(), refreshIssuedAt: clock.now(), accountHash: fake.hashOf('74120355') } };
  return { fake, url, clock, brokers, broker: brokers.open(access), access, sleeps };
}

export function value<T, E>(result: Result<T, E>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failure<T>(result: Result<T, BrokerError>): BrokerError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}
