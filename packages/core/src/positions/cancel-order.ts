import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { appError, type AppError } from '../errors/app-error.js';
import { softResult } from '../errors/render.js';
import type { HandlerContext } from '../operations/operation.js';
import type { Broker, BrokerOrder, CancelOutcome } from '../ports/broker.js';
import type { ManagedPosition, PositionStatus } from '../ports/position-store.js';
import { brokerReadError } from './mark-positions.js';
import { originOf, servicePlaced, type OrderOrigin } from './order-view.js';
import { reconcileOrders } from './reconcile-orders.js';
import { settleOrder } from './settle-working.js';

export interface CancelAnswer {
  readonly action: 'cancel';
  readonly order_id: string;
  readonly canceled: boolean;
  readonly order_status: string | null;
  readonly position_id: string | null;
  readonly position_status: PositionStatus | null;
}

/** A refused cancel: the soft CANCEL_FAILED beside the normal fields (HTTP 200). */
interface CancelFailed extends CancelAnswer {
  readonly error: 'CANCEL_FAILED';
  readonly message: string;
  readonly suggestion: string;
}

export type CancelOutput = CancelAnswer | CancelFailed;

/**
 * Cancels an order the service placed for the caller. An order id that is neither in the caller's broker
 * account nor on one of the caller's managed positions is NOT_FOUND — another user's order exactly like an
 * id that exists nowhere; an order of the account placed outside the service is NOT_SERVICE_MANAGED (it is
 * the user's to cancel at the broker); one the broker will not cancel (filled, already cancelled) is the soft
 * CANCEL_FAILED. The position the order belonged to is settled as if the broker reported the order
 * cancelled: an unfilled entry closes it, an unfilled exit or roll puts it back as it was.
 */
export function cancelOrder(orderId: string, broker: Broker, ctx: HandlerContext<'trading'>): ResultAsync<CancelOutput, AppError> {
  const { services, caller } = ctx;
  return broker
    .orders('all')
    .mapErr(brokerReadError)
    .andThen((orders) => ResultAsync.fromSafePromise(reconcileOrders(caller.userId, orders, services)).map((positions) => ({ orders, positions })))
    .andThen(({ orders, positions }) => {
      const order = orders.find((o) => o.id === orderId);
      // An order older than the broker's list is still the service's when a managed position records it.
      const recorded = positions.some((p) => p.orderIds.includes(orderId));
      if (order === undefined && !recorded) return errAsync(orderNotFound(orderId));
      const lookup = { id: orderId, clientOrderId: order?.clientOrderId ?? '' };
      return ResultAsync.fromSafePromise(originOf(lookup, positions, caller.userId, services)).andThen((origin) => {
        if (!servicePlaced(origin)) {
          return errAsync(
            appError('NOT_SERVICE_MANAGED', {
              message: `Order ${orderId} was not placed through the service, so it cannot be cancelled here.`,
              suggestion: 'Cancel it at the broker; only orders placed with confirm_proposal can be cancelled here.',
              seeTool: 'positions',
              received: { order_id: orderId },
            }),
          );
        }
        // A walked order: its walk (if one is working) is told first, so no later step replaces the order being cancelled.
        const stopWalk = origin.proposal === null ? Promise.resolve('not_found') : services.workingOrders.requestCancel(caller.userId, origin.proposal.id);
        return ResultAsync.fromSafePromise(stopWalk)
          .andThen(() => broker.cancel(orderId))
          .orElse((error) =>
            // The broker's own refusal (404, 422) is CANCEL_FAILED like any other refusal; transport failures are raised.
            error.kind === 'rejected' ? okAsync<CancelOutcome>({ kind: 'refused', message: error.message }) : errAsync(error),
          )
          .mapErr((error) => brokerError(error, (message) => appError('SERVICE_UNAVAILABLE', { message })))
          .andThen((outcome) =>
            outcome.kind === 'refused'
              ? okAsync(failed(orderId, origin.position, `The broker refused to cancel order ${orderId}: ${outcome.message}.`, order?.status))
              : settleCancelled(origin, order, ctx).map((position) => ({
                  action: 'cancel' as const,
                  order_id: orderId,
                  canceled: true,
                  order_status: 'canceled',
                  position_id: position?.id ?? null,
                  position_status: position?.status ?? null,
                })),
          );
      });
    });
}

/** After a cancel: the position settled as if the broker reported the order cancelled. */
function settleCancelled(
  origin: OrderOrigin,
  order: BrokerOrder | undefined,
  { services }: HandlerContext<'trading'>,
): ResultAsync<ManagedPosition | null, AppError> {
  const { position, proposal } = origin;
  if (position === null || order === undefined) return okAsync(position);
  const settled = settleOrder(position, { ...order, status: 'canceled' }, proposal?.kind ?? null, services.clock.now());
  if (settled === position) return okAsync(position);
  return ResultAsync.fromSafePromise(services.positions.update(settled)).map(() => settled);
}

const orderNotFound = (orderId: string): AppError =>
  appError('NOT_FOUND', {
    message: `No order ${orderId} was found in your broker account or among the orders the service placed for you.`,
    suggestion: "Take the order_id from positions(action='orders').",
    seeTool: 'positions',
    received: { order_id: orderId },
  });

const failed = (orderId: string, position: ManagedPosition | null, message: string, status?: string): CancelOutput => ({
  action: 'cancel',
  order_id: orderId,
  canceled: false,
  order_status: status ?? null,
  position_id: position?.id ?? null,
  position_status: position?.status ?? null,
  ...softResult('CANCEL_FAILED', message),
  error: 'CANCEL_FAILED',
});
