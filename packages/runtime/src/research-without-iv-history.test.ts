import { SimMarketData } from '@condor/broker-sim';
import { execute, type IvPoint, type MarketDataError } from '@condor/core';
import { createTestServices, FakeClock } from '@condor/testkit';
import { errAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';

const NOW = Date.UTC(2026, 10, 20, 15, 0);

/** The simulated market, minus its IV history: as Alpaca's market data is. */
class MarketWithoutIvHistory extends SimMarketData {
  override ivHistory(): ResultAsync<readonly IvPoint[], MarketDataError> {
    return errAsync({ kind: 'unsupported', message: 'this provider keeps no implied-volatility history' });
  }
}

async function runStrategy(market: SimMarketData): Promise<{ ok: boolean; value: Record<string, unknown> }> {
  const services = createTestServices({ clock: new FakeClock(NOW), market });
  const anonymous = { services, credential: null, requestId: 'r', batchKey: null };
  await execute('register', { email: 'ivy@example.com', password: 'research password 1' }, anonymous);
  const login = await execute('login', { email: 'ivy@example.com', password: 'research password 1' }, anonymous);
  const credential = (login._unsafeUnwrap().value as { access_token: string }).access_token;
  const result = await execute('create_strategy', { ticker: 'SPY', top_k: 3 }, { ...anonymous, credential });
  return result.match(
    ({ value }) => ({ ok: true, value: value as Record<string, unknown> }),
    ({ body }) => ({ ok: false, value: body as unknown as Record<string, unknown> }),
  );
}

describe('create_strategy on a market without an IV history', () => {
  it('backtests on the realised-volatility proxy and says so; the simulated market’s own history is named as the provider’s', async () => {
    const clock = new FakeClock(NOW);
    const [proxied, provided] = await Promise.all([runStrategy(new MarketWithoutIvHistory(clock, 7)), runStrategy(new SimMarketData(clock, 7))]);
    expect(proxied.ok).toBe(true);
    expect(provided.ok).toBe(true);
    const history = (run: Record<string, unknown>) => run['history'] as { sessions: number; iv_source: string };
    expect(history(proxied.value).iv_source).toBe('realised_volatility');
    expect(history(provided.value).iv_source).toBe('provider');
    expect(history(proxied.value).sessions).toBeGreaterThan(200);
    const trades = (proxied.value['top_strategies'] as { metrics: { trades: number } }[]).map((s) => s.metrics.trades);
    expect(trades.length).toBe(3);
    expect(Math.min(...trades)).toBeGreaterThan(0);
  });

  it('still fails a run when the provider is down rather than guessing', async () => {
    class DownMarket extends SimMarketData {
      override ivHistory(): ResultAsync<readonly IvPoint[], MarketDataError> {
        return errAsync({ kind: 'unavailable', message: 'outage' });
      }
    }
    const answer = await runStrategy(new DownMarket(new FakeClock(NOW), 7));
    expect(answer).toMatchObject({ ok: false, value: { error: 'SERVICE_UNAVAILABLE' } });
  });
});
