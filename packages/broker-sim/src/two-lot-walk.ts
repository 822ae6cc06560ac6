import { decideWalk, deadlineOf, inBand, type BrokerOrder, type OrderStatus, type PricingPlan, type WalkAction, type WalkStatus, type WorkingOrder } from '@condor/core';
import type { LimitAgainstMarket } from './fill-curve.js';
import { fillIntervalIndex, intervalFill } from './fill-model.js';

/**
 * One seeded walk of a two-lot entry against the realistic fill model, moved by the real `decideWalk` of
 * `@condor/core` (issue 42): docs/fill-model.md's table of two-lot walks is 1,000 of these for each rule, band and mode.
 */

/**
 * What the walk does with the rest of a partly filled order: `before` issue 42 it was cancelled at the next look
 * (the old rule, wrapped around `decideWalk` here for comparison); `after`, today's `decideWalk`, it rests at its
 * limit until the time limit.
 */
export type PartialFillRule = 'before' | 'after';
export const PARTIAL_FILL_RULES: readonly PartialFillRule[] = ['before', 'after'];

export interface TwoLotWalkSetup {
  readonly plan: PricingPlan;
  /** The package's market for the whole walk, per share, condor's sign. */
  readonly market: Omit<LimitAgainstMarket, 'limitPrice'>;
  readonly rule: PartialFillRule;
  /** Names the walk's orders, `walk2-<index>-step-<s>`: the same index draws the same fills under every rule. */
  readonly index: number;
  readonly seed: number;
}

/** How the walk ended, with every order of its chain as the broker last reported it. */
export interface TwoLotWalkEnd {
  readonly status: Exclude<WalkStatus, 'working'>;
  readonly filledQty: number;
  readonly endedAt: number;
  readonly orders: readonly BrokerOrder[];
}

export const TWO_LOTS = 2;
/** Orders the simulated broker works: nothing else fills. */
const WORKING: ReadonlySet<OrderStatus> = new Set(['accepted', 'partially_filled']);
/** Far more looks than any walk of a few minutes takes: reaching it means the walk stopped moving. */
const MOST_LOOKS = 10_000;

/** An order of the walk and how many intervals of its life have been judged. */
interface Resting {
  readonly order: BrokerOrder;
  readonly judged: number;
}

const orderId = (index: number, step: number): string => `walk2-${String(index)}-step-${String(step)}`;
const filledOf = (orders: readonly BrokerOrder[]): number => orders.reduce((sum, order) => sum + order.filledQty, 0);

/** The old rule: some but not all filled and an order still working → cancel it now; else as `decideWalk`. */
function decideBefore(walk: WorkingOrder, orders: readonly BrokerOrder[], now: number): WalkAction {
  const filledQty = filledOf(orders);
  const working = orders.filter((order) => WORKING.has(order.status));
  if (filledQty > 0 && filledQty < walk.qty && working.length > 0) return { kind: 'cancel', orders: working };
  return decideWalk(walk, orders, now);
}

const DECIDE: Record<PartialFillRule, typeof decideWalk> = { before: decideBefore, after: decideWalk };

function placed(setup: TwoLotWalkSetup, step: number, limitPrice: number, now: number): Resting {
  const id = orderId(setup.index, step);
  const order: BrokerOrder = { id, clientOrderId: id, status: 'accepted', qty: TWO_LOTS, filledQty: 0, limitPrice, filledAvgPrice: null, submittedAt: now, legs: [] };
  return { order, judged: 0 };
}

/** The order with every interval of its life that has ended by `now` judged, as the paper broker sweeps before each call. */
function filledBy({ order, judged }: Resting, now: number, setup: TwoLotWalkSetup): Resting {
  let current = order;
  let through = judged;
  const ended = fillIntervalIndex(current.submittedAt, now);
  while (WORKING.has(current.status) && through < ended) {
    const question = { ...setup.market, limitPrice: current.limitPrice, qty: current.qty, filledQty: current.filledQty, orderId: current.id, seed: setup.seed, interval: through };
    const { qty, price } = intervalFill(question);
    through++;
    if (qty === 0) continue;
    const filledQty = current.filledQty + qty;
    current = { ...current, filledQty, filledAvgPrice: price, status: filledQty >= current.qty ? 'filled' : 'partially_filled' };
  }
  return { order: current, judged: through };
}

const ended = (resting: Resting, status: OrderStatus): Resting => ({ ...resting, order: { ...resting.order, status } });

