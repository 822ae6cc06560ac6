import { DEFAULT_WORST_FROM_MID, pricingPlan, type PricingPlan, type WalkMode } from '@condor/core';
import { EXAMPLE, SEED } from './fill-rate-table.js';
import { PARTIAL_FILL_RULES, simulateTwoLotWalk, TWO_LOTS, type PartialFillRule } from './two-lot-walk.js';

/**
 * The table of docs/fill-model.md's "Two-lot walks after a partial fill (issue 42)": 1,000 seeded two-lot walks for
 * each band, mode and rule; two-lot-walk-table.test.ts asserts what it shows and that the doc holds it as computed here.
 */

const WALKS = 1_000;
const MODES: readonly WalkMode[] = ['patient', 'normal'];
/** The house default band (the worst price `DEFAULT_WORST_FROM_MID` from the mid), and one as wide as it may be. */
const BANDS = {
  house: { words: `house default: worst ${String(Math.round(DEFAULT_WORST_FROM_MID * 100))}¢ from the mid`, worstPrice: undefined },
  natural: { words: 'wide: worst at the natural', worstPrice: EXAMPLE.netNatural },
} as const;
type BandName = keyof typeof BANDS;
const BAND_NAMES = Object.keys(BANDS) as BandName[];
const RULE_WORDS: Record<PartialFillRule, string> = {
  before: 'before: the rest cancelled at the next look',
  after: 'after: the rest rests until the time limit',
};

/** How 1,000 two-lot walks of one band, mode and rule ended. */
export interface TwoLotRow {
  readonly band: BandName;
  readonly mode: WalkMode;
  readonly rule: PartialFillRule;
  readonly plan: PricingPlan;
  /** Walks that ended with both condors filled. */
  readonly whole: number;
  /** Walks that ended with one of the two filled. */
  readonly one: number;
  readonly unfilled: number;
  /** The median walk's time from the first limit to its end. */
  readonly medianEndMs: number;
  /** The most any walk filled (never more than two). */
  readonly mostFilled: number;
  /** Indexes of the walks that ended whole: under the same draws, every one under `before` ends whole under `after`. */
  readonly wholeWalks: ReadonlySet<number>;
}

function planOf(band: BandName, mode: WalkMode): PricingPlan {
  const market = { mid: EXAMPLE.netMid, natural: EXAMPLE.netNatural };
  const planned = pricingPlan(market, { mode, worstPrice: BANDS[band].worstPrice, worstFromMid: DEFAULT_WORST_FROM_MID });
  if (!planned.ok) throw new Error(`no plan for the ${band} band in mode ${mode}: ${planned.problem.kind}`);
  return planned.plan;
}

function rowOf(band: BandName, mode: WalkMode, rule: PartialFillRule): TwoLotRow {
  const plan = planOf(band, mode);
  const counts = [0, 0, 0];
  const wholeWalks = new Set<number>();
  const endsMs: number[] = [];
  let mostFilled = 0;
  for (let index = 0; index < WALKS; index++) {
    const { filledQty, endedAt } = simulateTwoLotWalk({ plan, market: EXAMPLE, rule, index, seed: SEED });
    endsMs.push(endedAt);
    counts[filledQty] = (counts[filledQty] ?? 0) + 1;
    if (filledQty === TWO_LOTS) wholeWalks.add(index);
    mostFilled = Math.max(mostFilled, filledQty);
  }
  const medianEndMs = endsMs.sort((a, b) => a - b)[WALKS / 2] ?? 0;
  return { band, mode, rule, plan, whole: counts[2] ?? 0, one: counts[1] ?? 0, unfilled: counts[0] ?? 0, medianEndMs, mostFilled, wholeWalks };
}

/** Every band × mode × rule, the `before` row of each pair first. */
export function twoLotRows(): TwoLotRow[] {
  return BAND_NAMES.flatMap((band) => MODES.flatMap((mode) => PARTIAL_FILL_RULES.map((rule) => rowOf(band, mode, rule))));
}

const points = (count: number): string => ((count / WALKS) * 100).toFixed(1);
const share = (count: number): string => `${points(count)} %`;
const counted = (count: number): string => `${String(count)} (${share(count)})`;
const credits = (plan: PricingPlan): string => plan.steps.map((price) => (-price).toFixed(2)).join(' → ');
const minutes = (ms: number): string => `${(ms / 60_000).toFixed(1)} min`;

function tableOf(rows: readonly TwoLotRow[]): string[] {
  return [
    `| band | mode | credits walked | time limit | rule | ended whole, 2 of 2 (of ${String(WALKS)}) | ended 1 of 2 | ended unfilled | median walk ended after |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${BANDS[row.band].words} | ${row.mode} | ${credits(row.plan)} | ${minutes(row.plan.timeLimitMs)} | ${RULE_WORDS[row.rule]} ` +
        `| ${counted(row.whole)} | ${counted(row.one)} | ${counted(row.unfilled)} | ${String(row.medianEndMs / 1000)} s |`,
    ),
  ];
}

/** One line per band and mode: how far the share ending whole rose. */
function risesOf(rows: readonly TwoLotRow[]): string[] {
  return rows.flatMap((after, i) => {
    const before = rows[i - 1];
    if (after.rule !== 'after' || before?.rule !== 'before') return [];
    return [`- ${BANDS[after.band].words}, ${after.mode}: whole ${share(before.whole)} → ${share(after.whole)} (+${points(after.whole - before.whole)} points).`];
  });
}

/** docs/fill-model.md's table of two-lot walks and the parameters behind it, as Markdown, exactly as the doc holds it. */
export function twoLotWalkTables(rows: readonly TwoLotRow[] = twoLotRows()): string {
  const parameters =
    `Market: net mid ${(-EXAMPLE.netMid).toFixed(2)} credit, natural ${(-EXAMPLE.netNatural).toFixed(2)}, fixed; ` +
    `${String(WALKS)} walks of ${String(TWO_LOTS)} condors for each row, seed ${String(SEED)}, order ids \`walk2-<i>-step-<s>\` (the same in every row).`;
  return [parameters, '', ...tableOf(rows), '', 'The share ending whole, before → after:', '', ...risesOf(rows), ''].join('\n');
}
