import type { BrokerAccess, BrokerError, OrderLeg } from '@condor/core';
import { FakeClock } from '@condor/testkit';
import type { Result } from 'neverthrow';
import { afterEach } from 'vitest';
import { TastytradeBrokers, type DryRunBroker, type TastytradeBrokersOptions, type TastytradeCredentials } from '../src/index.js';
import { FakeTastytrade, type FakeTastytradeOptions } from '@condor/testkit';

/** A Monday, 10:00 in New York: the market is open. */
export const NOW = Date.parse('2026-03-02T15:00:00Z');
export const VERSION = '0.1.0';

/** An iron condor on SPY (605 at the fake) expiring 2026-03-20: long put, short put, short call, long call. */
export const entryLegs = (): OrderLeg[] => [
  { symbol: 'SPY260320P00560000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY260320P00570000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00640000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00650000', side: 'buy', intent: 'buy_to_open' },
];

/** The same contracts, each side flipped. */
export const exitLegs = (): OrderLeg[] =>
  entryLegs().map((leg) => (leg.side === 'buy' ? { symbol: leg.symbol, side: 'sell', intent: 'sell_to_close' } : { symbol: leg.symbol, side: 'buy', intent: 'buy_to_close' }));

/** A tastytrade link as core hands it to the adapter, its credentials known to be tastytrade's. */
export type TastytradeAccess = BrokerAccess & { readonly credentials: TastytradeCredentials };

/** The same link with another account chosen (null: none yet). */
export const inAccount = (access: TastytradeAccess, accountNumber: string | null): TastytradeAccess => ({ ...access, credentials: { ...access.credentials, accountNumber } });

export interface World {
  readonly fake: FakeTastytrade;
  /** The fake's base URL. */
  readonly url: string;
  readonly clock: FakeClock;
  readonly brokers: TastytradeBrokers;
  readonly broker: DryRunBroker;
  readonly access: TastytradeAccess;
  /** The waits the adapter asked for between retries (none really happen). */
  readonly sleeps: number[];
}

const fakes: FakeTastytrade[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

/** A fake tastytrade on a free port, and the adapter pointed at it (one URL for both environments), on one clock. */
export async function world(options: { fake?: FakeTastytradeOptions; brokers?: Partial<TastytradeBrokersOptions>; access?: Partial<TastytradeAccess> } = {}): Promise<World> {
  const clock = new FakeClock(NOW);
  const fake = new FakeTastytrade({ now: () => clock.now(), ...options.fake });
  fakes.push(fake);
  const url = await fake.start();
  const sleeps: number[] = [];
  const brokers = new TastytradeBrokers({
    version: VERSION,
    apiUrl: url,
    timeoutMs: 2_000,
    now: () => clock.now(),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...options.brokers,
  });
  const access: TastytradeAccess = {
    ownerId: 'u1',
    broker: 'tastytrade',
    environment: 'paper',
    credentials: { kind: 'tastytrade', clientSecret: fake.clientSecret, refreshToken: fake.refreshToken, accountNumber: '5WT00001' },
    ...options.access,
  };
  return { fake, url, clock, brokers, broker: brokers.open(access), access, sleeps };
}

export function value<T>(result: Result<T, BrokerError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failure<T>(result: Result<T, BrokerError>): BrokerError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}
