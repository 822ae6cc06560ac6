import { expiryClose, impliedVolatility, priceOption, yearsBetween, type MarketDataError } from '@condor/core';
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { DEFAULT_METRICS } from '@condor/testkit';
import { failure, marketWorld, value } from './tastytrade-market-setup.js';
import { NOW } from './tastytrade-setup.js';

const DAY_MS = 86_400_000;
const day = (offset: number): string => new Date(NOW + offset * DAY_MS).toISOString().slice(0, 10);
const TODAY = day(0);

describe('TastytradeMarketData: symbols and quotes', () => {
  it('trades active equities that are not closing-only, from the instrument', async () => {
    const { market } = await marketWorld();
    expect(value(await market.isTradeable('spy'))).toBe(true);
    for (const symbol of ['ZZZZ', 'OLD', 'CLSD', 'not a ticker']) expect(value(await market.isTradeable(symbol)), symbol).toBe(false);
  });

  it('fails every lookup of an unknown symbol with unknown_symbol, asking nothing but the instrument', async () => {
    const { market, fake } = await marketWorld();
    const failures = await Promise.all([
      market.quote('OLD'),
      market.expirations('OLD'),
      market.optionChain('OLD', '2026-03-20'),
      market.dailyBars('OLD', '2025-01-01', '2025-02-01'),
      market.ivHistory('OLD', '2025-01-01', '2025-02-01'),
      market.dividendYield('OLD'),
      market.events('OLD', '2026-01-01', '2026-06-01'),
      market.ivRankToday('OLD'),
    ]);
    for (const result of failures) expect(failure(result as Result<unknown, MarketDataError>)).toEqual({ kind: 'unknown_symbol' });
    expect(fake.requests.filter((r) => r.path !== '/oauth/token').map((r) => r.path)).toEqual(['/instruments/equities/OLD']);
  });

  it('quotes the underlying from by-type, with its time, through an access token and the User-Agent', async () => {
    const { market, fake } = await marketWorld();
    expect(value(await market.quote('spy'))).toEqual({ symbol: 'SPY', bid: 604.99, ask: 605.01, last: 605, time: NOW });
    const [request] = fake.requests.filter((r) => r.path === '/market-data/by-type');
    expect(request?.query.getAll('equity')).toEqual(['SPY']);
    expect(request).toMatchObject({ auth: 'valid', userAgent: 'condor/0.1.0', acceptVersion: null });
  });

  it('shares the access tokens of the brokers opened from the same login', async () => {
    const { brokers, access, broker, fake } = await marketWorld();
    const market = brokers.marketData(access);
    value(await market.quote('SPY'));
    expect((await broker.positions()).isOk()).toBe(true);
    expect(fake.tokenRefreshes).toBe(1);
  });

  it('knows the configured rate, and takes the dividend yield from the metrics, continuously compounded', async () => {
    const { market } = await marketWorld({ market: { riskFreeRate: 0.045 } });
    expect(value(await market.riskFreeRate())).toBe(0.045);
    expect(value(await market.dividendYield('AAPL'))).toBeCloseTo(Math.log1p(0.0045), 12);
    const { market: defaults, fake } = await marketWorld({ fake: { prices: { SPY: 605, XYZ: 40 } } });
    expect(value(await defaults.riskFreeRate())).toBe(0.04);
    // A symbol the metrics do not name: no yield.
    expect(value(await defaults.dividendYield('XYZ'))).toBe(0);
    expect(fake.requests.find((r) => r.path === '/market-metrics')?.query.get('symbols')).toBe('XYZ');
  });

  it('reads daily bars and the IV history over DXLink, with a quote token from the same access', async () => {
    const { market, fake } = await marketWorld();
    expect(value(await market.dailyBars('SPY', '2025-03-03', '2026-02-27')).length).toBeGreaterThan(240);
    expect(value(await market.ivHistory('SPY', '2025-03-03', '2026-02-27')).length).toBeGreaterThan(240);
    expect(fake.requests.filter((r) => r.path === '/api-quote-tokens')).toEqual([expect.objectContaining({ auth: 'valid', userAgent: 'condor/0.1.0' })]);
    market.close();
  });
});

