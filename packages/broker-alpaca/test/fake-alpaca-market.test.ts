import type { MarketDataError, OptionContract } from '@condor/core';
import type { Result } from 'neverthrow';
import { afterEach, describe, expect, it } from 'vitest';
import { SimMarketData } from '../../broker-sim/src/index.js';
import { AlpacaMarketData } from '../src/index.js';
import type { ServedMarket } from './alpaca-market-answers.js';
import { FakeAlpaca } from './fake-alpaca.js';
import { FakeAlpacaMarket } from './fake-alpaca-market.js';
import { paperKeyPair, type FakeKeyPair } from './fake-key-pairs.js';

/** Tuesday 10 February 2026, 10:00 New York: the session is open. */
const START = Date.parse('2026-02-10T15:00:00Z');
const alice = paperKeyPair('alice');
const bob = paperKeyPair('bob');
const running: { stop: () => Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.stop()));
});

/** The simulated market served by both fakes, and an adapter per key pair reading it through them. */
async function served() {
  const clock = { now: START };
  const now = (): number => clock.now;
  const sim = new SimMarketData({ now }, 1);
  const market: ServedMarket = { data: sim, now };
  const trading = new FakeAlpaca({ market, keyPairs: [alice, bob] });
  const data = new FakeAlpacaMarket({ market, keyPairs: [alice, bob] });
  running.push(trading, data);
  const [tradingBaseUrl, dataBaseUrl] = await Promise.all([trading.start(), data.start()]);
  const adapter = (pair: FakeKeyPair) =>
    new AlpacaMarketData({ credentials: { apiKey: pair.apiKey, apiSecret: pair.apiSecret }, tradingBaseUrl, dataBaseUrl, now, sleep: () => Promise.resolve(), timeoutMs: 5_000 });
  return { sim, trading, data, adapter, clock, tradingBaseUrl, dataBaseUrl };
}

