import type { MarketDataError } from '@condor/core';
import type { Result } from 'neverthrow';
import { afterEach, describe, expect, it } from 'vitest';
import { SimMarketData } from '../../broker-sim/src/index.js';
import { AlpacaMarketData } from '../src/index.js';
import { seededTrading } from './alpaca-option-bar-answers.js';
import { FakeAlpaca } from './fake-alpaca.js';
import { FakeAlpacaMarket } from './fake-alpaca-market.js';
import { paperKeyPair } from './fake-key-pairs.js';

/** Tuesday 10 February 2026, 10:00 New York. */
const START = Date.parse('2026-02-10T15:00:00Z');
const alice = paperKeyPair('alice');
const running: { stop: () => Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.stop()));
});

async function served() {
  const now = (): number => START;
  const sim = new SimMarketData({ now }, 1);
  const market = { data: sim, now };
  const trading = new FakeAlpaca({ market, keyPairs: [alice] });
  const data = new FakeAlpacaMarket({ market, keyPairs: [alice] });
  running.push(trading, data);
  const [tradingBaseUrl, dataBaseUrl] = await Promise.all([trading.start(), data.start()]);
  const adapter = new AlpacaMarketData({ credentials: { apiKey: alice.apiKey, apiSecret: alice.apiSecret }, tradingBaseUrl, dataBaseUrl, now, sleep: () => Promise.resolve(), timeoutMs: 5_000 });
  return { sim, data, adapter, dataBaseUrl };
}

function value<T>(result: Result<T, MarketDataError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** 75 strikes of the 15 March 2024 SPY expiry, puts and calls: 150 symbols, more than one request takes. */
const SYMBOLS = Array.from({ length: 75 }, (_, i) => 300 + i * 5).flatMap((strike) =>
  (['P', 'C'] as const).map((right) => `SPY240315${right}${String(strike * 1000).padStart(8, '0')}`),
);

describe('Historical option bars: the Alpaca fake as Alpaca documents them, read by AlpacaMarketData', () => {
  it('serves sparse daily bars (none on a day without trades, none before February 2024), in requests of 100 symbols, paged', async () => {
    const { sim, data, adapter } = await served();
    data.answers.pageSizes.optionBars = 400;
    const history = value(await adapter.optionBars(SYMBOLS, '2024-01-02', '2024-03-20'));

    expect(history.since).toBe('2024-02-01');
    const sessions = value(await sim.dailyBars('SPY', '2024-02-01', '2024-03-15')).map((bar) => bar.date);
    expect(sessions.length).toBeGreaterThan(20);
    let missing = 0;
    for (const symbol of SYMBOLS) {
      const expected = sessions.filter((date) => seededTrading(symbol, date));
      missing += sessions.length - expected.length;
      expect((history.bars.get(symbol) ?? []).map((bar) => bar.date), symbol).toEqual(expected);
    }
    expect(missing).toBeGreaterThan(0);
    const closes = [...history.bars.values()].flat().map((bar) => bar.close);
    expect(closes.every((close) => close >= 0.01 && Number.isFinite(close))).toBe(true);

    const asked = data.requestsBy('alice', '/v1beta1/options/bars');
    expect(asked.every((r) => r.query['symbols']!.split(',').length <= 100 && r.query['start'] === '2024-02-01' && r.query['end'] === '2024-03-20' && r.query['timeframe'] === '1Day')).toBe(true);
    expect(new Set(asked.map((r) => r.query['symbols'])).size).toBe(2);
    expect(asked.some((r) => r.query['page_token'] !== undefined)).toBe(true);
    expect(asked.length).toBeGreaterThan(2);
  });

  it('asks nothing for a range wholly before February 2024, and nothing for no symbols', async () => {
    const { data, adapter } = await served();
    expect(value(await adapter.optionBars(SYMBOLS, '2023-06-01', '2024-01-31')).bars.size).toBe(0);
    expect(value(await adapter.optionBars([], '2024-03-01', '2024-03-31')).bars.size).toBe(0);
    expect(data.requestsBy('alice', '/v1beta1/options/bars')).toEqual([]);
  });

  it('answers in Alpaca’s shape, refuses more than 100 symbols, and serves nothing for a contract that never traded', async () => {
    const { data, dataBaseUrl } = await served();
    data.optionBarsTraded = (symbol) => !symbol.endsWith('C00400000');
    const get = async (query: string) => {
      const response = await fetch(`${dataBaseUrl}/v1beta1/options/bars?${query}`, { headers: { 'APCA-API-KEY-ID': alice.apiKey, 'APCA-API-SECRET-KEY': alice.apiSecret } });
      return { status: response.status, body: (await response.json()) as { bars: Record<string, Record<string, unknown>[]>; next_page_token: string | null } };
    };
    const answer = await get('symbols=SPY240315P00400000,SPY240315C00400000&timeframe=1Day&start=2024-03-01&end=2024-03-08');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.bars)).toEqual(['SPY240315P00400000']);
    expect(answer.body.next_page_token).toBeNull();
    expect(Object.keys(answer.body.bars['SPY240315P00400000']![0]!).sort()).toEqual(['c', 'h', 'l', 'n', 'o', 't', 'v', 'vw']);
    expect(answer.body.bars['SPY240315P00400000']![0]!['t']).toBe('2024-03-01T05:00:00Z');
    expect((await get(`symbols=${SYMBOLS.slice(0, 101).join(',')}&timeframe=1Day&start=2024-03-01&end=2024-03-08`)).status).toBe(400);
  });
});
