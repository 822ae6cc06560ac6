import { describe, expect, it } from 'vitest';
import type { BrokerOrder, OrderStatus } from '../ports/broker.js';
import { cancelOutcomeOf } from './cancel-outcome.js';

const order = (status: OrderStatus): BrokerOrder => ({
  id: 'o-1',
  clientOrderId: 'p-1',
  status,
  qty: 1,
  filledQty: status === 'filled' ? 1 : 0,
  limitPrice: -1.25,
  filledAvgPrice: null,
  submittedAt: 0,
  legs: [],
});

describe('cancelOutcomeOf', () => {
  it('counts an order still working after an accepted cancel as cancelled, and a filled or ended one as refused', () => {
    for (const status of ['canceled', 'pending_cancel', 'accepted', 'partially_filled'] as const) expect(cancelOutcomeOf(order(status))).toEqual({ kind: 'canceled' });
    expect(cancelOutcomeOf(order('filled'))).toEqual({ kind: 'refused', message: 'the order filled before it could be cancelled' });
    expect(cancelOutcomeOf(order('rejected'))).toEqual({ kind: 'refused', message: 'the order is already rejected' });
    expect(cancelOutcomeOf(order('expired'))).toEqual({ kind: 'refused', message: 'the order is already expired' });
  });
});