function startedWalk(setup: TwoLotWalkSetup, first: BrokerOrder): WorkingOrder {
  const step = { at: 0, limitPrice: first.limitPrice, clientOrderId: first.id, orderId: first.id, state: 'standing' as const };
  return {
    proposalId: `walk2-${String(setup.index)}`,
    ownerId: 'simulated',
    positionId: `walk2-${String(setup.index)}`,
    plan: setup.plan,
    qty: TWO_LOTS,
    steps: [step],
    status: 'working',
    filledQty: 0,
    nextAt: 0,
    startedAt: 0,
    endedAt: null,
    detail: null,
    cancelRequested: false,
  };
}

/**
 * Walks one two-lot entry from the plan's start price: at each look the broker's fills up to now are read back, then
 * the rule decides. A replace or cancel takes effect at the look and the walker looks again at once (a wait then
 * carries it to the step's dwell, as the real walker's next look; nothing fills at a cancelled order meanwhile); a wait
 * carries it to the time `decideWalk` says, never more than `POLL_MS` on. A replace is a new order whose intervals
 * count from 0, as `realisticFills` does. Throws when the walk breaks an invariant (see `brokenInvariant`).
 *
 * @example
 * const end = simulateTwoLotWalk({ plan, market: { netMid: -1.5, netNatural: -1.1 }, rule: 'after', index: 7, seed: 28 });
 * // end.status is 'filled', 'partial' or 'expired'; end.filledQty is 0, 1 or 2
 */
export function simulateTwoLotWalk(setup: TwoLotWalkSetup): TwoLotWalkEnd {
  const decide = DECIDE[setup.rule];
  const first = placed(setup, 0, setup.plan.startPrice, 0);
  let chain = [first];
  let walk = startedWalk(setup, first.order);
  let now = 0;
  for (let look = 0; look < MOST_LOOKS; look++) {
    chain = chain.map((resting) => filledBy(resting, now, setup));
    const orders = chain.map((resting) => resting.order);
    const broken = brokenInvariant(walk, orders);
    if (broken !== null) throw new Error(`walk2-${String(setup.index)} (${setup.rule}) at ${String(now)} ms: ${broken}`);
    const action = decide(walk, orders, now);
    switch (action.kind) {
      case 'wait':
        if (action.until <= now) throw new Error(`walk2-${String(setup.index)} waits until ${String(action.until)} at ${String(now)} ms`);
        now = action.until;
        break;
      case 'cancel': {
        const cancelled = new Set(action.orders.map((order) => order.id));
        chain = chain.map((resting) => (cancelled.has(resting.order.id) && WORKING.has(resting.order.status) ? ended(resting, 'canceled') : resting));
        break;
      }
      case 'replace': {
        const next = placed(setup, action.step, action.price, now);
        chain = [...chain.map((resting) => (resting.order.id === action.replacing.id ? ended(resting, 'replaced') : resting)), next];
        const step = { at: now, limitPrice: action.price, clientOrderId: next.order.id, orderId: next.order.id, state: 'standing' as const };
        walk = { ...walk, steps: [...walk.steps, step] };
        break;
      }
      case 'finish':
        return checkedEnd(walk, setup.rule, { status: action.status, filledQty: action.filledQty, endedAt: now, orders });
    }
  }
  throw new Error(`walk2-${String(setup.index)} (${setup.rule}) had not ended after ${String(MOST_LOOKS)} looks`);
}

/** What the walk breaks at a look, or null: never more than the two lots filled, every limit in the band, one order working at most. */
export function brokenInvariant(walk: WorkingOrder, orders: readonly BrokerOrder[]): string | null {
  const filledQty = filledOf(orders);
  if (filledQty > walk.qty) return `${String(filledQty)} filled of ${String(walk.qty)}`;
  const outside = orders.find((order) => !inBand(walk.plan, order.limitPrice));
  if (outside !== undefined) return `${outside.id} at ${String(outside.limitPrice)} is outside the band`;
  const working = orders.filter((order) => WORKING.has(order.status)).length;
  return working > 1 ? `${String(working)} orders working` : null;
}

/**
 * The end, once checked: nothing left working, the walk's count is what filled, and it ended only at a whole fill or
 * the time limit (a person's cancel is not modelled) — or, under the old rule, at the cancel of a partial fill's rest.
 */
function checkedEnd(walk: WorkingOrder, rule: PartialFillRule, end: TwoLotWalkEnd): TwoLotWalkEnd {
  const problem =
    brokenInvariant(walk, end.orders) ??
    (end.orders.some((order) => WORKING.has(order.status)) ? 'an order is still working' : null) ??
    (end.filledQty === filledOf(end.orders) ? null : `it counts ${String(end.filledQty)} filled of ${String(filledOf(end.orders))}`) ??
    (end.status === 'filled' || end.endedAt >= deadlineOf(walk) || (rule === 'before' && end.status === 'partial') ? null : `it ended ${end.status} before the time limit`);
  if (problem !== null) throw new Error(`${walk.proposalId} (${rule}): ${problem}`);
  return end;
}
