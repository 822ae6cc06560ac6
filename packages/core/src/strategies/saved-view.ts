import * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { SavedStrategy } from '../ports/saved-strategy-store.js';

export const SavedStrategyView = v.object({
  saved_strategy_id: v.string(),
  ticker: v.string(),
  active: v.boolean(),
  run_id: v.string(),
  strategy_rank: v.number(),
  saved_at: v.string(),
  rules: v.record(v.string(), v.unknown()),
  metrics: v.record(v.string(), v.unknown()),
});

export const savedStrategyView = (saved: SavedStrategy): v.InferOutput<typeof SavedStrategyView> => ({
  saved_strategy_id: saved.id,
  ticker: saved.ticker,
  active: saved.active,
  run_id: saved.runId,
  strategy_rank: saved.rank,
  saved_at: isoTime(saved.savedAt),
  rules: saved.rules,
  metrics: saved.metrics,
});

export const SavedStrategyId = v.pipe(v.string(), v.uuid(), v.description('The saved_strategy_id from get_saved_strategies.'));
