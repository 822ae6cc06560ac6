import { FILL_MODEL } from './fill-curve.js';
import { fillIntervalIndex, intervalFill } from './fill-model.js';
import type { FillMemory, FillProgress, LegsAt, PaperFill, PaperFills, WorkingAt } from './paper-fills.js';
import { netMid, netNatural, untradeableQuote, type PricedLeg } from './paper-legs.js';

/** The last interval of the order's life that has ended by now, or by its expiry if sooner (−1: none yet). */
const lastEnded = ({ order, now, expiresAt }: WorkingAt): number => fillIntervalIndex(order.submittedAt, Math.min(now, expiresAt)) - 1;

const NOT_JUDGED: FillProgress = { through: -1, filled: 0 };

/** Units of the order that fill in the interval after `progress`, against the legs' market at its end. */
function unitsIn(seed: number, progress: FillProgress, { order }: WorkingAt, legs: readonly PricedLeg[] | undefined): number {
  if (legs === undefined || untradeableQuote(legs) !== undefined) return 0;
  const market = { limitPrice: order.limitPrice, netMid: netMid(legs), netNatural: netNatural(legs) };
  return intervalFill({ ...market, qty: order.qty, filledQty: progress.filled, orderId: order.id, seed, interval: progress.through + 1 }).qty;
}

/** `fills` less their first `units` units. */
function after(fills: readonly PaperFill[], units: number): PaperFill[] {
  let skip = units;
  return fills.flatMap((fill) => {
    const kept = fill.units - Math.min(skip, fill.units);
    skip -= fill.units - kept;
    return kept > 0 ? [{ ...fill, units: kept }] : [];
  });
}

/**
 * The fill model `realistic` (docs/fill-model.md): each interval of an order's life is judged once it has ended,
 * against the market as it stood at its end, with a seeded draw. What filled by any interval, and at which market,
 * is then a function of the seed, the order and the market alone: whichever process judges, however often the
 * account is read, it finds the same fills, and only those beyond what the order already has fill now. A
 * replacement is a new order, so its intervals count from its own submission. Nothing fills while a leg's quote is
 * crossed or one-sided (or cannot be priced); the price is always the limit.
 */
export function realisticFills(seed: number): PaperFills {
  return {
    due: (at, memory) => lastEnded(at) > (memory.get(at.order.id) ?? NOT_JUDGED).through,
    fill: async (at: WorkingAt, legsAt: LegsAt, memory: FillMemory) => {
      const { order } = at;
      const last = lastEnded(at);
      const remembered = memory.get(order.id);
      // What this process remembers holds only while the order has what it found filled (its commit may have been lost).
      const start = remembered?.filled === order.filledQty ? remembered : NOT_JUDGED;
      const fills: PaperFill[] = [];
      let progress = start;
      while (progress.through < last && progress.filled < order.qty) {
        const end = order.submittedAt + (progress.through + 2) * FILL_MODEL.intervalMs;
        const legs = await legsAt(end);
        const units = unitsIn(seed, progress, at, legs);
        if (units > 0 && legs !== undefined) fills.push({ at: end, units, legs });
        progress = { through: progress.through + 1, filled: progress.filled + units };
      }
      memory.set(order.id, progress);
      return after(fills, order.filledQty - start.filled);
    },
  };
}
