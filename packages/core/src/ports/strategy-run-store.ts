import type { JsonObject } from './json.js';

/** One `create_strategy` run: what was asked, what came out, and how long it took. */
export interface StrategyRun {
  readonly id: string;
  readonly ownerId: string;
  /** When the run finished and was stored, epoch ms. */
  readonly createdAt: number;
  readonly ticker: string;
  /** The validated inputs, defaults filled in. */
  readonly inputs: JsonObject;
  /** The run's answer as the caller saw it (top_strategies and the run's summary). */
  readonly result: JsonObject;
  /** Wall-clock time of the optimization, ms (from the clock port). */
  readonly durationMs: number;
  /** How many rule sets were backtested. */
  readonly evaluated: number;
}

/** Where the newest-first listing goes on: the last run of the previous page. */
export interface RunCursor {
  readonly createdAt: number;
  readonly id: string;
}

/** The optimization history. Every read is scoped to its owner: another user's run does not exist. */
export interface StrategyRunStore {
  insert(run: StrategyRun): Promise<void>;
  get(ownerId: string, id: string): Promise<StrategyRun | undefined>;
  /** The owner's newest run (greatest createdAt, then greatest id). */
  latest(ownerId: string): Promise<StrategyRun | undefined>;
  /**
   * The owner's runs newest first, ordered by createdAt then id, both descending; with `after`, only
   * runs that come after that cursor in this order. At most `limit` runs.
   */
  list(ownerId: string, limit: number, after?: RunCursor): Promise<readonly StrategyRun[]>;
}
