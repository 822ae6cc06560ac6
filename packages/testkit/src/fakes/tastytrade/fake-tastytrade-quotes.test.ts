import { FakeClock } from '../fake-clock.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTastytrade } from './fake-tastytrade.js';
/** A Monday, 10:00 in New York: the fake's market is open. */
const NOW = Date.parse('2026-03-02T15:00:00Z');

// The fake's market data on its own, against the shapes of reference §4, with plain fetch.

const running: FakeTastytrade[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.stop()));
});

async function fakeGet() {
  const fake = new FakeTastytrade({ now: () => new FakeClock(NOW).now() });
  running.push(fake);
  const url = await fake.start();
  const minted = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'User-Agent': 'fake-test/1.0', 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: fake.refreshToken, client_secret: fake.clientSecret }),
  });
  const { access_token: token } = (await minted.json()) as { access_token: string };
  return async (path: string): Promise<{ status: number; body: { data?: { items?: Record<string, unknown>[] } & Record<string, unknown>; error?: { code: string } } }> => {
    const response = await fetch(`${url}${path}`, { headers: { 'User-Agent': 'fake-test/1.0', Authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as never };
  };
}

describe('FakeTastytrade market data', () => {
  it('quotes equities and options as decimal strings, keys with or without brackets, unknown and expired symbols left out', async () => {
    const get = await fakeGet();
    const answer = await get('/market-data/by-type?equity=SPY&equity-option[]=SPY+++260320P00570000&equity-option=SPY+++260220P00570000&equity=ZZZZ');
    expect(answer.status).toBe(200);
    const items = answer.body.data?.items ?? [];
    expect(items.map((item) => item.symbol)).toEqual(['SPY', 'SPY   260320P00570000']);
    expect(items[0]).toMatchObject({ 'instrument-type': 'Equity', bid: '604.99', ask: '605.01', last: '605.0000', 'updated-at': new Date(NOW).toISOString() });
    expect(items[1]).toMatchObject({ 'instrument-type': 'Equity Option', bid: expect.stringMatching(/^\d+\.\d{2}$/) as unknown, 'open-interest': expect.any(String) as unknown });
  });

  it('refuses more than 100 symbols in one by-type call', async () => {
    const get = await fakeGet();
    const query = Array.from({ length: 101 }, () => 'equity=SPY').join('&');
    expect(await get(`/market-data/by-type?${query}`)).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
  });

  it('serves market metrics with the IV index rank, the yield, the next ex-date and earnings', async () => {
    const get = await fakeGet();
    const [aapl, spy] = (await get('/market-metrics?symbols=AAPL,SPY,ZZZZ')).body.data?.items ?? [];
    expect(aapl).toMatchObject({ symbol: 'AAPL', 'implied-volatility-index-rank': '0.4273', 'dividend-yield': '0.0045', earnings: { visible: true } });
    expect(spy).toMatchObject({ symbol: 'SPY', 'dividend-ex-date': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
    expect(spy).not.toHaveProperty('earnings');
  });

  it('serves past dividends and earnings reports, and equities (404 for an unknown one)', async () => {
    const get = await fakeGet();
    const dividends = (await get('/market-metrics/historic-corporate-events/dividends/AAPL')).body.data?.items ?? [];
    expect(dividends).toHaveLength(8);
    expect(dividends[0]).toEqual({ 'occurred-date': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown, amount: '0.26' });
    const reports = (await get('/market-metrics/historic-corporate-events/earnings-reports/AAPL?start-date=2025-09-01')).body.data?.items ?? [];
    expect(reports.every((report) => String(report['occurred-date']) >= '2025-09-01')).toBe(true);
    expect((await get('/instruments/equities/SPY')).body.data).toMatchObject({ symbol: 'SPY', active: true, 'is-closing-only': false, 'is-etf': true });
    expect((await get('/instruments/equities/ZZZZ')).status).toBe(404);
  });
});
