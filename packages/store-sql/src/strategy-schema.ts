import type { EpochMsColumn, MillisecondsColumn } from './columns.js';

/** The `strategy_runs` table; `inputs` and `result` are JSON documents as text. */
export interface StrategyRunsTable {
  id: string;
  owner_id: string;
  created_at: EpochMsColumn;
  ticker: string;
  inputs: string;
  result: string;
  duration_ms: MillisecondsColumn;
  evaluated: number;
}

/**
 * The `saved_strategies` table; `rules` and `metrics` are JSON documents as text. `active_ticker` is the
 * ticker while the strategy is active, null otherwise; unique per owner, so one active per owner and ticker.
 */
export interface SavedStrategiesTable {
  id: string;
  owner_id: string;
  run_id: string;
  rank: number;
  ticker: string;
  rules: string;
  metrics: string;
  saved_at: EpochMsColumn;
  active_ticker: string | null;
}

/** The tables of strategy research: runs and the strategies saved from them. */
export interface StrategyTables {
  strategy_runs: StrategyRunsTable;
  saved_strategies: SavedStrategiesTable;
}
