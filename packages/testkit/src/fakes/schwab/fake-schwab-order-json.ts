import { createHash } from 'node:crypto';
import type { BookOrder } from './fake-schwab-book-records.js';
import { isClose, TERMINAL } from './fake-schwab-orders.js';

/** An order as Schwab answers it (reference §3 Order); `orders` are the book's, to nest the order that replaced it. */
export function orderJson(order: BookOrder, orders: readonly BookOrder[]): Record<string, unknown> {
  const { request } = order;
  return {
    session: request.session,
    duration: request.duration,
    orderType: request.orderType,
    complexOrderStrategyType: request.complexOrderStrategyType,
    quantity: request.quantity,
    filledQuantity: order.filledQuantity,
    remainingQuantity: request.quantity - order.filledQuantity,
    requestedDestination: 'AUTO',
    destinationLinkName: 'AutoRoute',
    price: request.price,
    orderLegCollection: request.legs.map((leg, index) => ({
      orderLegType: 'OPTION',
      legId: index + 1,
      instrument: {
        assetType: 'OPTION',
        cusip: `0${leg.contract.root}.${leg.contract.symbol.slice(6, 12)}${leg.contract.type}`,
        symbol: leg.contract.symbol,
        description: `${leg.contract.root} ${leg.contract.expiration} ${String(leg.contract.strike)} ${leg.contract.type === 'C' ? 'Call' : 'Put'}`,
        putCall: leg.contract.type === 'C' ? 'CALL' : 'PUT',
        underlyingSymbol: leg.contract.root,
        instrumentId: instrumentId(leg.contract.symbol),
      },
      instruction: leg.instruction,
      positionEffect: isClose(leg.instruction) ? 'CLOSING' : 'OPENING',
      quantity: leg.quantity,
    })),
    orderStrategyType: 'SINGLE',
    orderId: order.orderId,
    cancelable: !TERMINAL.has(order.status),
    editable: order.status === 'WORKING',
    status: order.status,
    ...(order.statusDescription === null ? {} : { statusDescription: order.statusDescription }),
    enteredTime: schwabTime(order.enteredTime),
    ...(order.closeTime === null ? {} : { closeTime: schwabTime(order.closeTime) }),
    accountNumber: Number(order.account.spec.accountNumber),
    ...(order.activities.length === 0
      ? {}
      : {
          orderActivityCollection: order.activities.map((activity) => ({
            activityType: 'EXECUTION',
            activityId: activity.activityId,
            executionType: 'FILL',
            quantity: activity.quantity,
            orderRemainingQuantity: activity.orderRemainingQuantity,
            executionLegs: activity.legs.map((leg) => ({
              legId: leg.legId,
              quantity: leg.quantity,
              mismarkedQuantity: 0,
              price: leg.price,
              time: schwabTime(activity.time),
              instrumentId: instrumentId(request.legs[leg.legId - 1]?.contract.symbol ?? ''),
            })),
          })),
        }),
    ...(order.replacedBy === null ? {} : { replacingOrderCollection: orders.filter((o) => o.orderId === order.replacedBy).map((o) => orderJson(o, orders)) }),
  };
}

/** Schwab's order times: `2024-10-18T15:23:51+0000`. */
export const schwabTime = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}+0000`;

const instrumentId = (symbol: string): number => Number.parseInt(createHash('sha256').update(symbol).digest('hex').slice(0, 8), 16);
