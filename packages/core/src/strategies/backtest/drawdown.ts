import type { TakenTrade } from './simulate.js';

/** P/L of a trade closed at its exit after its costs, dollars for all contracts. */
export function tradePnl(trade: TakenTrade): number {
  return (trade.shape.credit - trade.exit.debit) * 100 * trade.qty - trade.costs;
}

/**
 * The largest fall from a peak of the daily equity curve, dollars: at each close from the first
 * entry to the last exit, maxCapital + the P/L after costs of the trades closed so far + every open trade
 * marked at that close's debit (credit − debit to close, less its opening costs). The peak starts at maxCapital.
 */
export function maxDrawdown(taken: readonly TakenTrade[], maxCapital: number): number {
  const first = taken[0];
  if (first === undefined) return 0;
  const start = first.shape.entry.index;
  const end = taken.reduce((last, trade) => Math.max(last, trade.exit.index), start);
  const marks = new Float64Array(end - start + 1);
  const realised = new Float64Array(end - start + 1);
  for (const trade of taken) {
    const { shape, exit, qty, openingCosts } = trade;
    const offset = shape.entry.index - start;
    for (let k = 0; k < exit.index - shape.entry.index; k++) {
      marks[offset + k] = (marks[offset + k] ?? 0) + (shape.credit - (shape.debits[k] ?? 0)) * 100 * qty - openingCosts;
    }
    realised[exit.index - start] = (realised[exit.index - start] ?? 0) + tradePnl(trade);
  }
  let closedPnl = 0;
  let peak = maxCapital;
  let drawdown = 0;
  for (let i = 0; i < marks.length; i++) {
    closedPnl += realised[i] ?? 0;
    const equity = maxCapital + closedPnl + (marks[i] ?? 0);
    peak = Math.max(peak, equity);
    drawdown = Math.max(drawdown, peak - equity);
  }
  return drawdown;
}
