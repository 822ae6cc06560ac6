import { hashString, mixSeed, SeededRandom } from '@condor/core';
import { FILL_MODEL, fillChance, type LimitAgainstMarket } from './fill-curve.js';

/** One working order judged in one interval of its life: the market now, its size, and what makes the draw repeatable. */
export interface FillQuestion extends LimitAgainstMarket {
  /** The order's whole units (condors). */
  readonly qty: number;
  /** Units already filled. */
  readonly filledQty: number;
  /** Names the order's random stream: its id (or client order id), fixed for its life. */
  readonly orderId: string;
  /** The market's seed: another seed, other draws. */
  readonly seed: number;
  /** Which interval of the order's life is judged: `fillIntervalIndex(standingSince, now)`. */
  readonly interval: number;
}

/** What fills in the interval: `qty` whole units (0 = nothing) at `price`, always the order's limit. */
export interface IntervalFill {
  readonly qty: number;
  readonly price: number;
}

/**
 * Which interval of an order's life `at` falls in: 0 for its first `FILL_MODEL.intervalMs`, counted from when it
 * stood at its limit (a replace is a new order, so it starts again at 0).
 */
export function fillIntervalIndex(standingSince: number, at: number): number {
  return Math.floor((at - standingSince) / FILL_MODEL.intervalMs);
}

/**
 * How much of a working multi-leg limit order fills in one interval, and at what price: a pure, seeded draw, the
 * same for the same (seed, order id, interval) and market. A fill comes with `fillChance`; it takes one unit plus
 * each further remaining unit with that same chance, so a price nearer the natural fills more of a large order at
 * once. The price is the limit: never better for the counterparty, never worse for the trader. Judge every
 * interval once, with the market of that interval.
 *
 * @example
 * const interval = fillIntervalIndex(order.submittedAt, clock.now());
 * const { qty } = intervalFill({ limitPrice: -1.3, netMid: -1.5, netNatural: -1.1, qty: 3, filledQty: 1, orderId: order.id, seed, interval });
 * // qty is 0, 1 or 2
 */
export function intervalFill(question: FillQuestion): IntervalFill {
  const price = question.limitPrice;
  const remaining = Math.max(0, Math.floor(question.qty) - Math.floor(question.filledQty));
  const chance = fillChance(question);
  const random = new SeededRandom(mixSeed(question.seed, hashString(question.orderId), question.interval));
  if (remaining === 0 || random.uniform() >= chance) return { qty: 0, price };
  let qty = 1;
  for (let unit = 1; unit < remaining; unit++) if (random.uniform() < chance) qty++;
  return { qty, price };
}