describe('TastytradeMarketData: chains', () => {
  it('lists the nested chain expirations not before today, and reuses the chain for the expiry asked', async () => {
    const { market, fake } = await marketWorld();
    const expiries = value(await market.expirations('SPY'));
    expect(expiries).toHaveLength(8);
    expect(expiries[0]! >= TODAY).toBe(true);
    value(await market.optionChain('SPY', expiries[2]!));
    expect(fake.requests.filter((r) => r.path === '/option-chains/SPY/nested')).toHaveLength(1);
  });

  it("prices an expiry's contracts from one by-type call, the underlying in it, with IV and greeks from core's solver and model", async () => {
    const { market, fake } = await marketWorld();
    const chain = value(await market.optionChain('SPY', '2026-03-20'));
    const byType = fake.requests.filter((r) => r.path === '/market-data/by-type');
    expect(byType).toHaveLength(1);
    expect(byType[0]?.query.getAll('equity')).toEqual(['SPY']);
    const options = byType[0]?.query.getAll('equity-option') ?? [];
    expect(options).toHaveLength(chain.length);
    expect(options).toContain('SPY   260320P00570000');

    const put = chain.find((c) => c.symbol === 'SPY260320P00570000');
    const call = chain.find((c) => c.symbol === 'SPY260320C00570000');
    expect(put).toMatchObject({ type: 'put', strike: 570, expiry: '2026-03-20', quoteTime: NOW });
    // The mid is the fake's mark; the IV of strike 570 (below the spot) is the put's, for both contracts.
    const years = yearsBetween(NOW, expiryClose('2026-03-20') ?? 0);
    const model = { spot: 605, strike: 570, years, rate: 0.04, dividendYield: Math.log1p(DEFAULT_METRICS.SPY?.dividendYield ?? 0) };
    const mid = ((put?.bid ?? 0) + (put?.ask ?? 0)) / 2;
    const solved = impliedVolatility({ ...model, type: 'put', price: mid })._unsafeUnwrap();
    expect(put?.volatility).toBe(solved);
    expect(call?.volatility).toBe(solved);
    const callModel = priceOption({ ...model, type: 'call', volatility: solved });
    expect(call?.greeks).toEqual({ delta: callModel.delta, gamma: callModel.gamma, theta: callModel.theta, vega: callModel.vega });
    expect(chain.every((c) => c.volatility !== null && c.greeks !== null)).toBe(true);
  });

  it('asks for more than 100 symbols in batches of at most 100, one after another', async () => {
    // At 190 the fake lists strikes a dollar apart within 15 %: 57 strikes, 114 contracts.
    const { market, fake } = await marketWorld({ fake: { prices: { XYZ: 190 } } });
    const chain = value(await market.optionChain('XYZ', '2026-03-20'));
    expect(chain).toHaveLength(114);
    const byType = fake.requests.filter((r) => r.path === '/market-data/by-type');
    expect(byType.map((r) => [...r.query.values()].length)).toEqual([100, 15]);
    const asked = byType.flatMap((r) => r.query.getAll('equity-option'));
    expect(new Set(asked).size).toBe(114);
    expect(chain.every((c) => c.volatility !== null)).toBe(true);
  });

  it('answers an unlisted expiry with an empty chain, asking for no quotes', async () => {
    const { market, fake } = await marketWorld();
    expect(value(await market.optionChain('SPY', '2026-03-19'))).toEqual([]);
    expect(fake.requests.filter((r) => r.path === '/market-data/by-type')).toHaveLength(0);
  });

  it('reuses a priced chain for quoteTtlMs, then prices it again', async () => {
    const { market, fake, clock } = await marketWorld({ market: { quoteTtlMs: 10_000 } });
    value(await market.optionChain('SPY', '2026-03-20'));
    value(await market.optionChain('SPY', '2026-03-20'));
    expect(fake.requests.filter((r) => r.path === '/market-data/by-type')).toHaveLength(1);
    clock.advance(10_000);
    fake.market.setMark('SPY   260320P00570000', 4.2);
    const again = value(await market.optionChain('SPY', '2026-03-20'));
    expect(fake.requests.filter((r) => r.path === '/market-data/by-type')).toHaveLength(2);
    expect(again.find((c) => c.symbol === 'SPY260320P00570000')).toMatchObject({ bid: 4.15, ask: 4.25 });
  });

  it('leaves IV and greeks to core when the metrics (the dividend yield) cannot be read', async () => {
    const { market, fake } = await marketWorld();
    fake.failNext(500, { path: '/market-metrics', times: 3 });
    const chain = value(await market.optionChain('SPY', '2026-03-20'));
    expect(chain.length).toBeGreaterThan(10);
    expect(chain.every((c) => c.volatility === null && c.greeks === null && c.ask > 0)).toBe(true);
  });
});

