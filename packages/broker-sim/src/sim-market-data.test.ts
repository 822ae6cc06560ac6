import { FakeClock, marketDataContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SIMULATED_NOTICE } from './notice.js';
import { SimMarketData } from './sim-market-data.js';
import { SIM_UNIVERSE } from './universe.js';

marketDataContract('SimMarketData', () =>
  Promise.resolve({ market: new SimMarketData(new FakeClock(Date.UTC(2026, 0, 6, 17)), 7), knownSymbol: 'SPY', unknownSymbol: 'ZZZZ' }),
);

marketDataContract('SimMarketData on a weekend', () =>
  Promise.resolve({ market: new SimMarketData(new FakeClock(Date.UTC(2026, 2, 7, 12)), 3), knownSymbol: 'aapl', unknownSymbol: 'TCEHY' }),
);

describe('SimMarketData', () => {
  it('knows at least 20 tradeable symbols and one that does not trade', async () => {
    const market = new SimMarketData(new FakeClock());
    const tradeable = SIM_UNIVERSE.filter((spec) => spec.tradeable);
    expect(tradeable.length).toBeGreaterThanOrEqual(20);
    for (const { symbol } of tradeable) expect((await market.isTradeable(symbol))._unsafeUnwrap()).toBe(true);
    const halted = SIM_UNIVERSE.find((spec) => !spec.tradeable)!;
    expect((await market.isTradeable(halted.symbol))._unsafeUnwrap()).toBe(false);
    expect((await market.quote(halted.symbol))._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
    expect((await market.optionChain(halted.symbol, '2026-01-16'))._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
  });

  it('prices near the anchored levels at the start of 2026', async () => {
    const market = new SimMarketData(new FakeClock(Date.UTC(2026, 0, 2, 22)));
    for (const spec of SIM_UNIVERSE.filter((s) => s.tradeable)) {
      expect((await market.quote(spec.symbol))._unsafeUnwrap().last).toBeCloseTo(spec.price, 2);
    }
  });

  it('moves the quote as the clock advances through the session and holds it after the close', async () => {
    const clock = new FakeClock();
    const market = new SimMarketData(clock);
    const lasts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const quote = (await market.quote('SPY'))._unsafeUnwrap();
      expect(quote.time).toBe(clock.now());
      lasts.push(quote.last);
      clock.advance(60 * 60_000);
    }
    expect(new Set(lasts).size).toBeGreaterThan(3);
    clock.set(Date.UTC(2026, 0, 5, 22));
    const atClose = (await market.quote('SPY'))._unsafeUnwrap();
    clock.advance(3 * 60 * 60_000);
    expect((await market.quote('SPY'))._unsafeUnwrap()).toEqual(atClose);
    expect(atClose.time).toBe(Date.UTC(2026, 0, 5, 21));
  });

  it('quotes the underlying with the last inside a penny-wide market for the index ETFs', async () => {
    const quote = (await new SimMarketData(new FakeClock()).quote('QQQ'))._unsafeUnwrap();
    expect(quote.ask - quote.bid).toBeCloseTo(0.01, 10);
    expect(quote.last).toBeGreaterThanOrEqual(quote.bid);
    expect(quote.last).toBeLessThanOrEqual(quote.ask);
  });

  it('reports no data before its history begins', async () => {
    const market = new SimMarketData(new FakeClock(Date.UTC(2014, 5, 2, 15)));
    expect((await market.quote('SPY'))._unsafeUnwrapErr().kind).toBe('unavailable');
  });

  it('rejects malformed dates in history ranges', async () => {
    const market = new SimMarketData(new FakeClock());
    expect((await market.dailyBars('SPY', '2025-13-01', '2025-12-31'))._unsafeUnwrapErr().kind).toBe('unavailable');
  });

  it('labels itself simulated', () => {
    expect(SIMULATED_NOTICE).toMatch(/simulated/i);
  });
});
