import type { JsonObject } from './json.js';

/** A rule set kept from a run's `top_strategies`, ready for `find_iron_condors(saved_strategy_id)`. */
export interface SavedStrategy {
  readonly id: string;
  readonly ownerId: string;
  /** The run it came from and its rank there. */
  readonly runId: string;
  readonly rank: number;
  readonly ticker: string;
  /** The rule set (the `rules` of the top_strategies entry). */
  readonly rules: JsonObject;
  /** The backtest metrics at the time of saving. */
  readonly metrics: JsonObject;
  readonly savedAt: number;
  /** At most one saved strategy per owner and ticker is active. */
  readonly active: boolean;
}

/** Saved strategies. Every read and write is scoped to its owner: another user's strategy does not exist. */
export interface SavedStrategyStore {
  /**
   * Saves the strategy unless the owner already saved the same run and rank, in which case the
   * existing one is returned unchanged (atomically, also under concurrency).
   */
  save(strategy: SavedStrategy): Promise<{ readonly strategy: SavedStrategy; readonly created: boolean }>;
  get(ownerId: string, id: string): Promise<SavedStrategy | undefined>;
  /** The owner's saved strategies, newest first (savedAt, then id, descending). */
  list(ownerId: string): Promise<readonly SavedStrategy[]>;
  /** Deletes it; false when the owner has no such strategy. */
  delete(ownerId: string, id: string): Promise<boolean>;
  /**
   * Makes it the owner's active strategy for its ticker, deactivating any other of the same owner and
   * ticker in the same transaction; undefined when the owner has no such strategy. Idempotent.
   */
  activate(ownerId: string, id: string): Promise<SavedStrategy | undefined>;
}
