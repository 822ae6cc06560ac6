import * as v from 'valibot';
import { Ticker } from '../condors/schemas.js';
import { ModelVsMarketView } from './model-vs-market.js';
import { RULE_FIELDS } from './rule-fields.js';
import { TradingTermsView } from './trading-terms.js';
import { IV_RANK_GATE_MODES, OBJECTIVES, POP_MODELS } from './types.js';
import { STRETCH_FIELDS, ValidationView } from './validation-view.js';

/** The most rule sets one run may backtest. */
export const MAX_GRID_SIZE = 20_000;

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));
const integerIn = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const numberIn = (min: number, max: number) => v.pipe(v.number(), v.minValue(min), v.maxValue(max));
const valuesOf = <S extends v.GenericSchema>(item: S, description: string) =>
  v.optional(v.pipe(v.array(item), v.minLength(1), v.maxLength(10), v.description(description)));

export const CreateStrategyInput = v.pipe(
  v.strictObject({
    ticker: Ticker,
    dte_min: v.optional(described(integerIn(7, 365), 'Fewest calendar days to expiry at entry.'), 30),
    dte_max: v.optional(described(integerIn(7, 365), 'Most calendar days to expiry at entry.'), 60),
    iv_rank_gate_mode: v.optional(
      described(
        v.picklist(IV_RANK_GATE_MODES),
        'Enter only when the 52-week IV rank is at least (minimum) or at most (maximum) the threshold, or the IV percentile is at least it (percentile_minimum); off: always. Free tier: off or minimum.',
      ),
      'off',
    ),
    iv_rank_threshold: v.optional(described(numberIn(0, 100), 'The IV rank (or percentile) threshold, 0–100.'), 50),
    max_capital: v.optional(described(numberIn(500, 100_000_000), 'Dollars the strategy may have at risk at once.'), 10_000),
    top_k: v.optional(described(integerIn(1, 50), 'How many rule sets to return (free tier: up to 5).'), 5),
    objective: v.optional(described(v.picklist(OBJECTIVES), 'Premium: what top_strategies is ranked by.'), 'return_on_risk'),
    pop_model: v.optional(
      described(v.picklist(POP_MODELS), 'Premium: how the probability of profit at entry is computed (lognormal on the free tier).'),
      'lognormal',
    ),
    short_deltas: valuesOf(numberIn(0.03, 0.45), 'Premium: short-strike |delta| targets to try.'),
    wing_widths: valuesOf(numberIn(0.5, 500), 'Premium: wing widths in dollars to try.'),
    entry_dtes: valuesOf(integerIn(7, 365), 'Premium: target days to expiry at entry to try (within dte_min..dte_max).'),
    profit_take_pcts: valuesOf(
      v.nullable(numberIn(0.05, 0.95)),
      'Premium: profit-taking levels as a share of the entry credit to try; null: hold.',
    ),
    management_dtes: valuesOf(v.nullable(integerIn(0, 364)), 'Premium: close at this many days to expiry; null: hold to expiry.'),
    stop_loss_multiples: valuesOf(v.nullable(numberIn(0.25, 10)), 'Premium: stop at this multiple of the credit lost; null: no stop.'),
    lookback_years: v.optional(described(integerIn(1, 10), 'Premium: years of history to backtest over.'), 3),
    risk_per_trade: v.optional(described(numberIn(0.01, 1), 'Premium: share of max_capital one trade risks.'), 0.25),
    entry_interval_days: v.optional(described(integerIn(1, 20), 'Premium: trading sessions between scheduled entries (5 = weekly).'), 5),
    seed: v.optional(described(integerIn(0, 2 ** 31 - 1), 'Premium: seed of the monte_carlo pop model.'), 1),
  }),
  v.forward(v.partialCheck([['dte_min'], ['dte_max']], (i) => i.dte_min <= i.dte_max, 'dte_min must not exceed dte_max.'), ['dte_max']),
  v.forward(
    v.partialCheck(
      [['entry_dtes'], ['dte_min'], ['dte_max']],
      (i) => (i.entry_dtes ?? []).every((dte) => dte >= i.dte_min && dte <= i.dte_max),
      'Every entry_dtes value must lie within dte_min..dte_max.',
    ),
    ['entry_dtes'],
  ),
  v.check(
    (i) => gridSize(i) <= MAX_GRID_SIZE,
    (issue) => `The grid has ${String(gridSize(issue.input))} rule sets; at most ${String(MAX_GRID_SIZE)} per run. Pass fewer values.`,
  ),
);

export type CreateStrategyParameters = v.InferOutput<typeof CreateStrategyInput>;

/** The rule sets a request asks for, counting the defaults each absent list stands for. */
type GridLists = 'short_deltas' | 'wing_widths' | 'entry_dtes' | 'profit_take_pcts' | 'management_dtes' | 'stop_loss_multiples';

