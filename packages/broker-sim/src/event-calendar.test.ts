import { isTradingDay, parseDay } from '@condor/core';
import { FakeClock } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { simulatedEvents } from './event-calendar.js';
import { SimMarketData } from './sim-market-data.js';
import { SIM_UNIVERSE } from './universe.js';

const day = (date: string): number => parseDay(date)!;
const tradeable = SIM_UNIVERSE.filter((spec) => spec.tradeable);
const eventsOf = (symbol: string, from = '2026-01-01', to = '2027-12-31') => simulatedEvents(symbol, from, to)!;

describe('the simulated event calendar', () => {
  it('is pinned: the same ticker gives the same dates on every machine and day', () => {
    expect(eventsOf('XOM', '2026-01-01', '2026-12-31')).toEqual({
      earnings: ['2026-03-10', '2026-06-08', '2026-09-04', '2026-12-10'],
      dividends: [
        { exDate: '2026-01-07', amount: 1.05 },
        { exDate: '2026-04-08', amount: 1.05 },
        { exDate: '2026-07-08', amount: 1.05 },
        { exDate: '2026-10-07', amount: 1.05 },
      ],
    });
  });

  it('gives stocks quarterly earnings on trading days, and ETFs none', () => {
    for (const spec of tradeable) {
      const { earnings } = eventsOf(spec.symbol);
      if (spec.kind === 'etf') {
        expect(earnings, spec.symbol).toEqual([]);
        continue;
      }
      expect(earnings!.length, spec.symbol).toBeGreaterThanOrEqual(7);
      earnings!.forEach((date, i) => {
        expect(isTradingDay(day(date)), date).toBe(true);
        const gap = i > 0 ? day(date) - day(earnings![i - 1]!) : 91;
        expect(gap, `${spec.symbol} ${date}`).toBeGreaterThanOrEqual(80);
        expect(gap, `${spec.symbol} ${date}`).toBeLessThanOrEqual(100);
      });
    }
  });

  it('spreads the tickers over the quarter rather than giving them all one date', () => {
    const firstReports = tradeable.filter((spec) => spec.kind === 'stock').map((spec) => eventsOf(spec.symbol).earnings![0]);
    expect(new Set(firstReports).size).toBeGreaterThan(8);
  });

  it('pays a quarter of the yield on the anchored price each quarter, on trading days; nothing at yield 0', () => {
    for (const spec of tradeable) {
      const { dividends } = eventsOf(spec.symbol);
      if (spec.dividendYield === 0) {
        expect(dividends, spec.symbol).toEqual([]);
        continue;
      }
      expect([8, 9], spec.symbol).toContain(dividends!.length);
      dividends!.forEach(({ exDate, amount }, i) => {
        expect(isTradingDay(day(exDate)), exDate).toBe(true);
        expect(amount).toBeGreaterThan(0);
        expect(amount).toBeCloseTo((spec.price * spec.dividendYield) / 4, 2);
        const gap = i > 0 ? day(exDate) - day(dividends![i - 1]!.exDate) : 91;
        expect(gap, `${spec.symbol} ${exDate}`).toBeGreaterThanOrEqual(87);
        expect(gap, `${spec.symbol} ${exDate}`).toBeLessThanOrEqual(95);
      });
    }
  });

  it('answers any part of a range with the same dates', () => {
    const whole = eventsOf('KO', '2026-01-01', '2026-12-31');
    const parts = [eventsOf('KO', '2026-01-01', '2026-06-30'), eventsOf('KO', '2026-07-01', '2026-12-31')];
    expect(parts.flatMap((part) => part.earnings)).toEqual(whole.earnings);
    expect(parts.flatMap((part) => part.dividends)).toEqual(whole.dividends);
    const [exDate] = whole.dividends!.map((dividend) => dividend.exDate);
    expect(eventsOf('KO', exDate, exDate).dividends).toHaveLength(1);
  });

  it('knows no events of unknown or untradeable symbols, nor of malformed ranges', () => {
    expect(simulatedEvents('ZZZZ', '2026-01-01', '2026-12-31')).toBeUndefined();
    expect(simulatedEvents('TCEHY', '2026-01-01', '2026-12-31')).toBeUndefined();
    expect(simulatedEvents('SPY', '2026-02-30', '2026-12-31')).toBeUndefined();
  });
});

describe('SimMarketData.events', () => {
  it('answers the calendar whatever the seed and the clock', async () => {
    const markets = [new SimMarketData(new FakeClock(), 1), new SimMarketData(new FakeClock(Date.UTC(2027, 5, 1, 15)), 99, { session: 'demo' })];
    for (const market of markets) {
      expect((await market.events('aapl', '2026-01-01', '2026-12-31'))._unsafeUnwrap()).toEqual(eventsOf('AAPL', '2026-01-01', '2026-12-31'));
    }
  });

  it('fails an unknown symbol with unknown_symbol and a malformed date as unavailable', async () => {
    const market = new SimMarketData(new FakeClock());
    expect((await market.events('ZZZZ', '2026-01-01', '2026-12-31'))._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
    expect((await market.events('SPY', '2026-01-01', 'soon'))._unsafeUnwrapErr().kind).toBe('unavailable');
  });
});
