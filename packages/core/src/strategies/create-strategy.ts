import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { marketError } from '../condors/market-errors.js';
import { defineOperation, type HandlerContext } from '../operations/operation.js';
import type { JsonObject } from '../ports/json.js';
import type { ProviderIvRank } from '../ports/market-data.js';
import { CREATE_STRATEGY_TIER } from '../tiers/create-strategy-tier.js';
import { optimize } from './backtest/optimizer.js';
import { entrySchedule as entrySessions } from './backtest/run-context.js';
import { defaultGrid } from './default-grid.js';
import { gateToday, providerIvRank } from './gate-today.js';
import { loadHistory, type LoadedHistory } from './market-history.js';
import { modelVsMarket } from './model-vs-market.js';
import { loadOptionBars } from './option-bar-history.js';
import { popModel } from './pop-model.js';
import { CreateStrategyInput, RunView, type CreateStrategyParameters } from './schemas.js';
import { tradingTerms, tradingTermsView, type TradingTerms } from './trading-terms.js';
import type { BacktestSettings, RuleGrid } from './types.js';
import { validationView } from './validation-view.js';
import { metricsView, rulesView, type StrategyEntry } from './views.js';

export const createStrategy = defineOperation({
  name: 'create_strategy',
  title: 'Optimize iron-condor rules',
  description:
    'Backtests iron-condor rule sets (short-strike delta, wing width, entry DTE, profit taking, management DTE, stop) ' +
    'over the ticker’s daily history — legs priced with the historical ATM IV on today’s smile, fills at the natural ' +
    'price (or your default band’s worst price), the ticket’s commissions and fees on every leg, overlapping trades sized ' +
    'within max_capital — and returns top_strategies ranked by the objective on the earlier two thirds of the history ' +
    '(rank 1 = best), each with its in_sample and out_of_sample metrics; validation says how far to trust rank 1 ' +
    '(walk-forward, probability of backtest overfitting, deflated Sharpe ratio, likely_luck); ' +
    'iv_rank_today: today’s IV rank (the provider’s own where it publishes one) and whether the gate is open today. ' +
    'model_vs_market: where your market keeps traded option bars (Alpaca, since February 2024), how many of rank 1’s entries ' +
    'had all four legs traded that day and how far the market’s credit from their closes was from the model’s. ' +
    'These are rules, not tradeable contracts: save one (save_strategy) and search with it (find_iron_condors). ' +
    'Sends progress notifications when the call carries a progress token.',
  input: CreateStrategyInput,
  output: RunView,
  access: 'user',
  needsBroker: false,
  quota: true,
  tier: CREATE_STRATEGY_TIER,
  rest: { method: 'POST', path: '/strategies/optimize' },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  errors: ['INVALID_TICKER', 'OUT_OF_RANGE', 'INVALID_VALUE', 'VALIDATION_ERROR', 'TIER_BLOCKED', 'QUOTA_EXCEEDED', 'BROKER_RATE_LIMITED', 'BROKER_NOT_CONNECTED', 'SERVICE_UNAVAILABLE'],
  handler: (input, ctx) => {
    const { market } = ctx.services;
    const fail = (e: Parameters<typeof marketError>[0]) => marketError(e, input.ticker);
    const startedAt = ctx.services.clock.now();
    return market
      .isTradeable(input.ticker)
      .mapErr(fail)
      .andThen((tradeable) => (tradeable ? okAsync(undefined) : errAsync(fail({ kind: 'unknown_symbol' }))))
      .andThen(() => loadHistory(market, input.ticker, startedAt, input.lookback_years).mapErr(fail))
      .andThen((loaded) => providerIvRank(market, input.ticker).map((provided) => ({ loaded, provided })))
      .andThen(({ loaded, provided }) => ResultAsync.fromSafePromise(tradingTerms(ctx.services, ctx.caller.userId)).map((terms) => ({ loaded, provided, terms })))
      .andThen(({ loaded, provided, terms }) => run({ input, loaded, provided, terms, startedAt }, ctx));
  },
});

interface Run {
  readonly input: CreateStrategyParameters;
  readonly loaded: LoadedHistory;
  readonly provided: ProviderIvRank | null;
  readonly terms: TradingTerms;
  readonly startedAt: number;
}