function gridSize(input: Partial<Record<GridLists, readonly unknown[] | undefined>>): number {
  const defaults = { short_deltas: 5, wing_widths: 3, entry_dtes: 3, profit_take_pcts: 3, management_dtes: 2, stop_loss_multiples: 2 };
  return Object.entries(defaults).reduce((product, [key, fallback]) => product * (input[key as GridLists]?.length ?? fallback), 1);
}

export const RulesView = v.object({
  ...RULE_FIELDS,
  dte_min: described(v.number(), 'Fewest calendar days to expiry at entry (the run’s).'),
  dte_max: described(v.number(), 'Most calendar days to expiry at entry (the run’s).'),
  iv_rank_gate_mode: described(v.picklist(IV_RANK_GATE_MODES), 'The run’s IV-rank gate.'),
  iv_rank_threshold: described(v.number(), 'The gate’s threshold, 0–100.'),
  max_capital: described(v.number(), 'Dollars the strategy had at risk at most at once.'),
  risk_per_trade: described(v.number(), 'Share of max_capital one trade was sized to risk.'),
  entry_interval_days: described(v.number(), 'Trading sessions between scheduled entries.'),
});

export const MetricsView = v.object({
  trades: described(v.number(), 'Trades taken.'),
  total_costs: described(v.number(), 'Commissions and regulatory fees of every trade (entry, exit, exercise and assignment), dollars.'),
  win_rate: described(v.number(), 'Share of trades closed with a profit after costs, 0–1.'),
  average_pnl: described(v.number(), 'Mean P/L per trade after costs, dollars.'),
  total_pnl: described(v.number(), 'P/L after costs, dollars.'),
  return_on_risk: described(v.number(), 'Total P/L over the summed max loss of the trades.'),
  max_drawdown: described(v.number(), 'Largest fall of the daily equity curve (open trades marked) from its peak, dollars.'),
  pop_at_entry: described(v.number(), 'Mean probability of profit at entry, by the run’s pop model.'),
  expected_value: described(v.number(), 'Mean expected value per trade at entry, dollars.'),
  worst_trade: described(v.number(), 'The most negative trade P/L, dollars.'),
  average_days_held: described(v.number(), 'Mean calendar days from entry to exit.'),
  skipped_entries: described(v.number(), 'Scheduled entries without a trade: gate closed, no expiry or credit, or no capital left.'),
});

const SampleMetricsView = (description: string) =>
  described(v.object({ ...STRETCH_FIELDS, metrics: MetricsView }), description);

/** A rule set of `top_strategies`: rules and their backtest, not a tradeable candidate (it has no legs). */
export const StrategyView = v.object({
  kind: described(v.literal('strategy'), 'Rules, not a tradeable candidate: it has no legs.'),
  rank: described(v.number(), '1 = best in-sample by the objective.'),
  ticker: v.string(),
  objective_value: described(v.number(), 'The objective over the in-sample trades, which the rank is by.'),
  rules: RulesView,
  metrics: described(MetricsView, 'Over the whole history, after costs.'),
  in_sample: SampleMetricsView('Over the trades closed before the choice: what it was ranked on.'),
  out_of_sample: SampleMetricsView('Over the trades entered after the choice, which the ranking never saw.'),
});

export const RunView = v.object({
  run_id: described(v.string(), 'Pass to save_strategy; listed by get_optimization_history.'),
  created_at: described(v.string(), 'When the run finished, ISO 8601.'),
  ticker: v.string(),
  objective: described(v.picklist(OBJECTIVES), 'What top_strategies is ranked by, in-sample.'),
  pop_model: described(v.picklist(POP_MODELS), 'How pop_at_entry was computed.'),
  history: described(
    v.object({
      from: described(v.string(), 'First session entries could be made on.'),
      to: described(v.string(), 'Last session of the history.'),
      sessions: described(v.number(), 'Sessions from `from` to `to`.'),
      iv_source: described(v.picklist(['provider', 'realised_volatility']), 'Where the past ATM IVs came from: the provider, or realised volatility scaled to today’s IV.'),
    }),
    'The stretch of daily history backtested.',
  ),
  iv_rank_today: described(
    v.object({
      rank: described(v.nullable(v.number()), 'Today’s 52-week IV rank, 0–100; null when it cannot be computed.'),
      percentile: described(v.nullable(v.number()), 'Today’s 52-week IV percentile, 0–100.'),
      source: described(v.picklist(['provider', 'history']), 'The provider’s own figure, or computed from the history.'),
      gate_open: described(v.boolean(), 'Whether the run’s gate would let an entry through today.'),
    }),
    'Today’s IV rank and the gate.',
  ),
  evaluated: described(v.number(), 'Rule sets tried: every one counts toward the odds that rank 1 is luck.'),
  costs: TradingTermsView,
  validation: ValidationView,
  model_vs_market: ModelVsMarketView,
  duration_ms: described(v.number(), 'How long the run took.'),
  market_notice: described(v.nullable(v.string()), 'Where the prices came from when it is not a live market (the simulated market says so).'),
  note: described(v.nullable(v.string()), 'Why top_strategies is empty, when it is.'),
  top_strategies: described(v.array(StrategyView), 'Best first, at most top_k.'),
});
