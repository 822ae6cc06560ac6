import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { appError } from '../errors/app-error.js';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import type { StrategyRun } from '../ports/strategy-run-store.js';
import type { Services } from '../services.js';
import { decodePageToken, encodePageToken } from './history-page.js';

const HistoryEntry = v.object({
  run_id: v.string(),
  created_at: v.string(),
  ticker: v.string(),
  duration_ms: v.number(),
  evaluated: v.number(),
  inputs: v.record(v.string(), v.unknown()),
  result: v.record(v.string(), v.unknown()),
});

const historyEntry = (run: StrategyRun): v.InferOutput<typeof HistoryEntry> => ({
  run_id: run.id,
  created_at: isoTime(run.createdAt),
  ticker: run.ticker,
  duration_ms: run.durationMs,
  evaluated: run.evaluated,
  inputs: run.inputs,
  result: run.result,
});

export const getOptimizationHistory = defineOperation({
  name: 'get_optimization_history',
  title: 'Optimization history',
  description:
    'Your create_strategy runs, newest first, each with its inputs, its result (top_strategies) and its timing. ' +
    'Paged: pass next_page_token back as page_token for the next page. Give run_id for that one run alone.',
  input: v.strictObject({
    page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50), v.description('Runs per page.')), 10),
    page_token: v.optional(v.pipe(v.string(), v.maxLength(200), v.description('The next_page_token of the previous page.'))),
    run_id: v.optional(v.pipe(v.string(), v.uuid(), v.description('Only this run (create_strategy’s run_id); the page parameters then do not apply.'))),
  }),
  output: v.object({ runs: v.array(HistoryEntry), next_page_token: v.nullable(v.string()) }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/strategies/runs' },
  annotations: READ_ONLY,
  errors: ['NO_HISTORY', 'VALIDATION_ERROR', 'OUT_OF_RANGE', 'INVALID_UUID'],
  handler: ({ page_size: pageSize, page_token: pageToken, run_id: runId }, { services, caller }) => {
    if (runId !== undefined) return oneRun(services, caller.userId, runId);
    const cursor = pageToken === undefined ? undefined : decodePageToken(pageToken);
    if (cursor === null) {
      return errAsync(
        appError('VALIDATION_ERROR', {
          message: 'page_token is not a token this service issued.',
          suggestion: 'Pass the next_page_token of the previous page unchanged, or leave page_token out for the first page.',
          expected: 'a next_page_token from get_optimization_history',
          received: { page_token: pageToken },
          seeTool: 'get_optimization_history',
        }),
      );
    }
    // One more than the page tells whether another page follows.
    return ResultAsync.fromSafePromise(services.strategyRuns.list(caller.userId, pageSize + 1, cursor)).andThen((runs) => {
      if (runs.length === 0 && cursor === undefined) {
        return errAsync(appError('NO_HISTORY', { message: 'You have no optimization runs yet.' }));
      }
      const page = runs.slice(0, pageSize);
      const last = page.at(-1);
      return okAsync({
        runs: page.map(historyEntry),
        next_page_token: runs.length > pageSize && last !== undefined ? encodePageToken({ createdAt: last.createdAt, id: last.id }) : null,
      });
    });
  },
});

/** One run of the caller's, as a page of one; another user's run is answered like an unknown id. */
const oneRun = (services: Services, ownerId: string, runId: string) =>
  ResultAsync.fromSafePromise(services.strategyRuns.get(ownerId, runId)).andThen((run) =>
    run === undefined
      ? errAsync(
          appError('NO_HISTORY', {
            message: `No optimization run ${runId} was found for you.`,
            suggestion: 'Call get_optimization_history without run_id for your run ids.',
            received: { run_id: runId },
            seeTool: 'get_optimization_history',
          }),
        )
      : okAsync({ runs: [historyEntry(run)], next_page_token: null }),
  );
