import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { DailyBar, MarketData, OptionBarHistory } from '../ports/market-data.js';
import { condorLegs, modelVsMarket, occSymbol } from './model-vs-market.js';
import { loadOptionBars } from './option-bar-history.js';
import type { BacktestTrade } from './types.js';

const EXPIRY = '2024-04-19';
const STRIKES = { longPut: 480, shortPut: 490, shortCall: 520, longCall: 530 };

const trade = (entryDate: string, credit: number): BacktestTrade => ({
  entryDate,
  expiry: EXPIRY,
  strikes: STRIKES,
  qty: 1,
  credit,
  exitDate: EXPIRY,
  exitDebit: 0,
  exitReason: 'expiry',
  costs: 0,
  pnl: credit * 100,
  maxLoss: 1000,
  popAtEntry: 0.7,
  expectedValue: 0,
  ivRankAtEntry: null,
});

const bar = (date: string, close: number): DailyBar => ({ date, open: close, high: close, low: close, close, volume: 3 });
const [LONG_PUT, SHORT_PUT, SHORT_CALL, LONG_CALL] = condorLegs('SPY', EXPIRY, STRIKES).map((leg) => leg.symbol) as [string, string, string, string];

describe('modelVsMarket: rank 1’s modelled entry credits against the legs’ traded closes', () => {
  it('names the legs as OCC symbols, short legs adding to the credit', () => {
    expect(occSymbol('SPY', '2024-06-21', 'put', 500)).toBe('SPY240621P00500000');
    expect(occSymbol('SPY', '2024-06-21', 'call', 512.5)).toBe('SPY240621C00512500');
    expect(condorLegs('SPY', EXPIRY, STRIKES).map((leg) => leg.sign)).toEqual([-1, 1, 1, -1]);
  });

  it('counts only entries within the bars’ history, compares only those with all four legs, mean and worst exact', () => {
    const trades = [
      trade('2024-01-16', 9), // before the history: not counted, however far off
      trade('2024-03-01', 1.3), // all four legs: market 1.20 + 1.10 − 0.50 − 0.40 = 1.40, +0.10
      trade('2024-03-08', 1.0), // the long call did not trade that day (it did the day before)
      trade('2024-03-15', 1.5), // all four legs: market 0.90 + 0.80 − 0.30 − 0.20 = 1.20, −0.30
    ];
    const bars = new Map([
      [LONG_PUT, [bar('2024-01-16', 1), bar('2024-03-01', 0.5), bar('2024-03-08', 0.45), bar('2024-03-15', 0.3)]],
      [SHORT_PUT, [bar('2024-01-16', 1), bar('2024-03-01', 1.2), bar('2024-03-08', 1.1), bar('2024-03-15', 0.9)]],
      [SHORT_CALL, [bar('2024-01-16', 1), bar('2024-03-01', 1.1), bar('2024-03-08', 1.0), bar('2024-03-15', 0.8)]],
      [LONG_CALL, [bar('2024-01-16', 1), bar('2024-03-01', 0.4), bar('2024-03-07', 0.35), bar('2024-03-15', 0.2)]],
    ]);
    const report = modelVsMarket(trades, 'SPY', { since: '2024-02-01', bars });
    expect(report).toMatchObject({
      since: '2024-02-01',
      period: { from: '2024-03-01', to: '2024-03-15' },
      entries: 3,
      entries_with_all_legs: 2,
      mean_credit_difference: -0.1,
      worst_credit_difference: -0.3,
    });
    expect(report.words).toBe(
      'Since 2024-02-01, rank 1 entered 3 times; on 2 of those days all four legs traded (a daily bar each). There, the market’s credit from the ' +
        'legs’ closing trades (end of day) was on average $0.10 per share below the model’s entry credit at the run’s fill rule; the largest ' +
        'difference was $0.30 per share below it.',
    );
  });

  it('says so when no entry falls within the history, or none had all four legs', () => {
    const none = modelVsMarket([trade('2024-01-16', 1)], 'SPY', { since: '2024-02-01', bars: new Map() });
    expect(none).toMatchObject({ period: { from: null, to: null }, entries: 0, entries_with_all_legs: 0, mean_credit_difference: null, worst_credit_difference: null });
    expect(none.words).toMatch(/^None of rank 1’s 1 entries falls within/);
    const sparse = modelVsMarket([trade('2024-03-01', 1)], 'SPY', { since: '2024-02-01', bars: new Map([[SHORT_PUT, [bar('2024-03-01', 1)]]]) });
    expect(sparse).toMatchObject({ entries: 1, entries_with_all_legs: 0, mean_credit_difference: null });
    expect(sparse.words).toMatch(/No entry could be set against/);
  });
});

describe('loadOptionBars: the asks behind the report', () => {
  const market = (optionBars?: MarketData['optionBars']): MarketData => ({ ...(optionBars === undefined ? {} : { optionBars }) }) as unknown as MarketData;

  it('is null where the market keeps no option bars, absent or unsupported', async () => {
    expect((await loadOptionBars(market(), 'SPY', [trade('2024-03-01', 1)]))._unsafeUnwrap()).toBeNull();
    const unsupported = market(() => errAsync({ kind: 'unsupported', message: 'none' }));
    expect((await loadOptionBars(unsupported, 'SPY', [trade('2024-03-01', 1)]))._unsafeUnwrap()).toBeNull();
    const failing = market(() => errAsync({ kind: 'rate_limited', retryAfterSeconds: 3 }));
    expect((await loadOptionBars(failing, 'SPY', [trade('2024-03-01', 1)]))._unsafeUnwrapErr()).toEqual({ kind: 'rate_limited', retryAfterSeconds: 3 });
  });

  it('asks per 25 trades in entry order, over each batch’s entry days, and merges the answers', async () => {
    const asks: { symbols: readonly string[]; from: string; to: string }[] = [];
    const answering = market((symbols, from, to) => {
      asks.push({ symbols, from, to });
      const answer: OptionBarHistory = { since: '2024-02-01', bars: new Map([[SHORT_PUT, [bar(from, 1)]]]) };
      return okAsync(answer);
    });
    const days = Array.from({ length: 30 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);
    const loaded = (await loadOptionBars(answering, 'SPY', [...days].reverse().map((day) => trade(day, 1))))._unsafeUnwrap();
    expect(asks.map(({ from, to, symbols }) => [from, to, symbols.length])).toEqual([
      ['2024-03-01', '2024-03-25', 4],
      ['2024-03-26', '2024-03-30', 4],
    ]);
    expect(loaded?.since).toBe('2024-02-01');
    expect(loaded?.bars.get(SHORT_PUT)?.map((b) => b.date)).toEqual(['2024-03-01', '2024-03-26']);
  });
});
