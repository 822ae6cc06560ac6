import { hashString, mixSeed, SeededRandom } from './seeded-random.js';
import { quoteLeg, type LegMarket } from './smile.js';
import type { CondorStrikes, EntryContext, PopFunction } from './types.js';

const DAYS_PER_YEAR = 365;
/** Keeps the smile's standardised moneyness finite when a session reports no volatility. */
const MIN_VOLATILITY = 1e-4;
/** A day's grid spans the paths' log return ± this many standard deviations; paths beyond are priced one by one. */
const GRID_DEVIATIONS = 6;
/** Grid step in log spot: at most 1 %, at most half the remaining σ√T (the debit's curvature scale), at least span/400. */
const MAX_GRID_STEP = 0.01;
const MAX_GRID_POINTS = 400;
/** Where an outcome changes is located to this width in log spot (about 1e-10 of the spot). */
const BREAK_TOLERANCE = 1e-10;

/** What a path does on a day, given the debit to close there. */
export const Outcome = { hold: 0, exitWithProfit: 1, exitWithoutProfit: 2 } as const;
export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** Where, in log return since entry, a day's outcome changes: `outcomes[i]` holds from `breaks[i − 1]` (inclusive). */
interface DayRegions {
  readonly lower: number;
  readonly upper: number;
  readonly breaks: readonly number[];
  readonly outcomes: readonly Outcome[];
}

/**
 * The management rules of one entry as a function of the day and the log return since entry.
 * Exported for its test.
 */
export class ExitRule {
  readonly days: number;
  /** Mean and standard deviation of one day's log return. */
  readonly dailyDrift: number;
  readonly dailyVolatility: number;
  /** Days before this one need no quote: nothing can trigger there. */
  readonly firstQuotedDay: number;
  private readonly market: Omit<LegMarket, 'spot' | 'years'>;
  private readonly strikes: CondorStrikes;
  private readonly entrySpot: number;
  private readonly credit: number;
  /** Exit once the debit to close is at most this (profit ≥ profitTakePct·credit); −∞: never. */
  private readonly takeProfitDebit: number;
  /** Exit once the debit to close is at least this (loss ≥ stopLossMultiple·credit); +∞: never. */
  private readonly stopLossDebit: number;
  /** The first day with at most `managementDte` calendar days left; `days`: hold to expiry. */
  private readonly managementDay: number;
  private readonly regions: (DayRegions | undefined)[] = [];

  constructor(entry: EntryContext) {
    const { history, rules, credit } = entry;
    const session = history.sessions[entry.index];
    if (session === undefined) throw new RangeError(`entry index ${entry.index} is outside the history`);
    const volatility = Math.max(MIN_VOLATILITY, session.atmVol);
    this.days = Math.max(1, Math.round(entry.dte));
    this.dailyDrift = (history.rate - history.dividendYield - (volatility * volatility) / 2) / DAYS_PER_YEAR;
    this.dailyVolatility = volatility / Math.sqrt(DAYS_PER_YEAR);
    this.market = { rate: history.rate, dividendYield: history.dividendYield, atmVol: volatility, smile: history.smile, spread: history.spread };
    this.strikes = entry.strikes;
    this.entrySpot = session.close;
    this.credit = credit;
    this.takeProfitDebit = rules.profitTakePct === null ? Number.NEGATIVE_INFINITY : credit - rules.profitTakePct * credit;
    this.stopLossDebit = rules.stopLossMultiple === null ? Number.POSITIVE_INFINITY : credit + rules.stopLossMultiple * credit;
    this.managementDay = rules.managementDte === null ? this.days : Math.max(1, this.days - rules.managementDte);
    const managed = rules.profitTakePct !== null || rules.stopLossMultiple !== null;
    this.firstQuotedDay = managed ? 1 : this.managementDay;
  }

  /** Whether the condor, held to expiry, ends with a profit at this log return. */
  profitsAtExpiry(logReturn: number): boolean {
    const spot = this.entrySpot * Math.exp(logReturn);
    const { longPut, shortPut, shortCall, longCall } = this.strikes;
    const payout = Math.max(0, shortPut - spot) - Math.max(0, longPut - spot) + Math.max(0, spot - shortCall) - Math.max(0, spot - longCall);
    return this.credit - payout > 0;
  }

  /** The outcome on a day before expiry from a quote at this log return: the reference `outcome` follows. */
  exactOutcome(day: number, logReturn: number): Outcome {
    const debit = this.debitToClose(day, logReturn);
    const exits = day >= this.managementDay || debit <= this.takeProfitDebit || debit >= this.stopLossDebit;
    if (!exits) return Outcome.hold;
    return this.credit - debit > 0 ? Outcome.exitWithProfit : Outcome.exitWithoutProfit;
  }