describe('TastytradeMarketData: IV rank and events', () => {
  it('maps the IV index rank and percentile (0–1) onto core\'s 0–100', async () => {
    const { market } = await marketWorld();
    const rank = value(await market.ivRankToday('AAPL'));
    expect(rank.rank).toBeCloseTo(42.73, 10);
    expect(rank.percentile).toBeCloseTo(33.08, 10);
    expect(rank.volatility).toBe(0.2618);
  });

  it('answers null parts when the metrics do not rank the symbol', async () => {
    const { market } = await marketWorld({ fake: { prices: { XYZ: 40 } } });
    expect(value(await market.ivRankToday('XYZ'))).toEqual({ rank: null, percentile: null, volatility: null });
  });

  it('lists the next expected report and the next ex-date (at the amount last paid) up to an expiry', async () => {
    const { market, fake } = await marketWorld();
    const earnings = fake.quotes.earningsDates('AAPL');
    const dividends = fake.quotes.dividendDates('AAPL');
    const events = value(await market.events('AAPL', TODAY, day(60)));
    expect(events).toEqual({ earnings: [earnings?.next], dividends: [{ exDate: dividends?.next, amount: 0.26 }] });
    // From today on, the past reports are not asked for.
    expect(fake.requests.some((r) => r.path.includes('/earnings-reports/'))).toBe(false);
  });

  it('adds the past reports and dividends for a range that starts before today', async () => {
    const { market, fake } = await marketWorld();
    const earnings = fake.quotes.earningsDates('AAPL');
    const dividends = fake.quotes.dividendDates('AAPL');
    const from = day(-200);
    const events = value(await market.events('AAPL', from, day(60)));
    expect(events.earnings).toEqual([...(earnings?.past ?? []).filter((date) => date >= from), earnings?.next].sort());
    expect(events.dividends?.map((d) => d.exDate)).toEqual([...(dividends?.past ?? []).filter((date) => date >= from), dividends?.next].sort());
    expect(fake.requests.find((r) => r.path === '/market-metrics/historic-corporate-events/earnings-reports/AAPL')?.query.get('start-date')).toBe(from);
  });

  it('says earnings are unknown for an ETF, a hidden report, or a report date already past; dividends stay known', async () => {
    const { market, fake } = await marketWorld({ market: { metricsTtlMs: 0 } });
    const spy = value(await market.events('SPY', TODAY, day(60)));
    expect(spy.earnings).toBeNull();
    expect(spy.dividends).toHaveLength(1);
    fake.quotes.setMetrics('AAPL', { nextEarnings: day(-3) });
    expect(value(await market.events('AAPL', TODAY, day(60))).earnings).toBeNull();
    fake.quotes.setMetrics('AAPL', { earnings: false });
    expect(value(await market.events('AAPL', TODAY, day(60))).earnings).toBeNull();
  });

  it('says dividends are unknown when an ex-date is coming and no amount was ever paid to go by', async () => {
    const { market, fake } = await marketWorld({ fake: { prices: { XYZ: 40 } } });
    fake.quotes.setMetrics('XYZ', { dividendAmount: 0.1 });
    fake.failNext(404, { path: '/historic-corporate-events/dividends/' });
    expect(value(await market.events('XYZ', TODAY, day(60))).dividends).toBeNull();
  });

  it('refuses malformed dates', async () => {
    const { market } = await marketWorld();
    expect(failure(await market.events('AAPL', 'soon', day(60)))).toMatchObject({ kind: 'unavailable' });
  });
});

