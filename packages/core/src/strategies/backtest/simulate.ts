import type { RuleSet } from '../types.js';
import { exitAt, exitIndex, exitStep, type TradeExit } from './exits.js';
import { closingFees, openingFees } from './trade-fees.js';
import type { RunContext } from './run-context.js';
import type { ShapeSkip, ShapeSource, TradeShape } from './trade-shape.js';

/** A trade the capital allowed: its shape, its exit under the rule set, and its size. */
export interface TakenTrade {
  readonly shape: TradeShape;
  readonly exit: TradeExit;
  readonly qty: number;
  /** (wing width − credit)·100, dollars. */
  readonly maxLossPerContract: number;
  /** The opening order's commissions and fees, dollars. */
  readonly openingCosts: number;
  /** Opening, closing (or exercise and assignment) together, dollars. */
  readonly costs: number;
  /** Its position in the run's entry schedule (`context.entries`). */
  readonly slot: number;
}

/**
 * Called for each trade the capital allows, in entry order, with its position in the schedule (`context.entries`),
 * where it exits (`exitStep`'s answer) and its costs.
 */
export type TakeTrade = (shape: TradeShape, exitStep: number, qty: number, maxLossPerContract: number, costs: TradeCostPair, slot: number) => void;

/** A trade's opening costs and its total costs, dollars; one object reused for every trade of a walk. */
export interface TradeCostPair {
  opening: number;
  total: number;
}

/**
 * Walks the scheduled entries in order and sizes each trade within the capital: qty =
 * max(1, ⌊maxCapital·riskPerTrade / maxLossPerContract⌋), cut so that the max loss of the trades
 * still open plus this one stays within maxCapital; a trade that exits at a close no longer counts
 * at that close. An entry is skipped when the gate is closed, no expiry or credit is found, or no
 * contract fits. Hands each trade to `take` and returns the number of entries skipped.
 */
export function walkTrades(context: RunContext, shapes: ShapeSource, rules: RuleSet, take: TakeTrade): number {
  const { maxCapital, riskPerTrade, execution } = context.settings;
  const { commissionPerContract } = execution;
  const costs: TradeCostPair = { opening: 0, total: 0 };
  const budget = maxCapital * riskPerTrade;
  // The open trades' exit sessions and max losses (qty × per contract), in entry order.
  const openExits: number[] = [];
  const openRisks: number[] = [];
  let open = 0;
  let skipped = 0;
  const list = shapes(rules.entryDte, rules.wingWidth);
  // An indexed loop: this runs for every trade of every rule set, and a for-of here kept an iterator result per trade.
  for (let at = 0; at < list.length; at++) {
    const shape = list[at] as TradeShape | ShapeSkip;
    if (typeof shape === 'string') {
      skipped++;
      continue;
    }
    const entryIndex = shape.entry.index;
    // Last to first: the order the open risk has always been summed in, so sizes stay bit-identical.
    let openRisk = 0;
    for (let i = open - 1; i >= 0; i--) if ((openExits[i] as number) > entryIndex) openRisk += openRisks[i] as number;
    let kept = 0;
    for (let i = 0; i < open; i++) {
      if ((openExits[i] as number) <= entryIndex) continue;
      openExits[kept] = openExits[i] as number;
      openRisks[kept++] = openRisks[i] as number;
    }
    open = kept;
    const maxLossPerContract = (shape.wingWidth - shape.credit) * 100;
    const qty = Math.min(Math.max(1, Math.floor(budget / maxLossPerContract)), Math.floor((maxCapital - openRisk) / maxLossPerContract));
    if (!(qty >= 1)) {
      skipped++;
      continue;
    }
    const step = exitStep(shape, rules, context.days);
    costs.opening = openingFees(shape, qty, commissionPerContract);
    costs.total = costs.opening + closingFees(shape, step, qty, commissionPerContract);
    take(shape, step, qty, maxLossPerContract, costs, at);
    openExits[open] = exitIndex(shape, step);
    openRisks[open++] = qty * maxLossPerContract;
  }
  return skipped;
}

/** `walkTrades` collecting the trades. */
export function simulate(context: RunContext, shapes: ShapeSource, rules: RuleSet): { taken: TakenTrade[]; skipped: number } {
  const taken: TakenTrade[] = [];
  const skipped = walkTrades(context, shapes, rules, (shape, step, qty, maxLossPerContract, costs, slot) => {
    taken.push({ shape, exit: exitAt(shape, rules, context.days, step), qty, maxLossPerContract, openingCosts: costs.opening, costs: costs.total, slot });
  });
  return { taken, skipped };
}