  /**
   * `exactOutcome`, read from the day's regions: quoted once per day on a grid of log returns and
   * refined where the outcome changes, so thousands of paths cost a few hundred quotes per day.
   */
  outcome(day: number, logReturn: number): Outcome {
    const regions = (this.regions[day] ??= this.dayRegions(day));
    if (!(logReturn >= regions.lower && logReturn <= regions.upper)) return this.exactOutcome(day, logReturn);
    const { breaks, outcomes } = regions;
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((breaks[middle] ?? 0) <= logReturn) low = middle + 1;
      else high = middle;
    }
    return outcomes[low] ?? Outcome.hold;
  }

  /** The natural debit to close: shorts bought at the ask, longs sold at the bid. */
  private debitToClose(day: number, logReturn: number): number {
    const market: LegMarket = { ...this.market, spot: this.entrySpot * Math.exp(logReturn), years: (this.days - day) / DAYS_PER_YEAR };
    const { longPut, shortPut, shortCall, longCall } = this.strikes;
    return (
      quoteLeg(market, 'put', shortPut).ask +
      quoteLeg(market, 'call', shortCall).ask -
      quoteLeg(market, 'put', longPut).bid -
      quoteLeg(market, 'call', longCall).bid
    );
  }

  private dayRegions(day: number): DayRegions {
    const centre = this.dailyDrift * day;
    const halfSpan = GRID_DEVIATIONS * this.dailyVolatility * Math.sqrt(day);
    const remaining = this.dailyVolatility * Math.sqrt(this.days - day);
    const step = Math.max(Math.min(MAX_GRID_STEP, remaining / 2), (2 * halfSpan) / MAX_GRID_POINTS);
    const cells = Math.max(1, Math.ceil((2 * halfSpan) / step));
    const lower = centre - halfSpan;
    const at = (cell: number): number => lower + (2 * halfSpan * cell) / cells;
    const breaks: number[] = [];
    const outcomes: Outcome[] = [this.exactOutcome(day, lower)];
    const refine = (left: number, leftOutcome: Outcome, right: number, rightOutcome: Outcome): void => {
      if (leftOutcome === rightOutcome) return;
      if (right - left <= BREAK_TOLERANCE) {
        breaks.push(right);
        outcomes.push(rightOutcome);
        return;
      }
      const middle = (left + right) / 2;
      const middleOutcome = this.exactOutcome(day, middle);
      refine(left, leftOutcome, middle, middleOutcome);
      refine(middle, middleOutcome, right, rightOutcome);
    };
    let left = lower;
    let leftOutcome = outcomes[0] ?? Outcome.hold;
    for (let cell = 1; cell <= cells; cell++) {
      const right = at(cell);
      const rightOutcome = this.exactOutcome(day, right);
      refine(left, leftOutcome, right, rightOutcome);
      left = right;
      leftOutcome = rightOutcome;
    }
    return { lower, upper: left, breaks, outcomes };
  }
}

/** Whether one path of daily shocks (`sign` −1 for the antithetic twin) exits with a profit. */
function pathProfits(rule: ExitRule, shocks: Float64Array, sign: number): boolean {
  let logReturn = 0;
  for (let day = 1; day < rule.days; day++) {
    logReturn += rule.dailyDrift + sign * rule.dailyVolatility * (shocks[day - 1] ?? 0);
    if (day < rule.firstQuotedDay) continue;
    const outcome = rule.outcome(day, logReturn);
    if (outcome !== Outcome.hold) return outcome === Outcome.exitWithProfit;
  }
  logReturn += rule.dailyDrift + sign * rule.dailyVolatility * (shocks[rule.days - 1] ?? 0);
  return rule.profitsAtExpiry(logReturn);
}

/** The seed of one entry: the run's seed with the entry date, DTE and strikes (not the rules; see `monteCarloPop`). */
function entrySeed(seed: number, entry: EntryContext): number {
  const { longPut, shortPut, shortCall, longCall } = entry.strikes;
  return mixSeed(seed, hashString(entry.history.sessions[entry.index]?.date ?? ''), entry.dte, longPut, shortPut, shortCall, longCall);
}

/**
 * The Monte Carlo probability of profit with the rule set's management, as the backtest manages:
 * the share of simulated paths whose exit P/L (credit − exit debit) is above 0.
 *
 * Each path is a geometric Brownian motion from the entry close, one step per calendar day (T in
 * calendar days ÷ 365, as the options math), under the risk-neutral drift r − q at the entry
 * session's ATM volatility. On each day before expiry the natural debit to close — ask of the
 * shorts less bid of the longs — is quoted with `quoteLeg` on the history's smile and spread models,
 * with the ATM level held at its entry value (the smile moves with the spot: sticky moneyness). The
 * path exits on the first day where the profit reaches `profitTakePct`·credit, the loss reaches
 * `stopLossMultiple`·credit, or at most `managementDte` days are left; otherwise it settles at
 * intrinsic value at expiry.
 *
 * Each day's quotes are taken once on a grid of spots and refined to 1e-10 where the outcome changes,
 * then shared by all paths (a path beyond the grid's ±6σ is quoted itself), so the cost barely
 * grows with `paths`. Paths come in antithetic pairs. Each entry is seeded from `seed`, its date, DTE
 * and strikes, so its answer depends on nothing run before it, bit for bit; rule sets that differ
 * only in management see the same paths, so their POPs differ by the rules, not by sampling noise.
 * Standard error ≈ √(p(1−p)/paths), at most 1.1 pp at 2,000 paths.
 *
 * @example
 * const pop = monteCarloPop({ seed: run.seed, paths: 2_000 });
 * pop({ history, index, dte: 45, strikes, credit: 1.47, rules }); // e.g. 0.71
 */
export function monteCarloPop(options: { readonly seed: number; readonly paths: number }): PopFunction {
  const paths = Math.max(1, Math.floor(options.paths) || 1);
  return (entry) => {
    if (!Number.isFinite(entry.credit)) return 0;
    const rule = new ExitRule(entry);
    const random = new SeededRandom(entrySeed(options.seed, entry));
    const shocks = new Float64Array(rule.days);
    let profitable = 0;
    for (let path = 0; path < paths; path += 2) {
      for (let day = 0; day < rule.days; day++) shocks[day] = random.normal();
      if (pathProfits(rule, shocks, 1)) profitable++;
      if (path + 1 < paths && pathProfits(rule, shocks, -1)) profitable++;
    }
    return profitable / paths;
  };
}
