import { FakeClock } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SimMarketData } from './sim-market-data.js';

const TIMES = [Date.UTC(2026, 1, 10, 18, 7, 13, 417), Date.UTC(2026, 1, 14, 3, 21), Date.UTC(2026, 5, 18, 19, 59, 59, 999)];

describe('SimMarketData.chainContracts', () => {
  it('gives exactly the chain’s contracts for the symbols asked, in chain order, in either session mode', async () => {
    for (const session of ['exchange', 'demo'] as const) {
      for (const now of TIMES) {
        const market = new SimMarketData(new FakeClock(now), 7, { session });
        for (const symbol of ['SPY', 'tsla', 'KO']) {
          for (const expiry of (await market.expirations(symbol))._unsafeUnwrap().slice(0, 4)) {
            const chain = (await market.optionChain(symbol, expiry))._unsafeUnwrap();
            const picked = chain.filter((_, i) => i % 37 === 5 || i === chain.length - 1);
            const asked = new Set([...picked.map((c) => c.symbol), 'SPY991231C00100000', 'not a symbol']);
            expect((await market.chainContracts(symbol, expiry, asked))._unsafeUnwrap()).toEqual(picked);
          }
        }
      }
    }
  });

  it('prices the contracts at another instant exactly as the chain had them then, whatever the clock says now', async () => {
    const now = new SimMarketData(new FakeClock(TIMES[2]), 7);
    for (const then of TIMES.slice(0, 2)) {
      const past = new SimMarketData(new FakeClock(then), 7);
      const chain = (await past.optionChain('SPY', '2026-06-18'))._unsafeUnwrap();
      const picked = chain.filter((_, i) => i % 29 === 3);
      expect(picked.length).toBeGreaterThan(2);
      const asked = new Set(picked.map((c) => c.symbol));
      expect((await now.chainContracts('SPY', '2026-06-18', asked, then))._unsafeUnwrap()).toEqual(picked);
      expect((await now.chainContracts('SPY', '2026-06-18', asked))._unsafeUnwrap()).not.toEqual(picked);
    }
  });

  it('answers as optionChain does for unknown symbols and unlisted expiries', async () => {
    const market = new SimMarketData(new FakeClock(TIMES[0]), 7);
    expect((await market.chainContracts('ZZZZ', '2026-03-20', new Set(['x'])))._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
    expect((await market.chainContracts('SPY', '2020-03-20', new Set(['x'])))._unsafeUnwrap()).toEqual([]);
  });
});
