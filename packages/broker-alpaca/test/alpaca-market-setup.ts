import type { MarketDataError } from '@condor/core';
import type { Result } from 'neverthrow';
import { afterEach } from 'vitest';
import { AlpacaMarketData, type AlpacaMarketDataOptions } from '../src/index.js';
import { FakeAlpacaData } from './fake-alpaca-data.js';

/** Monday 2 March 2026, 10:00 New York: the session is open and the fake has a year of bars behind it. */
export const START = Date.parse('2026-03-02T15:00:00Z');

export interface FakeMarket {
  readonly fake: FakeAlpacaData;
  readonly market: AlpacaMarketData;
  /** Every wait the adapter asked for, milliseconds; none of them is slept. */
  readonly sleeps: number[];
  /** The clock both the adapter and the fake read; move `now` to move time. */
  readonly clock: { now: number };
}

const running: FakeAlpacaData[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.stop()));
});

/** An AlpacaMarketData on a started fake serving both hosts (Trading and Market Data), at START; stopped after the test. */
export async function startFakeMarket(options: Partial<AlpacaMarketDataOptions> = {}): Promise<FakeMarket> {
  const clock = { now: START };
  const now = (): number => clock.now;
  const fake = new FakeAlpacaData({ now });
  running.push(fake);
  const url = await fake.start();
  const sleeps: number[] = [];
  const market = new AlpacaMarketData({
    credentials: { apiKey: fake.apiKey, apiSecret: fake.apiSecret },
    tradingBaseUrl: url,
    dataBaseUrl: url,
    now,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    timeoutMs: 2_000,
    ...options,
  });
  return { fake, market, sleeps, clock };
}

export function value<T>(result: Result<T, MarketDataError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failure<T>(result: Result<T, MarketDataError>): MarketDataError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}
