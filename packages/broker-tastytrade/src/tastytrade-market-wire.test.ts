import { describe, expect, it } from 'vitest';
import { batches, byTypeQuery, isTradeableEquity, metricsItems, nestedExpirations, occurrences, quoteItems, streamerSymbol } from './tastytrade-market-wire.js';
import { toCompactSymbol, toTastytradeSymbol, WireError } from './tastytrade-wire.js';

describe('symbols: OCC, compact and streamer', () => {
  it.each([
    ['SPY   261218P00720000', 'SPY261218P00720000', '.SPY261218P720'],
    ['X     260116C00012500', 'X260116C00012500', '.X260116C12.5'],
    ['SPXW  261218C05800000', 'SPXW261218C05800000', '.SPXW261218C5800'],
    ['AAPL  220617P00150000', 'AAPL220617P00150000', '.AAPL220617P150'],
    ['GOOGL1260116C00200000', 'GOOGL1260116C00200000', '.GOOGL1260116C200'],
    ['F     260320C00011130', 'F260320C00011130', '.F260320C11.13'],
  ])('%j is %s for condor and %s for DXLink', (occ, compact, streamer) => {
    expect(toCompactSymbol(occ)).toBe(compact);
    expect(toTastytradeSymbol(compact)).toBe(occ);
    expect(streamerSymbol(occ)).toBe(streamer);
  });

  it('refuses a streamer symbol for what is not a padded OCC symbol', () => {
    expect(() => streamerSymbol('SPY261218P00720000')).toThrow(WireError);
    expect(() => streamerSymbol('SPY')).toThrow(WireError);
  });
});

const strike = (price: string, expiry: string, withStreamer = true) => {
  const yymmdd = expiry.slice(2).replaceAll('-', '');
  const k = String(Math.round(Number(price) * 1000)).padStart(8, '0');
  return {
    'strike-price': price,
    call: `SPY   ${yymmdd}C${k}`,
    put: `SPY   ${yymmdd}P${k}`,
    ...(withStreamer ? { 'call-streamer-symbol': `.SPY${yymmdd}C${String(Number(price))}`, 'put-streamer-symbol': `.SPY${yymmdd}P${String(Number(price))}` } : {}),
  };
};

describe('nestedExpirations', () => {
  const chain = (root: string, type: string, expirations: unknown[]) => ({
    'underlying-symbol': 'SPY',
    'root-symbol': root,
    'option-chain-type': type,
    'shares-per-contract': 100,
    expirations,
  });

  it("reads the standard root's expirations as compact symbols with their streamer symbols, in date order", () => {
    const data = {
      items: [
        chain('SPY', 'Standard', [
          { 'expiration-date': '2026-03-20', 'expiration-type': 'Regular', strikes: [strike('570.0', '2026-03-20'), strike('572.5', '2026-03-20', false)] },
          { 'expiration-date': '2026-03-06', 'expiration-type': 'Weekly', strikes: [strike('600.0', '2026-03-06')] },
        ]),
        chain('SPY1', 'Non-standard', [{ 'expiration-date': '2026-03-20', strikes: [strike('100.0', '2026-03-20')] }]),
      ],
    };
    const expirations = nestedExpirations(data, 'SPY');
    expect(expirations.map((e) => e.date)).toEqual(['2026-03-06', '2026-03-20']);
    expect(expirations[1]?.contracts).toEqual([
      { occ: 'SPY   260320C00570000', symbol: 'SPY260320C00570000', type: 'call', strike: 570, expiry: '2026-03-20', streamerSymbol: '.SPY260320C570' },
      { occ: 'SPY   260320P00570000', symbol: 'SPY260320P00570000', type: 'put', strike: 570, expiry: '2026-03-20', streamerSymbol: '.SPY260320P570' },
      { occ: 'SPY   260320C00572500', symbol: 'SPY260320C00572500', type: 'call', strike: 572.5, expiry: '2026-03-20', streamerSymbol: '.SPY260320C572.5' },
      { occ: 'SPY   260320P00572500', symbol: 'SPY260320P00572500', type: 'put', strike: 572.5, expiry: '2026-03-20', streamerSymbol: '.SPY260320P572.5' },
    ]);
  });

  it('leaves out other roots and contract sizes, and refuses a broken shape', () => {
    const odd = { ...chain('SPY', 'Standard', [{ 'expiration-date': '2026-03-20', strikes: [strike('570.0', '2026-03-20')] }]), 'shares-per-contract': 10 };
    expect(nestedExpirations({ items: [odd] }, 'SPY')).toEqual([]);
    expect(nestedExpirations({ items: [chain('SPXW', 'Standard', [])] }, 'SPY')).toEqual([]);
    expect(() => nestedExpirations({ items: [chain('SPY', 'Standard', [{ 'expiration-date': 'soon' }])] }, 'SPY')).toThrow(WireError);
    expect(() => nestedExpirations({}, 'SPY')).toThrow(WireError);
  });
});

