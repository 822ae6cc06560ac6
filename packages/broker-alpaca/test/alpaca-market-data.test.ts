import { expiryClose, priceOption, yearsBetween, type MarketDataError, type OptionContract } from '@condor/core';
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { AlpacaRateLimiter } from '../src/index.js';
import { startFakeMarket, failure, START, value } from './alpaca-market-setup.js';
import { BARE_STRIKES, RATE, SPOT, STRIKES, volatilityAt } from './fake-alpaca-data.js';

const DAY_MS = 86_400_000;
const OCC = /^([A-Z0-9.]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

const find = (chain: readonly OptionContract[], type: 'call' | 'put', strike: number): OptionContract | undefined =>
  chain.find((c) => c.type === type && c.strike === strike);

describe('AlpacaMarketData: symbols', () => {
  it('trades only active, tradable US equities (404, halted, inactive and crypto are not)', async () => {
    const { market } = await startFakeMarket();
    expect(value(await market.isTradeable('spy'))).toBe(true);
    for (const symbol of ['ZZZZ', 'HALT', 'OLD', 'BTCUSD', 'bad/symbol']) expect(value(await market.isTradeable(symbol)), symbol).toBe(false);
  });

  it('fails every lookup of an unknown symbol with unknown_symbol', async () => {
    const { market } = await startFakeMarket();
    const failures = await Promise.all([
      market.quote('ZZZZ'),
      market.expirations('ZZZZ'),
      market.optionChain('ZZZZ', '2030-01-18'),
      market.dailyBars('ZZZZ', '2025-01-01', '2025-02-01'),
      market.ivHistory('ZZZZ', '2025-01-01', '2025-02-01'),
      market.dividendYield('HALT'),
    ]);
    for (const result of failures) expect(failure(result as Result<unknown, MarketDataError>)).toEqual({ kind: 'unknown_symbol' });
  });

  it('quotes the underlying from its latest trade and quote', async () => {
    const { market, fake } = await startFakeMarket();
    expect(value(await market.quote('spy'))).toEqual({ symbol: 'SPY', bid: SPOT - 0.01, ask: SPOT + 0.01, last: SPOT, time: START });
    for (const request of fake.requestsTo('/v2/stocks/')) expect(request.query.feed).toBe('iex');
    expect(fake.requests.every((r) => r.authorized)).toBe(true);
  });

  it('knows the configured rate and dividend yields, and has no IV history', async () => {
    const { market } = await startFakeMarket({ riskFreeRate: 0.05, dividendYields: { SPY: 0.012 } });
    expect(value(await market.riskFreeRate())).toBe(0.05);
    expect(value(await market.dividendYield('SPY'))).toBe(0.012);
    const defaults = (await startFakeMarket()).market;
    expect(value(await defaults.riskFreeRate())).toBe(0.04);
    expect(value(await defaults.dividendYield('SPY'))).toBe(0);
    expect(failure(await defaults.ivHistory('SPY', '2025-01-01', '2026-01-01'))).toEqual({ kind: 'unsupported', message: 'Alpaca keeps no implied-volatility history' });
  });
});

describe('AlpacaMarketData: expirations and chains', () => {
  it('lists expirations over two years, always sending expiration_date_lte and following the pages', async () => {
    const { market, fake } = await startFakeMarket();
    expect(value(await market.expirations('SPY'))).toEqual(fake.expiries);
    const requests = fake.requestsTo('/v2/options/contracts');
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.slice(1).every((r) => r.query.page_token !== undefined)).toBe(true);
    for (const request of requests) {
      expect(request.query.expiration_date_gte).toBe('2026-03-02');
      expect(request.query.expiration_date_lte).toBe('2028-03-01');
      expect(request.query.underlying_symbols).toBe('SPY');
    }
  });

  it('joins contracts and snapshots into a sorted chain, without non-standard contracts or unusable quotes', async () => {
    const { market, fake } = await startFakeMarket();
    const expiry = fake.expiries[0]!;
    const chain = value(await market.optionChain('SPY', expiry));
    // 21 strikes × 2, less the crossed 545 call and the quoteless 450 put; SPY1 and the size-10 contract skipped.
    expect(chain).toHaveLength(STRIKES.length * 2 - 2);
    expect(find(chain, 'call', 545)).toBeUndefined();
    expect(find(chain, 'put', 450)).toBeUndefined();
    expect(find(chain, 'call', 500)!.last).toBeGreaterThan(0);
    expect(chain.some((c) => c.strike === 502 || c.symbol.startsWith('SPY1'))).toBe(false);
    const order = chain.map((c) => `${String(c.strike).padStart(4, '0')}${c.type === 'call' ? 'a' : 'b'}`);
    expect([...order].sort()).toEqual(order);
    for (const contract of chain) {
      const [, root, yy, mm, dd, cp, strike] = OCC.exec(contract.symbol)!;
      expect([root, `20${yy!}-${mm!}-${dd!}`, cp, Number(strike) / 1000]).toEqual(['SPY', expiry, contract.type === 'call' ? 'C' : 'P', contract.strike]);
      expect(contract.bid).toBeGreaterThan(0);
      expect(contract.bid).toBeLessThanOrEqual(contract.ask);
      expect(contract.volatility).toBeGreaterThan(0);
      expect(contract.openInterest).toBe(100 + contract.strike);
      expect(contract.volume).toBe(7);
      expect(contract.quoteTime).toBe(START - 1000);
      // A trade printed at 0.00 (the fake rounds deep out-of-the-money prices) is no last price.
      if (contract.last !== undefined) expect(contract.last).toBeGreaterThan(0);
      const delta = contract.greeks!.delta;
      expect(contract.type === 'call' ? delta >= 0 && delta <= 1 : delta <= 0 && delta >= -1).toBe(true);
    }
    const snapshots = fake.requestsTo('/v1beta1/options/snapshots/SPY');
    expect(snapshots.length).toBeGreaterThan(1);
    for (const request of snapshots) expect(request.query).toMatchObject({ feed: 'indicative', expiration_date: expiry });
    for (const request of fake.requestsTo('/v2/options/contracts')) expect(request.query).toMatchObject({ expiration_date: expiry, expiration_date_lte: expiry });
  });

  it("converts Alpaca's greeks to the port's units: theta per year, vega per 1.00", async () => {
    const { market, fake } = await startFakeMarket();
    const expiry = fake.expiries[2]!;
    const contract = find(value(await market.optionChain('SPY', expiry)), 'put', 490)!;
    const years = yearsBetween(START, expiryClose(expiry)!);
    const expected = priceOption({ type: 'put', spot: SPOT, strike: 490, years, rate: RATE, dividendYield: 0, volatility: volatilityAt(490) });
    expect(contract.volatility).toBe(volatilityAt(490));
    expect(contract.greeks!.theta).toBeCloseTo(expected.theta, 9);
    expect(contract.greeks!.vega).toBeCloseTo(expected.vega, 9);
    expect(contract.greeks!.delta).toBeCloseTo(expected.delta, 12);
  });

  it('computes a missing IV from the mid of the out-of-the-money quote, and greeks from it', async () => {
    const { market, fake } = await startFakeMarket();
    const expiry = fake.expiries[3]!;
    const chain = value(await market.optionChain('SPY', expiry));
    const years = yearsBetween(START, expiryClose(expiry)!);
    for (const strike of BARE_STRIKES) {
      for (const type of ['call', 'put'] as const) {
        const contract = find(chain, type, strike)!;
        // The fake's mid is the Black–Scholes price at volatilityAt(strike); the round trip recovers it.
        expect((contract.bid + contract.ask) / 2).toBeCloseTo(fake.priceOf(expiry, type, strike), 12);
        expect(contract.volatility).toBeCloseTo(volatilityAt(strike), 7);
        const expected = priceOption({ type, spot: SPOT, strike, years, rate: RATE, dividendYield: 0, volatility: contract.volatility! });
        expect(contract.greeks).toEqual({ delta: expected.delta, gamma: expected.gamma, theta: expected.theta, vega: expected.vega });
      }
    }
    // The spot for the computation came from the underlying's quote.
    expect(fake.requestsTo('/v2/stocks/SPY/quotes/latest')).toHaveLength(1);
  });

  it('answers an unlisted expiry with an empty chain without asking for snapshots', async () => {
    const { market, fake } = await startFakeMarket();
    expect(value(await market.optionChain('SPY', '1999-01-15'))).toEqual([]);
    expect(fake.requestsTo('/v1beta1/options/snapshots')).toHaveLength(0);
  });

  it('reuses a chain within chainTtlMs and refetches it after', async () => {
    const { market, fake, clock } = await startFakeMarket({ chainTtlMs: 30_000 });
    const expiry = fake.expiries[1]!;
    const first = value(await market.optionChain('SPY', expiry));
    const count = fake.requests.length;
    clock.now += 29_000;
    expect(value(await market.optionChain('spy', expiry))).toBe(first);
    expect(fake.requests.length).toBe(count);
    clock.now += 2_000;
    value(await market.optionChain('SPY', expiry));
    expect(fake.requestsTo('/v1beta1/options/snapshots/SPY').length).toBeGreaterThan(0);
    expect(fake.requests.length).toBeGreaterThan(count);
    expect(fake.requestsTo('/v2/options/contracts').filter((r) => r.query.page_token === undefined)).toHaveLength(2);
  });
});

