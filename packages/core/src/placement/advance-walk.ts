import { stepClientOrderId } from '../brokers/client-order-ids.js';
import { userBroker } from '../brokers/user-broker.js';
import type { Broker, BrokerOrder } from '../ports/broker.js';
import type { PriceStep, WorkingOrder } from '../ports/working-order-store.js';
import type { Services } from '../services.js';
import { decideWalk, POLL_MS, READ_BACK_MS } from '../working-orders/walk-decision.js';
import { endedWalk } from './walk-at-placement.js';
import { recordSettled } from './record.js';
import { orderEndedNews } from '../notifications/news-of.js';
import type { Proposal } from '../ports/proposal-store.js';

/** How long to wait before looking again when the broker could not be reached or answered with a refusal to retry. */
const RETRY_MS = 5_000;
/**
 * How long a replace may still be on its way to the broker (a walker that lost its lease mid-call, or died): longer
 * than a broker call's timeout. A requested step not found at the broker is taken as refused only after it.
 */
export const REPLACE_SETTLE_MS = 25_000;

/** Who is walking (the lease holder) and the services it acts through. */
export interface Walker {
  readonly holder: string;
  readonly services: Services;
}

/**
 * One look at a walk its walker holds the lease of (design §15): resolves a step left `requested` (by its client
 * order id), reads every order of the chain back, and does what `decideWalk` says — replace with the next price of
 * the approved plan, cancel, finish and settle the position, or wait. A step is saved as `requested` before the
 * replace is sent, so a crash in between is resolved at the next look instead of sending twice. Returns the walk as
 * saved; when the lease was lost meanwhile, nothing more is done.
 */
export async function advanceWalk(walk: WorkingOrder, walker: Walker): Promise<WorkingOrder> {
  const { services } = walker;
  const opened = await userBroker(walk.ownerId, services);
  const proposal = await services.proposals.get(walk.ownerId, walk.proposalId);
  if (opened.isErr() || proposal === undefined) return save(walker, { ...walk, nextAt: services.clock.now() + RETRY_MS }, true);
  const broker = opened.value.broker;
  const resolved = await resolveRequested(walk, broker, proposal.outcome?.status ?? null, services.clock.now());
  if (resolved === null) return save(walker, { ...walk, nextAt: services.clock.now() + RETRY_MS }, true);
  const orders = await chainOrders(resolved, broker);
  if (orders === null) return save(walker, { ...resolved, nextAt: services.clock.now() + RETRY_MS }, true);
  const now = services.clock.now();
  const action = decideWalk(resolved, orders, now);
  switch (action.kind) {
    case 'wait':
      return save(walker, { ...resolved, nextAt: action.until }, true);
    case 'cancel':
      for (const order of action.orders) await broker.cancel(order.id);
      return save(walker, { ...resolved, nextAt: now + READ_BACK_MS }, true);
    case 'finish':
      // The walker settles through the placement's own steps: record, then end the walk.
      if (action.settledBy !== null) await recordSettled(proposal, resolved, action.settledBy, services);
      return save(walker, await toldEnded(endedWalk(resolved, action, now), proposal, services), true);
    case 'replace':
      return replaceStep(walker, resolved, broker, action);
  }
}

async function replaceStep(walker: Walker, walk: WorkingOrder, broker: Broker, action: { step: number; price: number; replacing: BrokerOrder }): Promise<WorkingOrder> {
  const now = walker.services.clock.now();
  const step: PriceStep = { at: now, limitPrice: action.price, clientOrderId: stepClientOrderId(walk.proposalId, action.step), orderId: null, state: 'requested' };
  const requested = { ...walk, steps: [...walk.steps, step] };
  if (!(await walker.services.workingOrders.save(requested, walker.holder, now, false))) return walk;
  const sent = await broker.replace({ orderId: action.replacing.id, clientOrderId: step.clientOrderId, limitPrice: action.price });
  const after = walker.services.clock.now();
  if (sent.isOk()) return save(walker, withStep(requested, { ...step, orderId: sent.value.id, state: 'standing' }, after + Math.min(walk.plan.dwellMs, POLL_MS)), true);
  // Refused: the old order filled or ended meanwhile (read back at once); unknown: found by its client order id next look.
  if (sent.error.kind === 'rejected') return save(walker, withStep(requested, { ...step, state: 'refused' }, after + READ_BACK_MS), true);
  return save(walker, { ...requested, nextAt: after + RETRY_MS }, true);
}

/**
 * The walk with its newest step resolved when it was left `requested`: `standing` when the broker holds an order
 * under its client order id, `refused` when it still does not once a replace on its way would have arrived
 * (`REPLACE_SETTLE_MS`). The first step — the proposal's own order — waits instead while the placement is
 * unresolved. Null when the broker could not be asked, or the step is not settled yet.
 */
async function resolveRequested(walk: WorkingOrder, broker: Broker, outcome: string | null, now: number): Promise<WorkingOrder | null> {
  const last = walk.steps.at(-1);
  if (last === undefined || last.state !== 'requested') return walk;
  const found = await broker.orderByClientId(last.clientOrderId);
  if (found.isErr()) return null;
  const order = found.value;
  if (order !== null) return withStep(walk, { ...last, orderId: order.id, state: 'standing' }, walk.nextAt);
  if (walk.steps.length === 1) return outcome === 'rejected' || outcome === 'void' ? withStep(walk, { ...last, state: 'refused' }, walk.nextAt) : null;
  return now - last.at < REPLACE_SETTLE_MS ? null : withStep(walk, { ...last, state: 'refused' }, walk.nextAt);
}

/** Every order of the walk's chain, oldest first, as the broker reports it now; null when one could not be read. */
async function chainOrders(walk: WorkingOrder, broker: Broker): Promise<BrokerOrder[] | null> {
  const orders: BrokerOrder[] = [];
  for (const step of walk.steps) {
    if (step.state !== 'standing') continue;
    const read = await broker.orderByClientId(step.clientOrderId);
    if (read.isErr()) return null;
    if (read.value !== null) orders.push(read.value);
  }
  return orders;
}

/**
 * Tells the person how their order ended (design §18) before the end is saved, so a crash in between cannot lose it
 * (the news' key is the proposal's: a second walker's end adds nothing). A cancel the person asked for is not news to them.
 */
async function toldEnded(ended: WorkingOrder, proposal: Proposal, services: Services): Promise<WorkingOrder> {
  if (ended.status !== 'cancelled') await services.news.add(orderEndedNews(ended, proposal.ticker, services.clock.now(), services.ids));
  return ended;
}

function withStep(walk: WorkingOrder, step: PriceStep, nextAt: number): WorkingOrder {
  return { ...walk, steps: [...walk.steps.slice(0, -1), step], nextAt };
}

async function save(walker: Walker, walk: WorkingOrder, release: boolean): Promise<WorkingOrder> {
  await walker.services.workingOrders.save(walk, walker.holder, walker.services.clock.now(), release);
  return walk;
}