function value<T>(result: Result<T, MarketDataError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * A chain as compared: greeks rounded, since Alpaca's units (theta per day, vega per point) go there and back; a last
 * price of 0 left out, as Alpaca reports no trade at 0 and the adapter drops one.
 */
const round = (n: number): number => Number(n.toFixed(9));
const rounded = (chain: readonly OptionContract[]) =>
  chain.map(({ last, ...c }) => ({
    ...c,
    ...(last === undefined || last <= 0 ? {} : { last }),
    greeks: c.greeks && { delta: round(c.greeks.delta), gamma: round(c.greeks.gamma), theta: round(c.greeks.theta), vega: round(c.greeks.vega) },
  }));

describe('FakeAlpacaMarket read through AlpacaMarketData', () => {
  it('answers what the market it serves answers: tradeable symbols, quotes, expirations', async () => {
    const { sim, adapter } = await served();
    const market = adapter(alice);
    expect(value(await market.isTradeable('spy'))).toBe(true);
    expect(value(await market.isTradeable('ZZZZ'))).toBe(false);
    for (const ticker of ['SPY', 'QQQ', 'IWM']) {
      expect(value(await market.quote(ticker))).toEqual(value(await sim.quote(ticker)));
      expect(value(await market.expirations(ticker))).toEqual(value(await sim.expirations(ticker)));
    }
    expect((await market.quote('ZZZZ'))._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
  });

  it('prices a chain from contracts and snapshots, over several pages, as the market does', async () => {
    const { sim, trading, data, adapter } = await served();
    trading.marketAnswers!.pageSizes.contracts = 50;
    data.answers.pageSizes.snapshots = 40;
    const expiry = value(await sim.expirations('SPY'))[4]!;
    const chain = value(await adapter(alice).optionChain('SPY', expiry));
    expect(chain.length).toBeGreaterThan(100);
    expect(rounded(chain)).toEqual(rounded(value(await sim.optionChain('SPY', expiry))));
    expect(data.requestsBy('alice', '/v1beta1/options/snapshots/SPY').length).toBeGreaterThan(2);
    expect(trading.requests.filter((r) => r.path === '/v2/options/contracts' && r.query.page_token !== undefined).length).toBeGreaterThan(1);
  });

  it('leaves greeks and IV out where told, and the adapter backs them out of the quotes', async () => {
    const { sim, data, adapter } = await served();
    data.answers.omitGreeks = () => true;
    const expiry = value(await sim.expirations('QQQ'))[5]!;
    const simulated = value(await sim.optionChain('QQQ', expiry));
    const chain = value(await adapter(alice).optionChain('QQQ', expiry));
    expect(data.requestsBy('alice', '/v2/stocks/QQQ/quotes/latest')).toHaveLength(1);
    const spot = value(await sim.quote('QQQ')).last;
    const near = chain.filter((c) => Math.abs(c.strike - spot) / spot < 0.05 && c.bid > 0.5);
    expect(near.length).toBeGreaterThan(4);
    for (const contract of near) {
      const truth = simulated.find((c) => c.symbol === contract.symbol)!;
      expect(contract.volatility, contract.symbol).toBeCloseTo(truth.volatility!, 1);
      expect(contract.greeks!.delta, contract.symbol).toBeCloseTo(truth.greeks!.delta, 1);
    }
  });

  it('serves daily bars page by page, stamped at midnight New York', async () => {
    const { sim, data, adapter } = await served();
    data.answers.pageSizes.bars = 100;
    const bars = value(await adapter(alice).dailyBars('SPY', '2024-01-01', '2026-02-09'));
    expect(bars.length).toBeGreaterThan(500);
    expect(bars).toEqual(value(await sim.dailyBars('SPY', '2024-01-01', '2026-02-09')));
    expect(data.requestsBy('alice', '/v2/stocks/SPY/bars').length).toBeGreaterThan(5);
  });

  it('lists cash dividends by ex-date from corporate actions dated by their payable date; earnings unknown', async () => {
    const { sim, data, adapter } = await served();
    data.answers.pageSizes.corporateActions = 2;
    const events = value(await adapter(alice).events('SPY', '2025-01-01', '2026-06-30'));
    const simulated = value(await sim.events('SPY', '2025-01-01', '2026-06-30')).dividends!;
    expect(simulated.length).toBeGreaterThan(3);
    expect(events).toEqual({ earnings: null, dividends: simulated });
    expect(data.requestsBy('alice', '/v1/corporate-actions').length).toBeGreaterThan(1);
  });

  it('counts each key pair’s requests apart, and refuses a pair it does not know with 401', async () => {
    const { trading, data, adapter, dataBaseUrl } = await served();
    const bobs = adapter(bob);
    const expiry = value(await bobs.expirations('IWM'))[3]!;
    value(await bobs.optionChain('IWM', expiry));
    value(await adapter(alice).quote('SPY'));
    expect(data.requestsBy('alice').map((r) => r.path).sort()).toEqual(['/v2/stocks/SPY/quotes/latest', '/v2/stocks/SPY/trades/latest']);
    expect(data.requestsBy('bob').map((r) => r.path)).toEqual(['/v1beta1/options/snapshots/IWM']);
    expect(trading.requests.filter((r) => r.keyPair === 'alice').map((r) => r.path)).toEqual(['/v2/assets/SPY']);
    expect(trading.requests.filter((r) => r.keyPair === 'bob').length).toBe(3);
    expect(data.requests.every((r) => r.keyPair !== null)).toBe(true);

    const stranger = paperKeyPair('stranger');
    const answer = await fetch(`${dataBaseUrl}/v2/stocks/SPY/quotes/latest`, { headers: { 'APCA-API-KEY-ID': stranger.apiKey, 'APCA-API-SECRET-KEY': stranger.apiSecret } });
    expect(answer.status).toBe(401);
    const wrongSecret = await fetch(`${dataBaseUrl}/v2/stocks/SPY/quotes/latest`, { headers: { 'APCA-API-KEY-ID': alice.apiKey, 'APCA-API-SECRET-KEY': bob.apiSecret } });
    expect(wrongSecret.status).toBe(401);
    expect(data.requests.filter((r) => r.keyPair === null)).toHaveLength(2);
    expect((await adapter(stranger).quote('SPY')).isErr()).toBe(true);
    expect(trading.requests.at(-1)).toMatchObject({ path: '/v2/assets/SPY', authorized: false });
    expect(JSON.stringify([trading.requests, data.requests])).not.toContain(alice.apiSecret);
  });

  it('leaves the trading fake’s scripted faults to the trading calls: a market read takes none', async () => {
    const { trading, adapter, tradingBaseUrl } = await served();
    trading.failNext('GET', 503, 1);
    expect(value(await adapter(alice).isTradeable('SPY'))).toBe(true);
    const headers = { 'APCA-API-KEY-ID': alice.apiKey, 'APCA-API-SECRET-KEY': alice.apiSecret };
    const account = await fetch(`${tradingBaseUrl}/v2/account`, { headers });
    expect(account.status).toBe(503);
  });

  it('keeps the trading fake as it was without a market: no assets, no contracts', async () => {
    const fake = new FakeAlpaca();
    running.push(fake);
    const url = await fake.start();
    const headers = { 'APCA-API-KEY-ID': fake.apiKey, 'APCA-API-SECRET-KEY': fake.apiSecret };
    expect((await fetch(`${url}/v2/assets/SPY`, { headers })).status).toBe(404);
    expect((await fetch(`${url}/v2/options/contracts?underlying_symbols=SPY`, { headers })).status).toBe(404);
    expect((await fetch(`${url}/v2/account`, { headers: { ...headers, 'APCA-API-SECRET-KEY': alice.apiSecret } })).status).toBe(401);
  });
});