describe('AlpacaMarketData: bars', () => {
  it('returns a year of completed daily bars, paged, raw, IEX, without the session still open', async () => {
    const { market, fake } = await startFakeMarket();
    const bars = value(await market.dailyBars('SPY', '2025-03-02', '2026-03-02'));
    expect(bars.length).toBeGreaterThanOrEqual(250);
    expect(bars.at(-1)!.date).toBe('2026-02-27');
    expect(bars[0]!.date).toBe('2025-03-03');
    const dates = bars.map((b) => b.date);
    expect([...new Set(dates)].sort()).toEqual(dates);
    for (const bar of bars) expect([0, 6]).not.toContain(new Date(`${bar.date}T12:00:00Z`).getUTCDay());
    const requests = fake.requestsTo('/v2/stocks/SPY/bars');
    expect(requests.length).toBeGreaterThan(1);
    expect(requests[0]!.query).toMatchObject({ timeframe: '1Day', start: '2025-03-02', end: '2026-03-02', adjustment: 'raw', feed: 'iex' });
    expect(requests.slice(1).every((r) => r.query.page_token !== undefined)).toBe(true);
  });
});

describe('AlpacaMarketData: failures', () => {
  it('maps a 429 to rate_limited with the delay to X-RateLimit-Reset', async () => {
    const { market, fake } = await startFakeMarket();
    fake.rateLimitNext('/v1beta1/options/snapshots', Math.ceil(START / 1000) + 42);
    expect(failure(await market.optionChain('SPY', fake.expiries[0]!))).toEqual({ kind: 'rate_limited', retryAfterSeconds: 42 });
  });

  it('maps server errors to unavailable and refused keys to not_served, saying what to do, with no key in the message', async () => {
    const { market, fake } = await startFakeMarket();
    for (let i = 0; i < 3; i++) fake.failNext('/v2/stocks/SPY/trades', 500, `oops ${fake.apiSecret}`);
    const error = failure(await market.quote('SPY'));
    expect(error.kind).toBe('unavailable');
    expect(JSON.stringify(error)).not.toContain(fake.apiSecret);
    const wrong = await startFakeMarket({ credentials: { apiKey: 'PKWRONG', apiSecret: 'wrong-secret-value' } });
    const refused = failure(await wrong.market.quote('SPY'));
    expect(refused).toEqual({
      kind: 'not_served',
      message: 'Alpaca refused the API key pair for market data (HTTP 401): the keys were revoked or regenerated.',
      suggestion: 'Set a current key pair on the broker-keys page (/broker-keys), then connect again.',
    });
    expect(JSON.stringify(refused)).not.toContain('wrong-secret-value');
  });

  it('maps a 403 (feed not in the subscription) to not_served with its reason and what to check', async () => {
    const { market, fake } = await startFakeMarket();
    fake.failNext('/v2/stocks/SPY/bars', 403, 'subscription does not permit querying recent SIP data');
    const error = failure(await market.dailyBars('SPY', '2026-01-01', '2026-02-01'));
    expect(error).toEqual({
      kind: 'not_served',
      message: "Alpaca refused this market data to the key pair (HTTP 403: subscription does not permit querying recent SIP data): the account's market-data plan does not include it.",
      suggestion: "Check the account's market-data subscription at Alpaca; the free plan serves the IEX stock feed and the indicative options feed.",
    });
  });
});

