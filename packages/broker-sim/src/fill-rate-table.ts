import { FILL_MODEL, fillChance, type LimitAgainstMarket } from './fill-curve.js';
import { intervalFill } from './fill-model.js';

/**
 * The tables of docs/fill-model.md, from seeded simulated orders: fill-rate-table.test.ts asserts what they show
 * and that the doc holds them as computed here.
 */

const ORDERS = 1_000;
export const SEED = 28;
/** A 10 s dwell at one price, Option Alpha's "Normal" step. */
const DWELL_INTERVALS = 2;
const LARGE_QTY = 10;
/** An iron condor for 1.50 credit at the mid whose legs' spreads make 1.10 the natural. */
export const EXAMPLE = { netMid: -1.5, netNatural: -1.1 } as const;
const DISTANCES = [0, 0.25, 0.5, 0.75, 1] as const;
/** Option Alpha's "Normal" walk: four prices from the mid to the final price, here the natural. */
const WALK = [0, 1 / 3, 2 / 3, 1] as const;

/** One distance from the mid: the model's chances and what 1,000 seeded orders did in one dwell. */
export interface DistanceRow {
  /** Share of the way from the mid (0) to the natural (1). */
  readonly way: number;
  readonly chancePerInterval: number;
  readonly chanceInDwell: number;
  /** How many of the 1-lots filled within the dwell. */
  readonly filled: number;
  /** Condors filled of all the 10-lots' condors within the dwell. */
  readonly largeFilledShare: number;
}

/** One price of the walk: how many of the walks filled there, and by then. */
export interface WalkStep {
  readonly way: number;
  readonly filled: number;
  readonly filledBy: number;
}

const at = (way: number): LimitAgainstMarket => ({ ...EXAMPLE, limitPrice: EXAMPLE.netMid + way * (EXAMPLE.netNatural - EXAMPLE.netMid) });

/** Condors of a `qty`-lot order filled while it stands `DWELL_INTERVALS` at one price. */
function filledInDwell(way: number, qty: number, orderId: string): number {
  let filledQty = 0;
  for (let interval = 0; interval < DWELL_INTERVALS; interval++) {
    filledQty += intervalFill({ ...at(way), qty, filledQty, orderId, seed: SEED, interval }).qty;
  }
  return filledQty;
}

export function distanceRows(): DistanceRow[] {
  return DISTANCES.map((way) => {
    const chancePerInterval = fillChance(at(way));
    let filled = 0;
    let largeFilled = 0;
    for (let i = 0; i < ORDERS; i++) {
      if (filledInDwell(way, 1, `dwell-${way}-${i}`) > 0) filled++;
      largeFilled += filledInDwell(way, LARGE_QTY, `dwell-${way}-${i}-x${LARGE_QTY}`);
    }
    return { way, chancePerInterval, chanceInDwell: 1 - (1 - chancePerInterval) ** DWELL_INTERVALS, filled, largeFilledShare: largeFilled / (ORDERS * LARGE_QTY) };
  });
}

/** 1,000 one-lot walks; each price is a new order (a replace is one), so its intervals count from 0. */
export function walkSteps(): WalkStep[] {
  const filled = WALK.map(() => 0);
  for (let i = 0; i < ORDERS; i++) {
    const step = WALK.findIndex((way, s) => filledInDwell(way, 1, `walk-${i}-step-${s}`) > 0);
    if (step >= 0) filled[step] = (filled[step] ?? 0) + 1;
  }
  let filledBy = 0;
  return WALK.map((way, s) => {
    filledBy += filled[s] ?? 0;
    return { way, filled: filled[s] ?? 0, filledBy };
  });
}

/** WhisperTrades' slippage scale: 0 % at the trader's best side of the spread, 50 % at the mid, 100 % at the natural. */
export const whisperTradesShare = (way: number): number => 0.5 + way / 2;

/** The price at which half the walks had filled, as a share of the way to the natural. */
export function medianWalkFill(steps: readonly WalkStep[]): number | undefined {
  return steps.find((step) => step.filledBy >= ORDERS / 2)?.way;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const credit = (way: number): string => (-at(way).limitPrice).toFixed(2);

function distanceTable(): string[] {
  const dwell = `${(DWELL_INTERVALS * FILL_MODEL.intervalMs) / 1000} s`;
  return [
    `| limit: way from mid to natural | WhisperTrades scale | credit (mid 1.50, natural 1.10) | chance per ${FILL_MODEL.intervalMs / 1000} s ` +
      `| chance in ${dwell} | 1-lots filled in ${dwell} (of ${ORDERS}) | condors of ${LARGE_QTY}-lots filled in ${dwell} |`,
    '|---|---|---|---|---|---|---|',
    ...distanceRows().map(
      (row) =>
        `| ${percent(row.way)} | ${percent(whisperTradesShare(row.way))} | ${credit(row.way)} | ${percent(row.chancePerInterval)} | ${percent(row.chanceInDwell)} | ${row.filled} | ${percent(row.largeFilledShare)} |`,
    ),
  ];
}

function walkTable(): string[] {
  const steps = walkSteps();
  const median = medianWalkFill(steps);
  return [
    `| step | limit: way from mid to natural | WhisperTrades scale | credit | walks filled at this step (of ${ORDERS}) | filled by this step |`,
    '|---|---|---|---|---|---|',
    ...steps.map((step, s) => `| ${s + 1} | ${percent(step.way)} | ${percent(whisperTradesShare(step.way))} | ${credit(step.way)} | ${step.filled} | ${step.filledBy} |`),
    '',
    `Half the walks had filled by ${median === undefined ? 'no step' : `${percent(whisperTradesShare(median))} on WhisperTrades' scale (credit ${credit(median)})`}.`,
  ];
}

/** The tables of docs/fill-model.md and the parameters behind them, as Markdown, exactly as the doc holds them. */
export function fillRateTables(): string {
  const parameters =
    `Parameters (\`FILL_MODEL\`): interval ${FILL_MODEL.intervalMs / 1000} s, λ at the mid ${FILL_MODEL.midRatePerSecond} a second, ` +
    `steepness k = ${FILL_MODEL.steepness}; seed ${SEED}, order ids \`dwell-<way>-<i>\` and \`walk-<i>-step-<s>\`.`;
  return [parameters, '', ...distanceTable(), '', ...walkTable(), ''].join('\n');
}
