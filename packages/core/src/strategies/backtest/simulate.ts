import type { RuleSet } from '../types.js';
import { exitOf, type TradeExit } from './exits.js';
import type { RunContext } from './run-context.js';
import type { ShapeSource, TradeShape } from './trade-shape.js';

/** A trade the capital allowed: its shape, its exit under the rule set, and its size. */
export interface TakenTrade {
  readonly shape: TradeShape;
  readonly exit: TradeExit;
  readonly qty: number;
  /** (wing width − credit)·100, dollars. */
  readonly maxLossPerContract: number;
}

/**
 * Walks the scheduled entries in order and sizes each trade within the capital: qty =
 * max(1, ⌊maxCapital·riskPerTrade / maxLossPerContract⌋), cut so that the max loss of the trades
 * still open plus this one stays within maxCapital; a trade that exits at a close no longer counts
 * at that close. An entry is skipped when the gate is closed, no expiry or credit is found, or no
 * contract fits.
 */
export function simulate(context: RunContext, shapes: ShapeSource, rules: RuleSet): { taken: TakenTrade[]; skipped: number } {
  const { maxCapital, riskPerTrade } = context.settings;
  const budget = maxCapital * riskPerTrade;
  const taken: TakenTrade[] = [];
  const open: TakenTrade[] = [];
  let skipped = 0;
  for (const shape of shapes(rules.entryDte, rules.wingWidth)) {
    if (typeof shape === 'string') {
      skipped++;
      continue;
    }
    let openRisk = 0;
    for (let i = open.length - 1; i >= 0; i--) {
      const trade = open[i] as TakenTrade;
      if (trade.exit.index <= shape.entry.index) open.splice(i, 1);
      else openRisk += trade.qty * trade.maxLossPerContract;
    }
    const maxLossPerContract = (shape.wingWidth - shape.credit) * 100;
    const qty = Math.min(Math.max(1, Math.floor(budget / maxLossPerContract)), Math.floor((maxCapital - openRisk) / maxLossPerContract));
    if (!(qty >= 1)) {
      skipped++;
      continue;
    }
    const trade = { shape, exit: exitOf(shape, rules, context.days), qty, maxLossPerContract };
    taken.push(trade);
    open.push(trade);
  }
  return { taken, skipped };
}
