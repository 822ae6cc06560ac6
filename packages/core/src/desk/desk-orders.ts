import type { ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { HandlerContext } from '../operations/operation.js';
import type { OrderViewOutput } from '../positions/order-view.js';
import { positions } from '../positions/positions.js';

/** How many of the broker's orders the desk lists. */
export const RECENT_ORDERS = 10;

/** The broker account's newest orders as positions(action='orders') answers them, each marked as condor's or not. */
export const recentOrders = (ctx: HandlerContext<'trading'>): ResultAsync<OrderViewOutput[], AppError> =>
  positions.handler({ action: 'orders' }, ctx).map((answer) => (answer.orders ?? []).slice(0, RECENT_ORDERS));
