import { describe, expect, it } from 'vitest';
import type { BrokerOrder, OrderLeg } from '../ports/broker.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import { legOfSymbol, positionAfter } from './position-after.js';

const NOW = Date.UTC(2026, 0, 5, 15);

const leg = (symbol: string, side: PositionLeg['side']): PositionLeg => legOfSymbol(symbol, side)!;

const OPEN: ManagedPosition = {
  id: 'p1',
  ownerId: 'u1',
  ticker: 'SPY',
  expiry: '2026-01-30',
  legs: [
    leg('SPY260130P00540000', 'long'),
    leg('SPY260130P00550000', 'short'),
    leg('SPY260130C00640000', 'short'),
    leg('SPY260130C00650000', 'long'),
  ],
  qty: 1,
  entryCredit: 1.5,
  status: 'open',
  openedAt: NOW - 1_000,
  closedAt: null,
  orderIds: ['entry'],
};

const closeAll: OrderLeg[] = [
  { symbol: 'SPY260130P00540000', side: 'sell', intent: 'sell_to_close' },
  { symbol: 'SPY260130P00550000', side: 'buy', intent: 'buy_to_close' },
  { symbol: 'SPY260130C00640000', side: 'buy', intent: 'buy_to_close' },
  { symbol: 'SPY260130C00650000', side: 'sell', intent: 'sell_to_close' },
];

const rollPuts: OrderLeg[] = [
  { symbol: 'SPY260130P00550000', side: 'buy', intent: 'buy_to_close' },
  { symbol: 'SPY260130P00540000', side: 'sell', intent: 'sell_to_close' },
  { symbol: 'SPY260220P00520000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY260220P00530000', side: 'sell', intent: 'sell_to_open' },
];

function order(id: string, legs: OrderLeg[], limitPrice: number, status: BrokerOrder['status'], filledAvgPrice: number | null = null): BrokerOrder {
  return { id, clientOrderId: id, status, qty: 1, filledQty: status === 'filled' ? 1 : 0, limitPrice, filledAvgPrice, submittedAt: NOW, legs };
}

describe('positionAfter', () => {
  it('reads the contract of a compact OCC symbol', () => {
    expect(legOfSymbol('BRK.B260220C00500500', 'short')).toEqual({ symbol: 'BRK.B260220C00500500', type: 'call', strike: 500.5, expiry: '2026-02-20', side: 'short' });
    expect(legOfSymbol('not a symbol', 'long')).toBeUndefined();
  });

  it('closes on a filled exit, keeping the legs and the entry credit, and a repeat changes nothing', () => {
    const exit = order('x1', closeAll, 0.8, 'filled', 0.75);
    const closed = positionAfter(OPEN, 'exit', exit, NOW);
    expect(closed).toEqual({ ...OPEN, status: 'closed', closedAt: NOW, orderIds: ['entry', 'x1'] });
    expect(positionAfter(closed, 'exit', exit, NOW + 1)).toBe(closed);
  });

  it('keeps the condors a cancelled exit did not close, after closing some of them', () => {
    const three = { ...OPEN, qty: 3 };
    const working = { ...order('x1', closeAll, 0.8, 'accepted'), qty: 3 };
    const closing = positionAfter(three, 'exit', working, NOW);
    expect(closing.status).toBe('closing');
    const partly = { ...working, status: 'canceled' as const, filledQty: 2, filledAvgPrice: 0.8 };
    expect(positionAfter(closing, 'exit', partly, NOW + 1)).toEqual({ ...closing, qty: 1, status: 'open' });
  });

  it('is closing while the exit works, then closed on the fill or open again when it ends unfilled', () => {
    const working = order('x1', closeAll, 0.8, 'accepted');
    const closing = positionAfter(OPEN, 'exit', working, NOW);
    expect(closing.status).toBe('closing');
    expect(positionAfter(closing, 'exit', working, NOW)).toBe(closing);
    expect(positionAfter(closing, 'exit', { ...working, status: 'filled', filledQty: 1, filledAvgPrice: 0.8 }, NOW + 5)).toMatchObject({ status: 'closed', closedAt: NOW + 5 });
    expect(positionAfter(closing, 'exit', { ...working, status: 'canceled' }, NOW + 5)).toEqual({ ...closing, status: 'open' });
    // Partly filled, then cancelled: left for a person to reconcile.
    expect(positionAfter(closing, 'exit', { ...working, qty: 2, status: 'canceled', filledQty: 1 }, NOW + 5)).toBe(closing);
  });

  it('replaces the rolled legs on a filled one-order roll, moving the credit by the fill price', () => {
    const rolled = positionAfter(OPEN, 'roll', order('r1', rollPuts, -0.2, 'filled', -0.25), NOW);
    expect(rolled.legs.map((l) => l.symbol)).toEqual(['SPY260220P00520000', 'SPY260220P00530000', 'SPY260130C00640000', 'SPY260130C00650000']);
    expect(rolled.legs[0]).toEqual({ symbol: 'SPY260220P00520000', type: 'put', strike: 520, expiry: '2026-02-20', side: 'long' });
    expect(rolled).toMatchObject({ status: 'open', expiry: '2026-01-30', entryCredit: 1.75, orderIds: ['entry', 'r1'] });
  });

  it('keeps the legs of a working roll until it fills, and reopens the position if it ends unfilled', () => {
    const working = order('r1', rollPuts, 0.1, 'accepted');
    const opening = positionAfter(OPEN, 'roll', working, NOW);
    expect(opening).toEqual({ ...OPEN, status: 'opening', orderIds: ['entry', 'r1'] });
    expect(positionAfter(opening, 'roll', { ...working, status: 'expired' }, NOW)).toEqual({ ...opening, status: 'open' });
    expect(positionAfter(opening, 'roll', { ...working, status: 'filled', filledQty: 1, filledAvgPrice: 0.1 }, NOW)).toMatchObject({ status: 'open', entryCredit: 1.4 });
  });

  it('follows a two-step roll: step 1 closes the condor, step 2 opens the new one in its place', () => {
    const step1 = order('s1', closeAll, 1.2, 'filled');
    const closed = positionAfter(OPEN, 'roll', step1, NOW);
    expect(closed).toMatchObject({ status: 'closed', closedAt: NOW, entryCredit: 0.3 });
    const opens: OrderLeg[] = [
      { symbol: 'SPY260220P00520000', side: 'buy', intent: 'buy_to_open' },
      { symbol: 'SPY260220P00530000', side: 'sell', intent: 'sell_to_open' },
      { symbol: 'SPY260220C00655000', side: 'sell', intent: 'sell_to_open' },
      { symbol: 'SPY260220C00665000', side: 'buy', intent: 'buy_to_open' },
    ];
    const working = order('s2', opens, -1.4, 'accepted');
    const opening = positionAfter(closed, 'roll', working, NOW + 1);
    expect(opening).toMatchObject({ status: 'opening', legs: OPEN.legs, closedAt: NOW });
    expect(positionAfter(opening, 'roll', { ...working, status: 'canceled' }, NOW + 2)).toMatchObject({ status: 'closed', closedAt: NOW });
    const reopened = positionAfter(opening, 'roll', { ...working, status: 'filled', filledQty: 1, filledAvgPrice: -1.4 }, NOW + 2);
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, expiry: '2026-02-20', entryCredit: 1.7, orderIds: ['entry', 's1', 's2'] });
    expect(reopened.legs.map((l) => l.symbol)).toEqual(opens.map((l) => l.symbol));
    // An older order of the position reported again changes nothing.
    expect(positionAfter(reopened, 'roll', step1, NOW + 3)).toBe(reopened);
  });
});
