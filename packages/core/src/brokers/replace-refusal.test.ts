import { describe, expect, it } from 'vitest';
import { brokerOrder } from './broker-order-fixture.js';
import { partFillRefusal, replaceRefusal } from './replace-refusal.js';


describe('replaceRefusal', () => {
  it('lets only a plainly working order with nothing filled be replaced', () => {
    expect(replaceRefusal(brokerOrder({}))).toBeNull();
    expect(replaceRefusal(brokerOrder({ status: 'partially_filled', filledQty: 1 }))).toBe('1 of 3 units of the order have filled; a partly filled order is not replaced');
    for (const status of ['filled', 'canceled', 'expired', 'rejected', 'replaced', 'pending_cancel'] as const) {
      expect(replaceRefusal(brokerOrder({ status })), status).toBe(`the order is ${status}; only a working order with nothing filled is replaced`);
    }
  });

  it('leaves every refusal but a part fill to a real broker', () => {
    expect(partFillRefusal(brokerOrder({ status: 'partially_filled', filledQty: 2 }))).toBe('2 of 3 units of the order have filled; a partly filled order is not replaced');
    for (const status of ['accepted', 'filled', 'canceled', 'replaced'] as const) expect(partFillRefusal(brokerOrder({ status }))).toBeNull();
  });
});
