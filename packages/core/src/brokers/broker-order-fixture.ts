import type { BrokerOrder } from '../ports/broker.js';

/**
 * A working order of 3 condors at a $1.25 credit, nothing filled, with `given` over it: the order tests of a
 * broker's answers start from.
 *
 * @example brokerOrder({ status: 'filled', filledQty: 3, filledAvgPrice: -1.31 })
 */
export const brokerOrder = (given: Partial<BrokerOrder> = {}): BrokerOrder => ({
  id: 'o1',
  clientOrderId: 'c1',
  status: 'accepted',
  qty: 3,
  filledQty: 0,
  limitPrice: -1.25,
  filledAvgPrice: null,
  submittedAt: 0,
  legs: [],
  ...given,
});
