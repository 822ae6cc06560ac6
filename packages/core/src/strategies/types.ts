/** How the probability of profit at entry is computed. `lognormal` is the free tier's. */
export const POP_MODELS = ['lognormal', 'monte_carlo', 'empirical'] as const;
export type PopModel = (typeof POP_MODELS)[number];

/**
 * How IV rank gates entries: `off`; `minimum` (IV rank >= threshold, the free tier's gate);
 * `maximum` (IV rank <= threshold); `percentile_minimum` (IV percentile >= threshold).
 */
export const IV_RANK_GATE_MODES = ['off', 'minimum', 'maximum', 'percentile_minimum'] as const;
export type IvRankGateMode = (typeof IV_RANK_GATE_MODES)[number];

/** What `top_strategies` is ranked by; every objective is "higher is better". */
export const OBJECTIVES = ['return_on_risk', 'total_pnl', 'expected_value', 'win_rate', 'pnl_to_drawdown'] as const;
export type Objective = (typeof OBJECTIVES)[number];

/** One iron-condor rule set: how to enter and how to manage, not which contracts. */
export interface RuleSet {
  /** Target |delta| of both short strikes at entry, e.g. 0.16. */
  readonly shortDelta: number;
  /** Distance in dollars between each short strike and its long strike. */
  readonly wingWidth: number;
  /** Target calendar days to expiry at entry; the nearest weekly expiry within dte_min..dte_max is taken. */
  readonly entryDte: number;
  /** Close when the profit reaches this fraction of the entry credit (0.5 = 50 %); null: never. */
  readonly profitTakePct: number | null;
  /** Close when this many calendar days or fewer are left; null: hold to expiry. */
  readonly managementDte: number | null;
  /** Close when the loss reaches this multiple of the entry credit; null: no stop. */
  readonly stopLossMultiple: number | null;
}

/** The values each rule is tried with; the optimizer backtests every valid combination. */
export interface RuleGrid {
  readonly shortDeltas: readonly number[];
  readonly wingWidths: readonly number[];
  readonly entryDtes: readonly number[];
  readonly profitTakePcts: readonly (number | null)[];
  readonly managementDtes: readonly (number | null)[];
  readonly stopLossMultiples: readonly (number | null)[];
}

/** One completed session of the underlying: its close and its 30-day ATM implied volatility at the close. */
export interface HistorySession {
  /** 'YYYY-MM-DD'. */
  readonly date: string;
  readonly close: number;
  /** Annualised, 0.2 = 20 %. */
  readonly atmVol: number;
}

/**
 * The shape of the volatility smile, relative to the ATM level: at standardised moneyness
 * z = ln(K/F) / (σ_atm √T), clamped to ±3.5, σ(K) = σ_atm · max(0.5, 1 − skew·z + curvature·z²).
 */
export interface SmileShape {
  readonly skew: number;
  readonly curvature: number;
}

/** The modelled bid/ask width of a contract, dollars per share: atm · (1 + perZ2 · z²), at most the mid. */
export interface SpreadModel {
  readonly atm: number;
  readonly perZ2: number;
}

/** Everything a backtest is priced from: the daily history and today's fitted smile and spreads. */
export interface MarketHistory {
  readonly ticker: string;
  /** Ascending by date, no gaps other than non-trading days. */
  readonly sessions: readonly HistorySession[];
  /** Continuous annual rates. */
  readonly rate: number;
  readonly dividendYield: number;
  readonly smile: SmileShape;
  readonly spread: SpreadModel;
}

/** The IV-rank gate of a run. `threshold` is 0–100. */
export interface IvRankGate {
  readonly mode: IvRankGateMode;
  readonly threshold: number;
}

/**
 * The price a backtest fills at, per share of the whole condor: `natural` (shorts at the bid, longs at the ask, to
 * open; the reverse to close), or `band`, the worst price of the person's default working-order band — the mid less
 * (to open) or plus (to close) `worstFromMid`, never past the natural price.
 */
export type FillRule = { readonly kind: 'natural' } | { readonly kind: 'band'; readonly worstFromMid: number };

