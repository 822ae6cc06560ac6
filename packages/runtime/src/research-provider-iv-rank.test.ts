import { SimMarketData } from '@condor/broker-sim';
import { execute, type MarketDataError, type ProviderIvRank } from '@condor/core';
import { createTestServices, FakeClock } from '@condor/testkit';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';

const NOW = Date.UTC(2026, 10, 20, 15, 0);

/** The simulated market with a provider's own IV rank of today, as tastytrade's market metrics publish it. */
class MarketRankingToday extends SimMarketData {
  constructor(
    clock: FakeClock,
    private readonly ranked: ResultAsync<ProviderIvRank, MarketDataError>,
  ) {
    super(clock, 7);
  }
  ivRankToday(): ResultAsync<ProviderIvRank, MarketDataError> {
    return this.ranked;
  }
}

type IvRankToday = { rank: number | null; percentile: number | null; source: string; gate_open: boolean };

async function ivRankToday(market: SimMarketData, gate: Record<string, unknown>): Promise<IvRankToday> {
  const services = createTestServices({ clock: new FakeClock(NOW), market });
  const anonymous = { services, credential: null, requestId: 'r', batchKey: null };
  await execute('register', { email: 'ivy@example.com', password: 'research password 1' }, anonymous);
  const login = await execute('login', { email: 'ivy@example.com', password: 'research password 1' }, anonymous);
  const credential = (login._unsafeUnwrap().value as { access_token: string }).access_token;
  const result = await execute('create_strategy', { ticker: 'SPY', top_k: 1, ...gate }, { ...anonymous, credential });
  return (result._unsafeUnwrap().value as { iv_rank_today: IvRankToday }).iv_rank_today;
}

describe('create_strategy’s iv_rank_today', () => {
  it('is the provider’s own rank where it publishes one, and the gate of the run is judged on it', async () => {
    const clock = new FakeClock(NOW);
    const high = await ivRankToday(new MarketRankingToday(clock, okAsync({ rank: 72.5, percentile: 64 })), { iv_rank_gate_mode: 'minimum', iv_rank_threshold: 50 });
    expect(high).toEqual({ rank: 72.5, percentile: 64, source: 'provider', gate_open: true });
    const low = await ivRankToday(new MarketRankingToday(clock, okAsync({ rank: 12.25, percentile: 9 })), { iv_rank_gate_mode: 'minimum', iv_rank_threshold: 50 });
    expect(low).toEqual({ rank: 12.25, percentile: 9, source: 'provider', gate_open: false });
    const atThreshold = await ivRankToday(new MarketRankingToday(clock, okAsync({ rank: 50, percentile: null })), { iv_rank_gate_mode: 'minimum', iv_rank_threshold: 50 });
    expect(atThreshold).toEqual({ rank: 50, percentile: null, source: 'provider', gate_open: true });
  });

  it('is ranked from the history, and says so, where the provider publishes none or cannot answer now', async () => {
    const clock = new FakeClock(NOW);
    const own = await ivRankToday(new SimMarketData(clock, 7), { iv_rank_gate_mode: 'off' });
    expect(own.source).toBe('history');
    expect(own.rank).not.toBeNull();
    expect(own.rank!).toBeGreaterThanOrEqual(0);
    expect(own.rank!).toBeLessThanOrEqual(100);
    expect(own.gate_open).toBe(true);
    const limited = await ivRankToday(new MarketRankingToday(clock, errAsync({ kind: 'rate_limited', retryAfterSeconds: 3 })), { iv_rank_gate_mode: 'off' });
    expect(limited).toEqual(own);
    const unranked = await ivRankToday(new MarketRankingToday(clock, okAsync({ rank: null, percentile: null })), { iv_rank_gate_mode: 'off' });
    expect(unranked).toEqual(own);
  });
});