function run({ input, loaded, provided, terms, startedAt }: Run, ctx: HandlerContext<'user'>) {
  const { services } = ctx;
  const settings = settingsOf(input, loaded.firstEntryIndex, terms);
  const pop = popModel(input.pop_model, input.seed);
  const optimization = optimize(
    { history: loaded.history, grid: gridOf(input, loaded.spot), settings, objective: input.objective, topK: input.top_k, ...pop },
    // Between chunks the process serves other requests; the caller hears how far the grid has got.
    async (done, total) => {
      await services.scheduler.pause();
      await ctx.progress?.(done, total, `Backtested ${String(done)} of ${String(total)} rule sets`);
    },
  );
  const fail = (e: Parameters<typeof marketError>[0]) => marketError(e, input.ticker);
  const checked = ResultAsync.fromSafePromise(optimization).andThen((result) =>
    // Only rank 1's trades are set against the market: a few asks, not one per rule set.
    loadOptionBars(services.market, input.ticker, result.ranked[0]?.trades ?? [])
      .mapErr(fail)
      .map((bars) => ({ result, bars })),
  );
  return checked.andThen(({ result, bars }) => {
    const { ranked, evaluated } = result;
    const finishedAt = services.clock.now();
    const validated = validationView(result, loaded.history, entrySessions(settings, loaded.history.sessions.length));
    const runSettings = { dteMin: input.dte_min, dteMax: input.dte_max, settings, entryIntervalDays: input.entry_interval_days };
    const topStrategies: StrategyEntry[] = ranked.map((strategy) => ({
      kind: 'strategy',
      rank: strategy.rank,
      ticker: input.ticker,
      objective_value: Number(strategy.objectiveValue.toFixed(6)),
      rules: rulesView(strategy.rules, runSettings),
      metrics: metricsView(strategy.metrics),
      in_sample: { ...validated.in_sample, metrics: metricsView(strategy.inSample) },
      out_of_sample: { ...validated.out_of_sample, metrics: metricsView(strategy.outOfSample) },
    }));
    const sessions = loaded.history.sessions.slice(loaded.firstEntryIndex);
    const today = gateToday(settings.ivRankGate, loaded.history.sessions, provided);
    const view: v.InferOutput<typeof RunView> = {
      run_id: services.ids.uuid(),
      created_at: isoTime(finishedAt),
      ticker: input.ticker,
      objective: input.objective,
      pop_model: input.pop_model,
      history: { from: sessions[0]?.date ?? '', to: sessions.at(-1)?.date ?? '', sessions: sessions.length, iv_source: loaded.ivSource },
      iv_rank_today: { rank: today.rank, percentile: today.percentile, source: today.source, gate_open: today.open },
      evaluated,
      costs: tradingTermsView(terms),
      validation: validated,
      model_vs_market: bars === null || ranked[0] === undefined ? null : modelVsMarket(ranked[0].trades, input.ticker, bars),
      duration_ms: finishedAt - startedAt,
      market_notice: services.marketNotice,
      note: topStrategies.length > 0 ? null : emptyNote(input, sessions.length),
      top_strategies: topStrategies,
    };
    return ResultAsync.fromSafePromise(
      services.strategyRuns.insert({
        id: view.run_id,
        ownerId: ctx.caller.userId,
        createdAt: finishedAt,
        ticker: input.ticker,
        inputs: input as unknown as JsonObject,
        result: view,
        durationMs: view.duration_ms,
        evaluated,
      }),
    ).map(() => view);
  });
}

function settingsOf(input: CreateStrategyParameters, firstEntryIndex: number, terms: TradingTerms): BacktestSettings {
  return {
    firstEntryIndex,
    entryIntervalSessions: input.entry_interval_days,
    dteMin: input.dte_min,
    dteMax: input.dte_max,
    ivRankGate: { mode: input.iv_rank_gate_mode, threshold: input.iv_rank_threshold },
    maxCapital: input.max_capital,
    riskPerTrade: input.risk_per_trade,
    popModel: input.pop_model,
    seed: input.seed,
    execution: terms.execution,
  };
}

/** The default grid for the ticker's price, with any list the (premium) caller gave in its place. */
function gridOf(input: CreateStrategyParameters, spot: number): RuleGrid {
  const defaults = defaultGrid(spot, input.dte_min, input.dte_max);
  return {
    shortDeltas: input.short_deltas ?? defaults.shortDeltas,
    wingWidths: input.wing_widths ?? defaults.wingWidths,
    entryDtes: input.entry_dtes ?? defaults.entryDtes,
    profitTakePcts: input.profit_take_pcts ?? defaults.profitTakePcts,
    managementDtes: input.management_dtes ?? defaults.managementDtes,
    stopLossMultiples: input.stop_loss_multiples ?? defaults.stopLossMultiples,
  };
}

function emptyNote(input: CreateStrategyParameters, sessions: number): string {
  if (sessions === 0) return `The market has no daily history for ${input.ticker} in the last ${String(input.lookback_years)} years.`;
  return input.iv_rank_gate_mode === 'off'
    ? 'No rule set found a trade: no credit was available at the natural price, or max_capital is below one contract’s max loss.'
    : `No rule set found a trade: the IV-rank gate (${input.iv_rank_gate_mode} ${String(input.iv_rank_threshold)}) stayed closed, ` +
      'or max_capital is below one contract’s max loss. Try a lower threshold or iv_rank_gate_mode off.';
}

