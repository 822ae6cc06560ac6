import { okAsync, type ResultAsync } from 'neverthrow';
import type { MarketData, ProviderIvRank } from '../ports/market-data.js';
import { ivPercentile, ivRank } from './iv-rank.js';
import { gatePasses } from './iv-rank-gate.js';
import type { HistorySession, IvRankGate } from './types.js';

/** Today's IV rank and percentile (0–100), where they came from, and whether the run's gate would let an entry through today. */
export interface GateToday {
  readonly rank: number | null;
  readonly percentile: number | null;
  readonly source: 'provider' | 'history';
  readonly open: boolean;
}

/**
 * The provider's own IV rank of today, where it publishes one; null otherwise, and when it cannot answer now
 * (the history's rank stands in, and `source` says so).
 */
export function providerIvRank(market: MarketData, ticker: string): ResultAsync<ProviderIvRank | null, never> {
  if (market.ivRankToday === undefined) return okAsync(null);
  return market
    .ivRankToday(ticker)
    .map((ranked): ProviderIvRank | null => (ranked.rank === null ? null : ranked))
    .orElse(() => okAsync(null));
}

/** The gate at today's close: the provider's rank when it has one (a year of the real chain's IV), else the history's last session's. */
export function gateToday(gate: IvRankGate, sessions: readonly HistorySession[], provided: ProviderIvRank | null): GateToday {
  const last = sessions.length - 1;
  const rank = provided === null ? ivRank(sessions, last) : provided.rank;
  const percentile = provided === null ? ivPercentile(sessions, last) : provided.percentile;
  const round = (value: number | null) => (value === null ? null : Number(value.toFixed(2)));
  return { rank: round(rank), percentile: round(percentile), source: provided === null ? 'history' : 'provider', open: gatePasses(gate, rank, () => percentile) };
}