describe('quoteItems', () => {
  it('reads decimal strings and leaves out what is absent or unreadable', () => {
    const data = {
      items: [
        { symbol: 'SPY   260320P00570000', bid: '3.1', ask: '3.2', mid: '3.15', last: '3.12', volume: '512.0', 'open-interest': '1840', 'updated-at': '2026-03-02T15:00:00.000Z' },
        { symbol: 'VIX', mark: '17.4', bid: 'NaN', 'updated-at': 'later' },
        { bid: '1.0' },
      ],
    };
    expect(quoteItems(data)).toEqual([
      { symbol: 'SPY   260320P00570000', bid: 3.1, ask: 3.2, last: 3.12, mark: 3.15, volume: 512, openInterest: 1840, time: Date.parse('2026-03-02T15:00:00Z') },
      { symbol: 'VIX', mark: 17.4 },
    ]);
  });
});

describe('by-type requests', () => {
  it('repeats each kind without brackets, the OCC symbols with their spaces', () => {
    const query = byTypeQuery([
      { kind: 'equity', symbol: 'SPY' },
      { kind: 'equity-option', symbol: 'SPY   261218P00720000' },
    ]);
    expect(query).toBe('equity=SPY&equity-option=SPY+++261218P00720000');
    expect(new URLSearchParams(query).getAll('equity-option')).toEqual(['SPY   261218P00720000']);
  });

  it('cuts a list into runs of at most the size, in order', () => {
    const list = Array.from({ length: 250 }, (_, i) => i);
    const runs = batches(list, 100);
    expect(runs.map((run) => run.length)).toEqual([100, 100, 50]);
    expect(runs.flat()).toEqual(list);
    expect(batches([], 100)).toEqual([]);
  });
});

describe('metricsItems', () => {
  const aapl = {
    symbol: 'AAPL',
    'implied-volatility-index': '0.2618',
    'implied-volatility-index-rank': '0.4273',
    'implied-volatility-percentile': '0.3308',
    'implied-volatility-30-day': '26.53',
    'dividend-ex-date': '2026-08-10',
    'dividend-yield': '0.0035',
    earnings: { visible: true, 'expected-report-date': '2026-07-30', estimated: false },
  };

  it("reads the IV index's rank and percentile (0–1), the yield, the ex-date and the next report", () => {
    expect(metricsItems({ items: [aapl] })).toEqual([
      { symbol: 'AAPL', ivIndex: 0.2618, ivRank: 0.4273, ivPercentile: 0.3308, dividendYield: 0.0035, dividendExDate: '2026-08-10', nextEarnings: '2026-07-30' },
    ]);
  });

  it('says nothing of a report hidden, absent, or named by a field no payload has', () => {
    const hidden = { ...aapl, earnings: { ...aapl.earnings, visible: false } };
    const bare = { symbol: 'SPY', 'implied-volatility-rank': '0.5' };
    expect(metricsItems({ items: [hidden] })[0]?.nextEarnings).toBeNull();
    expect(metricsItems({ items: [bare] })).toEqual([
      { symbol: 'SPY', ivIndex: null, ivRank: null, ivPercentile: null, dividendYield: null, dividendExDate: null, nextEarnings: null },
    ]);
  });
});

describe('corporate events and instruments', () => {
  it('reads occurred dates with their amounts', () => {
    const data = { items: [{ 'occurred-date': '2026-02-09', amount: '0.26' }, { 'occurred-date': '2025-10-30', eps: '1.57' }, { 'occurred-date': 'x' }] };
    expect(occurrences(data)).toEqual([{ date: '2026-02-09', amount: 0.26 }, { date: '2025-10-30' }]);
  });

  it('trades an active equity that is not closing-only', () => {
    expect(isTradeableEquity({ symbol: 'SPY', 'instrument-type': 'Equity', active: true, 'is-closing-only': false })).toBe(true);
    expect(isTradeableEquity({ symbol: 'OLD', 'instrument-type': 'Equity', active: false })).toBe(false);
    expect(isTradeableEquity({ symbol: 'CLSD', 'instrument-type': 'Equity', active: true, 'is-closing-only': true })).toBe(false);
    expect(() => isTradeableEquity(null)).toThrow(WireError);
  });
});
