import * as v from 'valibot';
import { Ticker } from '../condors/schemas.js';
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
  short_delta: v.number(),
  wing_width: v.number(),
  entry_dte: v.number(),
  dte_min: v.number(),
  dte_max: v.number(),
  profit_take_pct: v.nullable(v.number()),
  management_dte: v.nullable(v.number()),
  stop_loss_multiple: v.nullable(v.number()),
  iv_rank_gate_mode: v.picklist(IV_RANK_GATE_MODES),
  iv_rank_threshold: v.number(),
  max_capital: v.number(),
  risk_per_trade: v.number(),
  entry_interval_days: v.number(),
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
  kind: v.literal('strategy'),
  rank: v.number(),
  ticker: v.string(),
  objective_value: described(v.number(), 'The objective over the in-sample trades, which the rank is by.'),
  rules: RulesView,
  metrics: described(MetricsView, 'Over the whole history, after costs.'),
  in_sample: SampleMetricsView('Over the trades closed before the choice: what it was ranked on.'),
  out_of_sample: SampleMetricsView('Over the trades entered after the choice, which the ranking never saw.'),
});

export const RunView = v.object({
  run_id: v.string(),
  created_at: v.string(),
  ticker: v.string(),
  objective: v.picklist(OBJECTIVES),
  pop_model: v.picklist(POP_MODELS),
  history: v.object({ from: v.string(), to: v.string(), sessions: v.number(), iv_source: v.picklist(['provider', 'realised_volatility']) }),
  iv_rank_today: v.object({
    rank: v.nullable(v.number()),
    percentile: v.nullable(v.number()),
    source: v.picklist(['provider', 'history']),
    gate_open: v.boolean(),
  }),
  evaluated: described(v.number(), 'Rule sets tried: every one counts toward the odds that rank 1 is luck.'),
  costs: TradingTermsView,
  validation: ValidationView,
  duration_ms: v.number(),
  market_notice: v.nullable(v.string()),
  note: v.nullable(v.string()),
  top_strategies: v.array(StrategyView),
});
