import { describe, expect, it } from 'vitest';
import { brokerOrder } from '../brokers/broker-order-fixture.js';
import type { ManagedPosition } from '../ports/position-store.js';
import { settleEntry } from './settle-entry.js';

const NOW = 1_800_000_000_000;

const position: ManagedPosition = {
  id: 'p1',
  ownerId: 'u1',
  ticker: 'SPY',
  expiry: '2026-02-20',
  legs: [],
  qty: 3,
  entryCredit: 1.25,
  status: 'opening',
  openedAt: 0,
  closedAt: null,
  orderIds: ['o1'],
};


describe('settleEntry', () => {
  it('opens the position at the fill credit when the entry fills', () => {
    expect(settleEntry(position, brokerOrder({ status: 'filled', filledQty: 3, filledAvgPrice: -1.31 }), NOW)).toMatchObject({
      status: 'open',
      entryCredit: 1.31,
      qty: 3,
      closedAt: null,
    });
  });

  it('closes it when the entry ended unfilled', () => {
    for (const status of ['canceled', 'rejected', 'expired'] as const) {
      expect(settleEntry(position, brokerOrder({ status }), NOW)).toMatchObject({ status: 'closed', closedAt: NOW });
    }
  });

  it('keeps the filled part when the entry ended part-filled', () => {
    expect(settleEntry(position, brokerOrder({ status: 'canceled', filledQty: 1, filledAvgPrice: -1.2 }), NOW)).toMatchObject({
      status: 'open',
      qty: 1,
      entryCredit: 1.2,
    });
  });

  it('changes nothing while the entry works, for another order, or for a position not opening', () => {
    expect(settleEntry(position, brokerOrder({ status: 'accepted' }), NOW)).toBeNull();
    expect(settleEntry(position, brokerOrder({ status: 'partially_filled', filledQty: 1 }), NOW)).toBeNull();
    expect(settleEntry(position, brokerOrder({ id: 'o2', status: 'filled', filledQty: 3 }), NOW)).toBeNull();
    expect(settleEntry({ ...position, status: 'open' }, brokerOrder({ status: 'canceled' }), NOW)).toBeNull();
    // An 'opening' position with more than its entry order is a roll at work: not the entry's to settle.
    expect(settleEntry({ ...position, orderIds: ['o1', 'o2'] }, brokerOrder({ status: 'canceled' }), NOW)).toBeNull();
  });
});
