/**
 * A stretch of a run's trades: those entered at schedule positions fromSlot … toSlot − 1 and closed at or before the
 * session `lastExit`. A choice made at the close of `lastExit` sees exactly the trades of windows ending there.
 */
export interface TradeWindow {
  readonly fromSlot: number;
  readonly toSlot: number;
  readonly lastExit: number;
}

/** The share of the scheduled entries the in-sample part takes; the out-of-sample part is the rest. */
export const IN_SAMPLE_SHARE = 2 / 3;

/** A run's split in time: rule sets are chosen at the close of `inSample.lastExit` and measured on `outOfSample`. */
export interface SampleSplit {
  readonly inSample: TradeWindow;
  readonly outOfSample: TradeWindow;
}

/**
 * The choice point before schedule position `slot`: the close before its entry. Trades still open there belong to
 * neither side — they would let what happened after the choice into it.
 */
export function chooseBefore(entryIndices: readonly number[], slot: number, sessions: number): number {
  return slot < entryIndices.length ? (entryIndices[slot] ?? sessions) - 1 : sessions - 1;
}

/** The earlier `IN_SAMPLE_SHARE` of the schedule to choose on, the rest to measure on. */
export function sampleSplit(entryIndices: readonly number[], sessions: number): SampleSplit {
  const slots = entryIndices.length;
  const split = Math.min(slots, Math.max(1, Math.floor(slots * IN_SAMPLE_SHARE)));
  return {
    inSample: { fromSlot: 0, toSlot: split, lastExit: chooseBefore(entryIndices, split, sessions) },
    outOfSample: { fromSlot: split, toSlot: slots, lastExit: sessions - 1 },
  };
}

/** How many walk-forward folds a run measures: the schedule is cut into one more part than this, the first only chosen on. */
export const WALK_FORWARD_FOLDS = 5;

/** The walk-forward folds: for each, the window chosen on (everything before it, closed by then) and the one measured. */
export function walkForwardFolds(entryIndices: readonly number[], sessions: number, folds = WALK_FORWARD_FOLDS): { choose: TradeWindow; measure: TradeWindow }[] {
  const slots = entryIndices.length;
  const parts = folds + 1;
  const cut = (part: number): number => Math.floor((slots * part) / parts);
  const result: { choose: TradeWindow; measure: TradeWindow }[] = [];
  for (let fold = 1; fold <= folds; fold++) {
    const from = cut(fold);
    const to = cut(fold + 1);
    if (from <= 0 || to <= from) continue;
    result.push({ choose: { fromSlot: 0, toSlot: from, lastExit: chooseBefore(entryIndices, from, sessions) }, measure: { fromSlot: from, toSlot: to, lastExit: sessions - 1 } });
  }
  return result;
}

/** Whether row `row` of a table with `slot` and `exit` columns falls in `window`. */
export const inWindow = (window: TradeWindow, slot: number, exit: number): boolean => slot >= window.fromSlot && slot < window.toSlot && exit <= window.lastExit;
