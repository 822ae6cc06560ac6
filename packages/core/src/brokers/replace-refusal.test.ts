import { describe, expect, it } from 'vitest';
import type { BrokerOrder } from '../ports/broker.js';
import { partFillRefusal, replaceRefusal } from './replace-refusal.js';

const order = (given: Partial<BrokerOrder>): BrokerOrder => ({
  id: 'o1',
  clientOrderId: 'p',
  status: 'accepted',
  qty: 3,
  filledQty: 0,
  limitPrice: -1.25,
  filledAvgPrice: null,
  submittedAt: 0,
  legs: [],
  ...given,
});

describe('replaceRefusal', () => {
  it('lets only a plainly working order with nothing filled be replaced', () => {
    expect(replaceRefusal(order({}))).toBeNull();
    expect(replaceRefusal(order({ status: 'partially_filled', filledQty: 1 }))).toBe('1 of 3 units of the order have filled; a partly filled order is not replaced');
    for (const status of ['filled', 'canceled', 'expired', 'rejected', 'replaced', 'pending_cancel'] as const) {
      expect(replaceRefusal(order({ status })), status).toBe(`the order is ${status}; only a working order with nothing filled is replaced`);
    }
  });

  it('leaves every refusal but a part fill to a real broker', () => {
    expect(partFillRefusal(order({ status: 'partially_filled', filledQty: 2 }))).toBe('2 of 3 units of the order have filled; a partly filled order is not replaced');
    for (const status of ['accepted', 'filled', 'canceled', 'replaced'] as const) expect(partFillRefusal(order({ status }))).toBeNull();
  });
});