describe('TastytradeMarketData: failures', () => {
  it("says the sandbox serves no market data when its quotes and metrics answer 502, while chains still list", async () => {
    const { market, sleeps } = await marketWorld({ fake: { sandbox: true }, environment: 'paper' });
    expect(value(await market.isTradeable('SPY'))).toBe(true);
    expect(value(await market.expirations('SPY'))).toHaveLength(8);
    for (const result of [await market.quote('SPY'), await market.optionChain('SPY', '2026-03-20'), await market.ivRankToday('AAPL'), await market.events('AAPL', TODAY, day(60))]) {
      const error = failure(result as Result<unknown, MarketDataError>);
      expect(error.kind).toBe('not_served');
      expect(error.kind === 'not_served' ? error.message : '').toMatch(/^tastytrade's sandbox serves no market data or market metrics \(tastytrade GET \/market-(data\/by-type|metrics\S*) answered 502/);
      expect(error.kind === 'not_served' ? error.suggestion : '').toMatch(/production tastytrade account .* simulated broker/);
    }
    // Each read was tried three times, as any read after a 5xx.
    expect(sleeps.slice(0, 2)).toEqual([200, 600]);
  });

  it('maps a production 5xx to unavailable without the sandbox words, and a 429 to rate_limited', async () => {
    const { market, fake } = await marketWorld();
    fake.failNext(502, { path: '/market-data/by-type', times: 3 });
    const error = failure(await market.quote('SPY'));
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/^tastytrade GET \/market-data\/by-type answered 502/) as unknown });
    fake.rateLimitNext({ path: '/market-data/by-type' });
    expect(failure(await market.quote('SPY'))).toEqual({ kind: 'rate_limited', retryAfterSeconds: 10 });
  });

  it('maps a refused grant to not_served, saying what to do, with no secret in the message', async () => {
    const { market, fake } = await marketWorld();
    fake.revokeGrant();
    const error = failure(await market.isTradeable('SPY'));
    expect(error).toMatchObject({ kind: 'not_served', suggestion: expect.stringContaining('/broker-keys') as unknown });
    const message = JSON.stringify(error);
    expect(message).toMatch(/refused the refresh token/);
    expect(message).not.toContain(fake.refreshToken);
    expect(message).not.toContain(fake.clientSecret);
  });
});

describe('TastytradeMarketData: the link’s request budget', () => {
  it('sends at most 20 market-data GETs in any 10 s, queueing the rest rather than earning a 429', async () => {
    const { market, fake, sleeps } = await marketWorld({ market: { quoteTtlMs: 0 } });
    const gets = () => fake.requests.filter((r) => r.method === 'GET' && r.path !== '/oauth/token').length;
    value(await market.quote('SPY'));
    while (gets() < 20) value(await market.quote('SPY'));
    expect(gets()).toBe(20);
    expect(sleeps).not.toContain(10_000);
    value(await market.quote('SPY'));
    // The fake clock stands still, so the 21st send waits out the whole window.
    expect(sleeps).toContain(10_000);
    expect(gets()).toBe(21);
  });
});
