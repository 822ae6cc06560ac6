import * as v from 'valibot';
import { BuyingPowerView, CostsView } from '../costs/costs-view.js';
import { TradeFlagsView } from '../events/flag-view.js';
import { MarketSessionView } from '../market/session-view.js';
import { ENTRY_RULES } from './entry-rules.js';
import { SORT_KEYS } from './types.js';

const integerIn = (min: number, max: number, fallback: number, description: string) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max), v.description(description)), fallback);
const numberIn = (min: number, max: number, fallback: number, description: string) =>
  v.optional(v.pipe(v.number(), v.minValue(min), v.maxValue(max), v.description(description)), fallback);

export const Ticker = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{1,5}(\.[A-Z])?$/),
  v.description('A US equity or ETF symbol, e.g. SPY.'),
);

export const FindIronCondorsInput = v.pipe(
  v.strictObject({
    ticker: v.optional(Ticker),
    saved_strategy_id: v.optional(
      v.pipe(v.string(), v.uuid(), v.description('Search with the rules and ticker of a saved strategy instead.')),
    ),
    dte_min: integerIn(0, 730, 20, 'Fewest calendar days to expiry.'),
    dte_max: integerIn(0, 730, 60, 'Most calendar days to expiry.'),
    short_delta_min: numberIn(0.01, 0.5, 0.1, 'Smallest |delta| of the short strikes.'),
    short_delta_max: numberIn(0.01, 0.5, 0.3, 'Largest |delta| of the short strikes.'),
    wing_widths: v.optional(
      v.pipe(
        v.array(v.pipe(v.number(), v.minValue(0.5), v.maxValue(100))),
        v.minLength(1),
        v.maxLength(5),
        v.description('Wing widths in dollars to try (same width on both sides).'),
      ),
      [5],
    ),
    min_credit: numberIn(0, 100, 0.3, 'Smallest net credit per share at mid prices.'),
    min_credit_to_width: numberIn(
      0,
      1,
      ENTRY_RULES.minCreditToWidth,
      "Smallest credit over the wing width, at the limit price propose_entry would use (the mid credit rounded down to the cent); propose_entry's default too.",
    ),
    max_leg_spread: numberIn(
      0.01,
      50,
      0.5,
      "Largest bid/ask spread of any leg, dollars per share. Legs must also meet propose_entry's rule: at most the larger of $0.05 and 25 % of the mid.",
    ),
    min_open_interest: integerIn(0, 1_000_000, 100, `Smallest open interest of any leg (propose_entry requires at least ${String(ENTRY_RULES.minOpenInterest)} whatever this says).`),
    top_k: integerIn(1, 50, 10, 'How many candidates to return (free tier: up to 10).'),
    sort_by: v.optional(v.pipe(v.picklist(SORT_KEYS), v.description('What to rank by; higher is better.')), 'pop'),
    forecast_volatility: v.optional(
      v.pipe(v.number(), v.minValue(0.01), v.maxValue(3), v.description('Premium: your volatility forecast for expected_value.')),
    ),
  }),
  v.forward(
    v.partialCheck([['ticker'], ['saved_strategy_id']], (i) => i.ticker !== undefined || i.saved_strategy_id !== undefined, 'Pass ticker or saved_strategy_id.'),
    ['ticker'],
  ),
  v.forward(v.partialCheck([['dte_min'], ['dte_max']], (i) => i.dte_min <= i.dte_max, 'dte_min must not exceed dte_max.'), ['dte_max']),
  v.forward(
    v.partialCheck(
      [['short_delta_min'], ['short_delta_max']],
      (i) => i.short_delta_min <= i.short_delta_max,
      'short_delta_min must not exceed short_delta_max.',
    ),
    ['short_delta_max'],
  ),
);

const Leg = v.object({
  occ_symbol: v.string(),
  type: v.picklist(['call', 'put']),
  strike: v.number(),
  bid: v.number(),
  ask: v.number(),
  mid: v.number(),
  delta: v.number(),
  iv: v.number(),
});

export const Candidate = v.object({
  ticker: v.string(),
  expiry: v.string(),
  dte: v.number(),
  width: v.number(),
  legs: v.object({ long_put: Leg, short_put: Leg, short_call: Leg, long_call: Leg }),
  net_credit: v.pipe(v.number(), v.description('Per share, at mid prices.')),
  max_profit: v.number(),
  max_loss: v.pipe(v.number(), v.description('Per share; × multiplier per contract.')),
  breakevens: v.object({ low: v.number(), high: v.number() }),
  pop: v.pipe(v.number(), v.description('Probability of any profit at expiry (lognormal at the breakevens, skew-aware).')),
  credit_to_width: v.number(),
  return_on_risk: v.number(),
  expected_value: v.pipe(v.number(), v.description('Per share, held to expiry, before costs.')),
  costs: v.pipe(CostsView, v.description('Opening and closing one contract: commission and regulatory fees.')),
  pop_after_costs: v.pipe(v.number(), v.description('POP with the breakevens moved in by the costs per share.')),
  expected_value_after_costs: v.pipe(v.number(), v.description('expected_value less the costs per share.')),
  buying_power: BuyingPowerView,
  flags: TradeFlagsView,
  delta: v.number(),
  theta: v.pipe(v.number(), v.description('Per day, per share.')),
  vega: v.pipe(v.number(), v.description('Per volatility point, per share.')),
  multiplier: v.literal(100),
  quote_time: v.string(),
  session: v.pipe(v.picklist(['regular', 'demo', 'closed']), v.description('The session the quotes belong to (see market.session).')),
});

export const FindIronCondorsOutput = v.object({
  ticker: v.string(),
  spot: v.number(),
  quote_time: v.string(),
  market: MarketSessionView,
  market_notice: v.nullable(v.string()),
  expiries_searched: v.number(),
  candidates: v.array(Candidate),
});
