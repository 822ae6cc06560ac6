import type { MarketData } from '@condor/core';
import { FakeClock } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SimMarketData } from './sim-market-data.js';

const NOW = Date.UTC(2026, 1, 10, 18, 7);

async function snapshot(market: MarketData, symbol: string) {
  const expiries = (await market.expirations(symbol))._unsafeUnwrap();
  return {
    quote: (await market.quote(symbol))._unsafeUnwrap(),
    expiries,
    chains: await Promise.all(expiries.slice(0, 6).map(async (e) => (await market.optionChain(symbol, e))._unsafeUnwrap())),
    bars: (await market.dailyBars(symbol, '2024-01-01', '2026-02-10'))._unsafeUnwrap(),
    iv: (await market.ivHistory(symbol, '2024-01-01', '2026-02-10'))._unsafeUnwrap(),
  };
}

describe('SimMarketData determinism', () => {
  it('gives identical numbers for the same seed and clock', async () => {
    const a = new SimMarketData(new FakeClock(NOW), 42);
    const b = new SimMarketData(new FakeClock(NOW), 42);
    for (const symbol of ['SPY', 'TSLA', 'KO']) expect(await snapshot(a, symbol)).toEqual(await snapshot(b, symbol));
  });

  it('does not depend on what was asked before, or when', async () => {
    const clock = new FakeClock(Date.UTC(2027, 6, 1, 15));
    const warmed = new SimMarketData(clock, 42);
    (await warmed.dailyBars('SPY', '2015-01-01', '2027-07-01'))._unsafeUnwrap();
    (await warmed.optionChain('SPY', (await warmed.expirations('SPY'))._unsafeUnwrap()[2]!))._unsafeUnwrap();
    clock.set(NOW);
    expect(await snapshot(warmed, 'SPY')).toEqual(await snapshot(new SimMarketData(new FakeClock(NOW), 42), 'SPY'));
  });

  it('gives different numbers for a different seed', async () => {
    const a = await snapshot(new SimMarketData(new FakeClock(NOW), 1), 'SPY');
    const b = await snapshot(new SimMarketData(new FakeClock(NOW), 2), 'SPY');
    expect(b.quote.last).not.toBe(a.quote.last);
    expect(b.iv).not.toEqual(a.iv);
    expect(b.chains[0]).not.toEqual(a.chains[0]);
  });
});
