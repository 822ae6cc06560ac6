import { describe, expect, it } from 'vitest';
import { FixtureMarketData } from './fixture-market-data.js';

const quote = { symbol: 'XOM', bid: 119.9, ask: 120.1, last: 120, time: 0 };

describe('FixtureMarketData events', () => {
  it('knows no events unless told, and fails an unknown symbol', async () => {
    const market = new FixtureMarketData({ XOM: { quote } });
    expect((await market.events('XOM', '2026-01-01', '2026-12-31'))._unsafeUnwrap()).toEqual({ earnings: [], dividends: [] });
    expect((await market.events('ZZZZ', '2026-01-01', '2026-12-31'))._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
  });

  it('answers the given events within the range, ascending, and setEvents replaces them (null stays unknown)', async () => {
    const market = new FixtureMarketData({
      XOM: {
        quote,
        events: {
          earnings: ['2026-07-31', '2026-05-01', '2026-10-30'],
          dividends: [
            { exDate: '2026-08-14', amount: 1.03 },
            { exDate: '2026-05-15', amount: 0.99 },
          ],
        },
      },
    });
    expect((await market.events('XOM', '2026-05-01', '2026-08-31'))._unsafeUnwrap()).toEqual({
      earnings: ['2026-05-01', '2026-07-31'],
      dividends: [
        { exDate: '2026-05-15', amount: 0.99 },
        { exDate: '2026-08-14', amount: 1.03 },
      ],
    });
    market.setEvents('XOM', { earnings: null, dividends: [{ exDate: '2026-06-01', amount: 1 }] });
    expect((await market.events('XOM', '2026-05-01', '2026-08-31'))._unsafeUnwrap()).toEqual({ earnings: null, dividends: [{ exDate: '2026-06-01', amount: 1 }] });
  });
});
