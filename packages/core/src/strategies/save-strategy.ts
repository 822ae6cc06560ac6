import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import type { StrategyRun } from '../ports/strategy-run-store.js';
import type { Services } from '../services.js';
import { SavedStrategyView, savedStrategyView } from './saved-view.js';
import type { StrategyEntry } from './views.js';

export const saveStrategy = defineOperation({
  name: 'save_strategy',
  title: 'Save a strategy',
  description:
    'Keeps one rule set of a create_strategy run by its rank in top_strategies (rank 1 = best), from run_id or, ' +
    'without it, your latest run. Saving the same run and rank again returns the strategy already saved.',
  input: v.strictObject({
    strategy_rank: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('The rank in top_strategies, 1 = best.')),
    run_id: v.optional(v.pipe(v.string(), v.uuid(), v.description('The run to save from; your latest run when absent.'))),
  }),
  output: v.object({ saved: v.boolean(), strategy: SavedStrategyView }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/strategies/saved' },
  annotations: { ...WRITE, idempotentHint: true },
  errors: ['INVALID_RANK', 'NO_HISTORY', 'INVALID_UUID'],
  handler: ({ strategy_rank: rank, run_id: runId }, { services, caller }) =>
    findRun(services, caller.userId, runId).andThen((run) => {
      const strategies = (run.result['top_strategies'] ?? []) as unknown as readonly StrategyEntry[];
      const chosen = strategies.find((strategy) => strategy.rank === rank);
      if (chosen === undefined) return errAsync(rankBeyond(rank, run.id, strategies.length));
      const saving = services.savedStrategies.save({
        id: services.ids.uuid(),
        ownerId: caller.userId,
        runId: run.id,
        rank,
        ticker: chosen.ticker,
        rules: chosen.rules,
        metrics: chosen.metrics,
        savedAt: services.clock.now(),
        active: false,
      });
      return ResultAsync.fromSafePromise(saving).map(({ strategy, created }) => ({ saved: created, strategy: savedStrategyView(strategy) }));
    }),
});

function findRun(services: Services, ownerId: string, runId: string | undefined): ResultAsync<StrategyRun, ReturnType<typeof appError>> {
  const lookup = runId === undefined ? services.strategyRuns.latest(ownerId) : services.strategyRuns.get(ownerId, runId);
  return ResultAsync.fromSafePromise(lookup).andThen((run) => {
    if (run !== undefined) return ResultAsync.fromSafePromise(Promise.resolve(run));
    return errAsync(
      runId === undefined
        ? appError('NO_HISTORY', { message: 'You have no optimization runs to save a strategy from.' })
        : appError('NO_HISTORY', {
            message: `No optimization run ${runId} was found for you.`,
            suggestion: 'Call get_optimization_history for your run ids, or leave run_id out to use your latest run.',
            received: { run_id: runId },
            seeTool: 'get_optimization_history',
          }),
    );
  });
}

const rankBeyond = (rank: number, runId: string, count: number) =>
  appError('INVALID_RANK', {
    message:
      count === 0
        ? `Run ${runId} has no strategies in top_strategies, so there is no rank ${String(rank)} to save.`
        : `strategy_rank ${String(rank)} is beyond run ${runId}'s top_strategies, which has ${String(count)}.`,
    expected: count === 0 ? 'a run with at least one strategy' : `a rank from 1 to ${String(count)}`,
    received: { strategy_rank: rank },
  });
