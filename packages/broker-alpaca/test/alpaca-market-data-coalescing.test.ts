import type { OptionContract } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { failure, START, startFakeMarket, value } from './alpaca-market-setup.js';
import type { FakeAlpacaData } from './fake-alpaca-data.js';

const CONTRACTS = '/v2/options/contracts';
const SNAPSHOTS = '/v1beta1/options/snapshots/SPY';

/**
 * How many walks of a paged endpoint the fake served, counted by their first pages (no `page_token`).
 * A walk asks each later page once, so a page asked more often than that means walks went uncounted.
 */
function walks(fake: FakeAlpacaData, path: string): number {
  const requests = fake.requestsTo(path);
  const firstPages = requests.filter((r) => r.query.page_token === undefined).length;
  const tokens = requests.flatMap((r) => (r.query.page_token === undefined ? [] : [r.query.page_token]));
  for (const token of new Set(tokens)) expect(tokens.filter((t) => t === token).length).toBeLessThanOrEqual(firstPages);
  return firstPages;
}

describe('AlpacaMarketData: concurrent lookups share one fetch', () => {
  it('answers 20 concurrent chain requests with one contracts walk and one snapshots walk, and one more of each after the TTL', async () => {
    const { market, fake, clock } = await startFakeMarket({ chainTtlMs: 30_000 });
    const expiry = fake.expiries[1]!;
    const burst = async (): Promise<(readonly OptionContract[])[]> => {
      const results = await Promise.all(Array.from({ length: 20 }, () => market.optionChain('SPY', expiry)));
      return results.map((result) => value(result));
    };

    const chains = await burst();
    expect(chains.every((chain) => chain === chains[0])).toBe(true);
    expect(chains[0]!.length).toBeGreaterThan(10);
    expect(walks(fake, CONTRACTS)).toBe(1);
    expect(walks(fake, SNAPSHOTS)).toBe(1);
    expect(fake.requestsTo(CONTRACTS).length).toBeGreaterThan(1);
    expect(fake.requestsTo(SNAPSHOTS).length).toBeGreaterThan(1);
    expect(fake.requestsTo('/v2/assets/SPY')).toHaveLength(1);
    expect(fake.requestsTo('/v2/stocks/SPY/quotes/latest')).toHaveLength(1);

    clock.now = START + 30_001;
    const refreshed = await burst();
    expect(refreshed.every((chain) => chain === refreshed[0])).toBe(true);
    expect(refreshed[0]).not.toBe(chains[0]);
    expect(walks(fake, CONTRACTS)).toBe(2);
    expect(walks(fake, SNAPSHOTS)).toBe(2);
    expect(fake.requestsTo('/v2/assets/SPY')).toHaveLength(2);
  });

  it('keys chains by ticker and expiry: concurrent requests for two expiries walk twice', async () => {
    const { market, fake } = await startFakeMarket();
    const [first, second] = [fake.expiries[1]!, fake.expiries[2]!];
    const asked: [ticker: string, expiry: string][] = [['SPY', first], ['SPY', second], ['spy', first], ['SPY', second]];
    const results = await Promise.all(asked.map(([ticker, expiry]) => market.optionChain(ticker, expiry)));
    const chains = results.map((result) => value(result));
    expect(chains[0]).toBe(chains[2]);
    expect(chains[1]).toBe(chains[3]);
    expect(chains[0]!.every((c) => c.expiry === first)).toBe(true);
    expect(chains[1]!.every((c) => c.expiry === second)).toBe(true);
    expect(walks(fake, CONTRACTS)).toBe(2);
    expect(walks(fake, SNAPSHOTS)).toBe(2);
  });

  it('hands a failed chain fetch to the callers that waited for it, and fetches again on the next call', async () => {
    const { market, fake } = await startFakeMarket();
    const expiry = fake.expiries[0]!;
    fake.rateLimitNext(SNAPSHOTS, Math.ceil(START / 1000) + 10);

    const failed = await Promise.all(Array.from({ length: 5 }, () => market.optionChain('SPY', expiry)));
    for (const result of failed) expect(failure(result)).toEqual({ kind: 'rate_limited', retryAfterSeconds: 10 });
    expect(walks(fake, SNAPSHOTS)).toBe(1);

    expect(value(await market.optionChain('SPY', expiry)).length).toBeGreaterThan(10);
    expect(walks(fake, CONTRACTS)).toBe(2);
    expect(walks(fake, SNAPSHOTS)).toBe(2);
  });

  it('looks an asset up once for concurrent callers, and again after a failed lookup', async () => {
    const { market, fake } = await startFakeMarket();
    fake.failNext('/v2/assets/SPY', 403, 'forbidden');

    const failed = await Promise.all(Array.from({ length: 5 }, () => market.isTradeable('SPY')));
    for (const result of failed) expect(failure(result)).toMatchObject({ kind: 'not_served', message: expect.stringContaining('(HTTP 403: forbidden)') as unknown });
    expect(fake.requestsTo('/v2/assets/SPY')).toHaveLength(1);

    const answers = await Promise.all([market.isTradeable('SPY'), market.quote('spy'), market.dividendYield('SPY')]);
    expect(answers.every((answer) => answer.isOk())).toBe(true);
    expect(fake.requestsTo('/v2/assets/SPY')).toHaveLength(2);
  });
});

describe('AlpacaMarketData: expiration lists', () => {
  it('lists expirations once for concurrent callers and reuses the list for the TTL', async () => {
    const { market, fake, clock } = await startFakeMarket({ chainTtlMs: 30_000 });
    const lists = (await Promise.all(Array.from({ length: 10 }, () => market.expirations('SPY')))).map((result) => value(result));
    expect(lists.every((list) => list === lists[0])).toBe(true);
    expect(lists[0]).toEqual(fake.expiries);
    expect(walks(fake, CONTRACTS)).toBe(1);
    clock.now = START + 29_999;
    value(await market.expirations('SPY'));
    expect(walks(fake, CONTRACTS)).toBe(1);
    clock.now = START + 30_000;
    value(await market.expirations('SPY'));
    expect(walks(fake, CONTRACTS)).toBe(2);
  });
});

describe('AlpacaMarketData: daily bars, read once a day', () => {
  it("reads a range's bars once for the day, again once today's session has closed, and again the next day", async () => {
    const { market, fake, clock } = await startFakeMarket();
    const bars = '/v2/stocks/SPY/bars';
    const read = async () => value(await market.dailyBars('SPY', '2025-03-02', '2026-03-02'));
    const [first] = await Promise.all([read(), read(), read()]);
    expect(walks(fake, bars)).toBe(1);
    clock.now += 60 * 60_000;
    expect(await read()).toEqual(first);
    expect(walks(fake, bars)).toBe(1);
    // START is a session morning: after 16:00 New York the day's bar is complete, and the range is read again.
    clock.now += 8 * 60 * 60_000;
    await read();
    expect(walks(fake, bars)).toBe(2);
    clock.now += 24 * 60 * 60_000;
    await read();
    expect(walks(fake, bars)).toBe(3);
  });
});
