import type { BrokerOrder, OrderStatus } from '../ports/broker.js';
import type { WalkStatus, WorkingOrder } from '../ports/working-order-store.js';
import { inBand } from './pricing-plan.js';
import { moneyUnsigned } from '../words/money.js';

/** Orders the broker still works: a walk acts on these. */
const WORKING: ReadonlySet<OrderStatus> = new Set(['accepted', 'partially_filled', 'pending_cancel']);

/** How long to wait before reading an order back after a cancel, or after a broker's refusal of a step. */
export const READ_BACK_MS = 1_000;
/** How often a standing order is read back between steps, so a fill is seen (and the position settled) within seconds. */
export const POLL_MS = 5_000;

/** What the walker does next with a walk, given its orders as the broker reports them now. */
export type WalkAction =
  | { readonly kind: 'wait'; readonly until: number }
  /** Sends step `step` (its price from the approved plan) in place of `replacing`. */
  | { readonly kind: 'replace'; readonly step: number; readonly price: number; readonly replacing: BrokerOrder }
  | { readonly kind: 'cancel'; readonly orders: readonly BrokerOrder[] }
  /** The walk ended; `settledBy` is the order the position settles from (the one that filled, else the newest). */
  | { readonly kind: 'finish'; readonly status: Exclude<WalkStatus, 'working'>; readonly filledQty: number; readonly detail: string; readonly settledBy: BrokerOrder | null };

/** When the walk's time runs out: the first limit's standing time plus the plan's time limit. */
export const deadlineOf = (walk: WorkingOrder): number => walk.startedAt + walk.plan.timeLimitMs;

/**
 * The walk's next move (design §15), from every order of its chain as read back now (`orders`, oldest first):
 * - every contract filled → done (any order still standing is cancelled first, so nothing fills twice);
 * - some filled → the rest keeps resting at its limit, inside the band, until the time limit or a person's cancel,
 *   then it is cancelled and the walk is done as `partial` ("1 of 2 condors filled; the other was cancelled at the
 *   time limit"): a partly filled order is never replaced (brokers' replace rules differ on it), and no new order is
 *   sent for the rest, so never more than the approved quantity can fill;
 * - a person's cancel, or the time limit past the worst price → cancel, then done;
 * - nothing standing any more → done as the broker ended it;
 * - else, once the newest limit has rested its dwell, the next price of the approved plan replaces it — only an
 *   order the broker reports plainly working (`accepted`) is replaced.
 */
export function decideWalk(walk: WorkingOrder, orders: readonly BrokerOrder[], now: number): WalkAction {
  const filledQty = orders.reduce((sum, order) => sum + order.filledQty, 0);
  const working = orders.filter((order) => WORKING.has(order.status));
  const deadline = deadlineOf(walk);
  const newest = orders.at(-1) ?? null;
  const filling = orders.reduce<BrokerOrder | null>((best, order) => (order.filledQty > (best?.filledQty ?? 0) ? order : best), null);
  if (filledQty >= walk.qty) {
    if (working.length > 0) return { kind: 'cancel', orders: working };
    return { kind: 'finish', status: 'filled', filledQty, detail: `Filled: ${condors(walk.qty)} at ${moneyUnsigned(priceOf(filling))}.`, settledBy: filling };
  }
  if (filledQty > 0) {
    if (working.length === 0) return finishPartial(walk, filledQty, filling, newest, now >= deadline);
    if (walk.cancelRequested || now >= deadline || !restingSafely(walk, filledQty, working)) return { kind: 'cancel', orders: working };
    return { kind: 'wait', until: Math.min(deadline, now + POLL_MS) };
  }
  if (working.length === 0) return finishUnfilled(walk, newest, now >= deadline);
  if (walk.cancelRequested || now >= deadline) return { kind: 'cancel', orders: working };
  const next = walk.steps.length;
  const price = walk.plan.steps[next];
  const last = walk.steps.at(-1);
  if (price === undefined || last === undefined) return { kind: 'wait', until: Math.min(deadline, now + POLL_MS) };
  const dueAt = last.at + walk.plan.dwellMs;
  const standing = working.length === 1 && working[0]?.status === 'accepted' && working[0].id === newest?.id ? working[0] : null;
  if (now < dueAt) return { kind: 'wait', until: Math.min(dueAt, deadline, now + POLL_MS) };
  if (standing === null) return { kind: 'wait', until: now + READ_BACK_MS };
  if (!inBand(walk.plan, price)) throw new Error(`step ${String(next)} of ${walk.proposalId} is outside its approved band`);
  return { kind: 'replace', step: next, price, replacing: standing };
}

/**
 * Whether the rest of a partly filled walk may go on resting: one order working (a replace racing the fill can leave
 * two), inside the band, and what it can still fill added to what filled is no more than the approved quantity.
 */
function restingSafely(walk: WorkingOrder, filledQty: number, working: readonly BrokerOrder[]): boolean {
  const [rest] = working;
  return working.length === 1 && rest !== undefined && inBand(walk.plan, rest.limitPrice) && filledQty + (rest.qty - rest.filledQty) <= walk.qty;
}

/** The words of a walk that filled in part: how many, at what price, and why the rest ended. */
function finishPartial(walk: WorkingOrder, filledQty: number, filling: BrokerOrder | null, newest: BrokerOrder | null, pastDeadline: boolean): WalkAction {
  const rest = walk.qty - filledQty;
  const others = rest === 1 ? 'the other was' : `the other ${String(rest)} were`;
  const why = walk.cancelRequested
    ? `${others} cancelled at your request`
    : pastDeadline
      ? `${others} cancelled at the time limit`
      : `the broker ended the rest (${newest?.status ?? 'not found'})`;
  return {
    kind: 'finish',
    status: 'partial',
    filledQty,
    detail: `${String(filledQty)} of ${condors(walk.qty)} filled at ${moneyUnsigned(priceOf(filling))}; ${why}.`,
    settledBy: filling,
  };
}

function finishUnfilled(walk: WorkingOrder, newest: BrokerOrder | null, pastDeadline: boolean): WalkAction {
  const worst = moneyUnsigned(walk.plan.worstPrice);
  if (walk.cancelRequested) return { kind: 'finish', status: 'cancelled', filledQty: 0, detail: 'Cancelled at your request; nothing filled.', settledBy: newest };
  if (pastDeadline) {
    const minutes = Math.round(walk.plan.timeLimitMs / 6_000) / 10;
    return { kind: 'finish', status: 'expired', filledQty: 0, detail: `Not filled within ${String(minutes)} minutes, down to the worst price of ${worst}; cancelled. A new attempt needs a new approval.`, settledBy: newest };
  }
  return { kind: 'finish', status: 'ended', filledQty: 0, detail: `The broker ended the order (${newest?.status ?? 'not found'}); nothing filled.`, settledBy: newest };
}

const condors = (qty: number): string => `${String(qty)} condor${qty === 1 ? '' : 's'}`;
const priceOf = (order: BrokerOrder | null): number => Math.abs(order?.filledAvgPrice ?? order?.limitPrice ?? 0);
