import type { MarketDataError } from '@condor/core';
import { FakeClock, FakeTastytrade, type FakeTastytradeOptions } from '@condor/testkit';
import type { Result } from 'neverthrow';
import { afterEach } from 'vitest';
import {
  MemoryTokenCache,
  TASTYTRADE_ORDER_API_VERSION,
  TastytradeHttp,
  TastytradeMarketData,
  TastytradeSession,
  TastytradeTokens,
  type TastytradeMarketDataOptions,
} from '../src/index.js';
import { NOW } from './tastytrade-setup.js';

/** Short enough that no test waits long, long enough for a loopback history of six years. */
export const TEST_DXLINK = { idleMs: 2_000, quietMs: 400, backoffMs: [5, 10, 20], handshakeMs: 2_000 } as const;

export interface CandleWorld {
  readonly fake: FakeTastytrade;
  readonly clock: FakeClock;
  /** A link's market data: one DXLink connection and one quote token of its own. */
  readonly link: (options?: Omit<TastytradeMarketDataOptions, 'now'>) => TastytradeMarketData;
}

const fakes: FakeTastytrade[] = [];
const markets: TastytradeMarketData[] = [];

afterEach(async () => {
  markets.splice(0).forEach((market) => {
    market.close();
  });
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

/** A started fake tastytrade (REST and DXLink) on one clock, at `now` (NOW, a Monday 10:00 in New York, by default). */
export async function candleWorld(options: { readonly fake?: FakeTastytradeOptions; readonly now?: number } = {}): Promise<CandleWorld> {
  const clock = new FakeClock(options.now ?? NOW);
  const now = (): number => clock.now();
  const fake = new FakeTastytrade({ now, ...options.fake });
  fakes.push(fake);
  const url = await fake.start();
  let links = 0;
  const link = (marketOptions: Omit<TastytradeMarketDataOptions, 'now'> = {}): TastytradeMarketData => {
    links++;
    const http = new TastytradeHttp({
      baseUrl: url,
      environment: 'live',
      userAgent: 'condor/0.1.0',
      orderApiVersion: TASTYTRADE_ORDER_API_VERSION,
      timeoutMs: 2_000,
      sleep: () => Promise.resolve(),
      retryAfterSeconds: 10,
      secrets: [fake.clientSecret, fake.refreshToken],
    });
    const tokens = new TastytradeTokens({ cache: new MemoryTokenCache(now), now, sleep: () => Promise.resolve() });
    const grant = { ownerId: `u${links}`, linkKey: `tastytrade:live:u${links}`, http, clientSecret: fake.clientSecret, refreshToken: fake.refreshToken };
    const market = new TastytradeMarketData(new TastytradeSession(http, tokens, grant), { now, ...marketOptions, dxlink: { ...TEST_DXLINK, ...marketOptions.dxlink } });
    markets.push(market);
    return market;
  };
  return { fake, clock, link };
}

export function value<T>(result: Result<T, MarketDataError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failure<T>(result: Result<T, MarketDataError>): MarketDataError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 200)}`);
  return result.error;
}

/** Resolves once `done()` holds, polling every few milliseconds; fails after `ms`. */
export async function eventually(done: () => boolean, ms = 3_000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > ms) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
