import * as v from 'valibot';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { isoTime } from '../words/time.js';
import { deadlineOf } from './walk-decision.js';

export const WorkingOrderView = v.pipe(
  v.object({
    status: v.pipe(
      v.picklist(['working', 'filled', 'partial', 'expired', 'cancelled', 'ended']),
      v.description('working: condor is walking it; filled; partial (k of N condors filled; the rest rested at its limit until the time limit or your cancel, then was cancelled); expired (unfilled at the worst price after the time limit, cancelled); cancelled (at your request); ended (by the broker).'),
    ),
    band: v.pipe(v.object({ start_price: v.number(), worst_price: v.number() }), v.description('The approved band, per share (negative = credit): no limit outside it is ever sent.')),
    mode: v.string(),
    current_limit: v.pipe(v.nullable(v.number()), v.description('The limit standing now; null once ended.')),
    price_steps: v.pipe(
      v.array(v.object({ at: v.string(), limit_price: v.number(), order_id: v.nullable(v.string()), state: v.picklist(['requested', 'standing', 'refused']) })),
      v.description('Every limit sent, oldest first: each step is a replace, a new broker order.'),
    ),
    qty: v.number(),
    filled_qty: v.number(),
    filled: v.pipe(v.string(), v.description('In words, e.g. "3 of 5 condors filled".')),
    time_left_seconds: v.pipe(v.nullable(v.number()), v.description('Until the walk is cancelled unfilled; null once ended.')),
    ends_at: v.string(),
    detail: v.pipe(v.nullable(v.string()), v.description('How it ended, in words.')),
  }),
  v.description('An order condor works inside the approved price band (design §15).'),
);

export type WorkingOrderViewOutput = v.InferOutput<typeof WorkingOrderView>;

export function workingOrderView(walk: WorkingOrder, now: number): WorkingOrderViewOutput {
  const working = walk.status === 'working';
  const standing = walk.steps.filter((step) => step.state === 'standing').at(-1);
  const deadline = deadlineOf(walk);
  return {
    status: walk.status,
    band: { start_price: walk.plan.startPrice, worst_price: walk.plan.worstPrice },
    mode: walk.plan.mode,
    current_limit: working ? (standing?.limitPrice ?? null) : null,
    price_steps: walk.steps.map((step) => ({ at: isoTime(step.at), limit_price: step.limitPrice, order_id: step.orderId, state: step.state })),
    qty: walk.qty,
    filled_qty: walk.filledQty,
    filled: `${String(walk.filledQty)} of ${String(walk.qty)} condor${walk.qty === 1 ? '' : 's'} filled`,
    time_left_seconds: working ? Math.max(0, Math.ceil((deadline - now) / 1000)) : null,
    ends_at: isoTime(walk.endedAt ?? deadline),
    detail: walk.detail,
  };
}