/** How a backtest trades: the fill rule and the broker's commission per contract (fees: the ticket's table). */
export interface Execution {
  readonly fill: FillRule;
  readonly commissionPerContract: number;
}

/** The settings shared by every rule set of one run. */
export interface BacktestSettings {
  /** The first session index entries may happen on (earlier sessions only feed IV rank and realised volatility). */
  readonly firstEntryIndex: number;
  /** Entries happen every this many sessions from `firstEntryIndex` (5 = weekly). */
  readonly entryIntervalSessions: number;
  readonly dteMin: number;
  readonly dteMax: number;
  readonly ivRankGate: IvRankGate;
  /** The capital the strategy may have at risk at once, dollars. */
  readonly maxCapital: number;
  /** The share of `maxCapital` one trade is sized to risk (0.25 = a quarter). */
  readonly riskPerTrade: number;
  readonly popModel: PopModel;
  /** Seeds `monte_carlo`, so a run is reproducible. */
  readonly seed: number;
  readonly execution: Execution;
}

export type ExitReason = 'profit_take' | 'stop_loss' | 'management_dte' | 'expiry';

/** One backtested trade. Prices per share; `pnl`, `maxLoss` and `expectedValue` in dollars for all contracts. */
export interface BacktestTrade {
  readonly entryDate: string;
  readonly expiry: string;
  readonly strikes: CondorStrikes;
  readonly qty: number;
  /** Net credit received at the run's fill rule. */
  readonly credit: number;
  readonly exitDate: string;
  /** Debit paid to close at the run's fill rule, or the settlement value at expiry. */
  readonly exitDebit: number;
  readonly exitReason: ExitReason;
  /** Commissions and regulatory fees of the opening and closing orders, and of exercise or assignment of legs in the money at expiry. */
  readonly costs: number;
  /** After costs. */
  readonly pnl: number;
  readonly maxLoss: number;
  readonly popAtEntry: number;
  /** Held to expiry, under the trailing realised volatility as the forecast, after bid/ask costs. */
  readonly expectedValue: number;
  /** IV rank at entry (0–100), null when it could not be computed. */
  readonly ivRankAtEntry: number | null;
}

/** What a rule set did over the history. Dollars unless stated; P/L after costs. */
export interface BacktestMetrics {
  readonly trades: number;
  /** Commissions and fees of every trade. */
  readonly totalCosts: number;
  /** Share of trades closed with a profit (0–1); 0 without trades. */
  readonly winRate: number;
  readonly averagePnl: number;
  readonly totalPnl: number;
  /** Total P/L over the total max loss of all trades. */
  readonly returnOnRisk: number;
  /** Largest fall of the equity curve (realised plus open trades marked at each close) from its peak. */
  readonly maxDrawdown: number;
  /** Mean probability of profit at entry, by the run's pop model. */
  readonly popAtEntry: number;
  /** Mean expected value per trade at entry. */
  readonly expectedValue: number;
  /** The smallest trade P/L (most negative); 0 without trades. */
  readonly worstTrade: number;
  readonly averageDaysHeld: number;
  /** Scheduled entries not taken: gate closed, no expiry in range, no credit, or no capital left. */
  readonly skippedEntries: number;
}

export interface BacktestResult {
  readonly rules: RuleSet;
  readonly metrics: BacktestMetrics;
  readonly trades: readonly BacktestTrade[];
}

/** The four strikes of one condor, ascending. */
export interface CondorStrikes {
  readonly longPut: number;
  readonly shortPut: number;
  readonly shortCall: number;
  readonly longCall: number;
}

/** A trade at the moment it is entered: what a probability-of-profit model works from. */
export interface EntryContext {
  readonly history: MarketHistory;
  /** Index of the entry session in `history.sessions` (entry at its close). */
  readonly index: number;
  /** Calendar days from the entry session to the expiry. */
  readonly dte: number;
  readonly strikes: CondorStrikes;
  /** Net credit per share at the run's fill rule. */
  readonly credit: number;
  readonly rules: RuleSet;
}

/** A probability of profit at entry, 0–1. */
export type PopFunction = (entry: EntryContext) => number;