describe('AlpacaMarketData: request budget', () => {
  it('waits (sleep) instead of exceeding requestsPerMinute', async () => {
    const { market, fake, sleeps } = await startFakeMarket({ requestsPerMinute: 3 });
    value(await market.quote('SPY')); // asset, trade, quote: the budget of the minute
    expect(sleeps).toEqual([]);
    value(await market.expirations('SPY')); // asset cached; contract pages must wait for the window
    expect(fake.requestsTo('/v2/options/contracts').length).toBeGreaterThan(1);
    expect(sleeps.length).toBe(fake.requestsTo('/v2/options/contracts').length);
    expect(sleeps.every((ms) => ms >= 60_000)).toBe(true);
  });

  it('keeps at most the budget in any minute per key pair, and keys apart', async () => {
    const clock = { now: 0 };
    const slept: number[] = [];
    const limiter = new AlpacaRateLimiter({
      requestsPerMinute: 2,
      now: () => clock.now,
      sleep: (ms) => {
        slept.push(ms);
        clock.now += ms;
        return Promise.resolve();
      },
    });
    await limiter.take('a');
    await limiter.take('a');
    await limiter.take('b');
    expect(slept).toEqual([]);
    clock.now = 10_000;
    await limiter.take('a');
    expect(slept).toEqual([50_000]);
    expect(clock.now).toBe(60_000);
    clock.now = 130_000;
    await limiter.take('a');
    expect(slept).toEqual([50_000]);
    expect(() => new AlpacaRateLimiter({ requestsPerMinute: 0, now: () => 0, sleep: () => Promise.resolve() })).toThrow(RangeError);
  });
});

describe('AlpacaMarketData: dates', () => {
  it('lists expirations not before today', async () => {
    const { market } = await startFakeMarket();
    const expiries = value(await market.expirations('SPY'));
    expect(expiries[0]! >= new Date(START - DAY_MS).toISOString().slice(0, 10)).toBe(true);
  });
});
