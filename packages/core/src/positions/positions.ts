import * as v from 'valibot';
import { TradingAccountView, tradingAccountView } from '../brokers/trading-account.js';
import { ResultAsync } from 'neverthrow';
import { userBroker } from '../brokers/user-broker.js';
import { appError, type AppError } from '../errors/app-error.js';
import { defineOperation, type HandlerContext } from '../operations/operation.js';
import type { Broker } from '../ports/broker.js';
import { cancelOrder } from './cancel-order.js';
import { brokerReadError } from './mark-positions.js';
import { OrderView, orderView, originOf, type OrderViewOutput } from './order-view.js';
import { reconcileOrders } from './reconcile-orders.js';

const Output = v.object({
  action: v.picklist(['orders', 'cancel']),
  orders: v.optional(v.pipe(v.array(OrderView), v.description("action 'orders': the broker's orders, newest first."))),
  order_id: v.optional(v.string()),
  canceled: v.optional(v.pipe(v.boolean(), v.description("action 'cancel': true once the broker accepted the cancel."))),
  order_status: v.optional(v.nullable(v.string())),
  position_id: v.optional(v.pipe(v.nullable(v.string()), v.description('The managed position the cancelled order belonged to.'))),
  position_status: v.optional(v.nullable(v.picklist(['opening', 'open', 'closing', 'closed']))),
  error: v.optional(v.pipe(v.literal('CANCEL_FAILED'), v.description('Soft result: the broker refused the cancel; nothing changed.'))),
  message: v.optional(v.string()),
  suggestion: v.optional(v.string()),
  account: TradingAccountView,
});

export const positions = defineOperation({
  name: 'positions',
  title: 'Orders at the broker, and cancelling one',
  description:
    "action='orders': the broker account's orders (working and recent), newest first, each marked service_placed with the " +
    "proposal and managed position behind it; with order_id, only that order. action='cancel' with order_id: cancels an " +
    'order the service placed (others answer NOT_SERVICE_MANAGED; cancel those at the broker); an order_id that is neither ' +
    'in your broker account nor on one of your managed positions answers NOT_FOUND. A cancel the broker refuses ' +
    "(already filled, already cancelled) is not raised: the answer carries error 'CANCEL_FAILED' and canceled: false. " +
    'Cancelling an entry that has not filled closes its opening position.',
  input: v.strictObject({
    action: v.pipe(v.picklist(['orders', 'cancel']), v.description("'orders' lists orders; 'cancel' cancels order_id.")),
    order_id: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(128), v.description("Required for 'cancel': an order_id from positions(action='orders').")),
    ),
  }),
  output: Output,
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'POST', path: '/positions/actions' },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  errors: [
    'MISSING_ORDER_ID',
    'INVALID_VALUE',
    'NOT_SERVICE_MANAGED',
    'NOT_FOUND',
    'ONBOARDING_REQUIRED',
    'BROKER_NOT_CONNECTED',
    'BROKER_RATE_LIMITED',
    'SERVICE_UNAVAILABLE',
  ],
  validate: (input) =>
    input.action === 'cancel' && (input.order_id ?? '') === ''
      ? appError('MISSING_ORDER_ID', {
          message: "order_id is required to cancel: action 'cancel' was given without one.",
          expected: "a non-empty order_id from positions(action='orders')",
          received: { order_id: input.order_id ?? null },
        })
      : null,
  handler: (input, ctx) =>
    userBroker(ctx.caller.userId, ctx.services).andThen(({ broker, link }): ResultAsync<v.InferOutput<typeof Output>, AppError> => {
      const orderId = input.order_id === '' ? undefined : input.order_id;
      const account = tradingAccountView(link, ctx.services);
      if (input.action === 'cancel') return cancelOrder(orderId ?? '', broker, ctx).map((answer) => ({ ...answer, account }));
      return listOrders(orderId, broker, ctx).map((orders) => ({ action: 'orders' as const, orders, account }));
    }),
});

/** The broker's orders, newest first, after the caller's positions are brought up to date with them (`reconcileOrders`). */
function listOrders(orderId: string | undefined, broker: Broker, { services, caller }: HandlerContext<'trading'>): ResultAsync<OrderViewOutput[], AppError> {
  return broker
    .orders('all')
    .mapErr(brokerReadError)
    .andThen((orders) =>
      ResultAsync.fromSafePromise(reconcileOrders(caller.userId, orders, services)).andThen((owned) => {
        const wanted = orders.filter((o) => orderId === undefined || o.id === orderId).toSorted((a, b) => b.submittedAt - a.submittedAt);
        return ResultAsync.fromSafePromise(
          services.workingOrders.listOwned(caller.userId, 'all').then((walks) => {
            const walkOf = new Map(walks.map((walk) => [walk.proposalId, walk]));
            return Promise.all(
              wanted.map(async (order) => {
                const origin = await originOf(order, owned, caller.userId, services);
                return orderView(order, { ...origin, walk: origin.proposal === null ? null : (walkOf.get(origin.proposal.id) ?? null) }, services.clock.now());
              }),
            );
          }),
        );
      }),
    );
}
