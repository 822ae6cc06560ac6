import type { OrderStatus } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { orderRequest, replaceRequest, toOrder } from './tastytrade-order-wire.js';

/** An order as tastytrade documents it (the submit answer's `data.order`), with the given status and legs. */
const order = (status: string, legs: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 771043,
  'account-number': '5WT0001',
  'time-in-force': 'Day',
  'order-type': 'Limit',
  size: 2,
  'underlying-symbol': 'SPY',
  price: '1.51',
  'price-effect': 'Credit',
  status,
  'external-identifier': 'prop-7f3c',
  'received-at': '2026-03-02T15:00:00.000+00:00',
  'updated-at': 1772463600000,
  legs,
  ...extra,
});

const leg = (symbol: string, action: string, remaining: number, fills: readonly [number, string][] = []): Record<string, unknown> => ({
  'instrument-type': 'Equity Option',
  symbol,
  quantity: 2,
  'remaining-quantity': remaining,
  action,
  fills: fills.map(([quantity, price], i) => ({ 'fill-id': `f${String(i)}`, quantity: String(quantity), 'fill-price': price, 'filled-at': '2026-03-02T15:00:01.000+00:00' })),
});

const condor = (remaining: number, fills: readonly [number, string][][] = [[], [], [], []]): Record<string, unknown>[] => [
  leg('SPY   261218P00700000', 'Buy to Open', remaining, fills[0]),
  leg('SPY   261218P00720000', 'Sell to Open', remaining, fills[1]),
  leg('SPY   261218C00780000', 'Sell to Open', remaining, fills[2]),
  leg('SPY   261218C00800000', 'Buy to Open', remaining, fills[3]),
];

describe('toOrder', () => {
  it.each<[string, OrderStatus]>([
    ['Received', 'accepted'],
    ['Routed', 'accepted'],
    ['In Flight', 'accepted'],
    ['Contingent', 'accepted'],
    ['Live', 'accepted'],
    ['Replace Requested', 'accepted'],
    ['Cancel Requested', 'pending_cancel'],
    ['Cancelled', 'canceled'],
    ['Rejected', 'rejected'],
    ['Expired', 'expired'],
    ['Removed', 'canceled'],
    ['Partially Removed', 'canceled'],
  ])('maps %s with nothing filled to %s', (status, mapped) => {
    expect(toOrder(order(status, condor(2))).status).toBe(mapped);
  });

  it('maps the documented fields: id, external-identifier, signed limit, received-at, compact legs', () => {
    expect(toOrder(order('Live', condor(2)))).toEqual({
      id: '771043',
      clientOrderId: 'prop-7f3c',
      status: 'accepted',
      qty: 2,
      filledQty: 0,
      limitPrice: -1.51,
      filledAvgPrice: null,
      submittedAt: Date.parse('2026-03-02T15:00:00Z'),
      legs: [
        { symbol: 'SPY261218P00700000', side: 'buy', intent: 'buy_to_open' },
        { symbol: 'SPY261218P00720000', side: 'sell', intent: 'sell_to_open' },
        { symbol: 'SPY261218C00780000', side: 'sell', intent: 'sell_to_open' },
        { symbol: 'SPY261218C00800000', side: 'buy', intent: 'buy_to_open' },
      ],
      replacedBy: null,
      replaces: null,
    });
  });

  it('maps an original ended by a replace (Cancelled, edited, replacing-order-id) to replaced, and the replacement to what it replaces', () => {
    const original = toOrder(order('Cancelled', condor(2), { edited: true, 'replacing-order-id': 771044 }));
    expect(original).toMatchObject({ status: 'replaced', replacedBy: '771044', replaces: null });
    const replacement = toOrder(order('Contingent', condor(2), { id: 771044, 'replaces-order-id': 771043 }));
    expect(replacement).toMatchObject({ id: '771044', status: 'accepted', replaces: '771043', replacedBy: null });
  });

  it('keeps a filled original filled, naming no replacement, when its fill aborted the replace', () => {
    const filled = [[2, '1.0']] as [number, string][];
    expect(toOrder(order('Filled', condor(0, [filled, filled, filled, filled]), { 'replacing-order-id': 771044 }))).toMatchObject({ status: 'filled', replacedBy: null });
  });

  it('reads a partial fill from remaining-quantity and the fills: Live is partially_filled, the net price from each leg’s average', () => {
    const fills: [number, string][][] = [[[1, '1.00']], [[1, '2.10']], [[1, '1.90']], [[1, '0.50']]];
    expect(toOrder(order('Live', condor(1, fills)))).toMatchObject({ status: 'partially_filled', filledQty: 1, filledAvgPrice: -2.5 });
  });

  it('averages several fills of a leg', () => {
    const fills: [number, string][][] = [[[1, '1.00'], [1, '1.20']], [[2, '2.10']], [[2, '1.90']], [[2, '0.50']]];
    expect(toOrder(order('Filled', condor(0, fills)))).toMatchObject({ status: 'filled', filledQty: 2, filledAvgPrice: -2.4 });
  });

  it('keeps an order Filled on its first leg only as still filling, with no price until every leg reports', () => {
    const lagging = [leg('SPY   261218P00700000', 'Buy to Open', 0, [[2, '1.00']]), ...condor(2).slice(1)];
    expect(toOrder(order('Filled', lagging))).toMatchObject({ status: 'partially_filled', filledQty: 0, filledAvgPrice: null });
  });

  it('keeps the units filled on a cancelled order', () => {
    const fills: [number, string][][] = [[[1, '1.00']], [[1, '2.10']], [[1, '1.90']], [[1, '0.50']]];
    expect(toOrder(order('Cancelled', condor(1, fills)))).toMatchObject({ status: 'canceled', filledQty: 1 });
  });

  it('takes a string id and numeric quantities as strings too', () => {
    expect(toOrder({ ...order('Live', condor(2)), id: '771044', size: '2' })).toMatchObject({ id: '771044', qty: 2 });
  });
});

describe('orderRequest', () => {
  it('writes a debit as price and Debit, rounded to the cent, the same quantity on every leg', () => {
    const body = orderRequest(
      {
        clientOrderId: 'p-close',
        qty: 3,
        limitPrice: 0.4449,
        legs: [
          { symbol: 'SPY261218P00700000', side: 'sell', intent: 'sell_to_close' },
          { symbol: 'SPY261218P00720000', side: 'buy', intent: 'buy_to_close' },
        ],
      },
      'condor/0.1.0',
    );
    expect(body).toMatchObject({ price: '0.44', 'price-effect': 'Debit', 'external-identifier': 'p-close' });
    expect(body.legs).toEqual([
      { 'instrument-type': 'Equity Option', symbol: 'SPY   261218P00700000', quantity: 3, action: 'Sell to Close' },
      { 'instrument-type': 'Equity Option', symbol: 'SPY   261218P00720000', quantity: 3, action: 'Buy to Close' },
    ]);
  });
});

describe('replaceRequest', () => {
  it('writes the new limit unsigned with its effect and the new external-identifier, and no legs', () => {
    expect(replaceRequest({ orderId: '771043', clientOrderId: 'p-s2', limitPrice: -1.236 }, 'condor/0.1.0')).toStrictEqual({
      'time-in-force': 'Day',
      'order-type': 'Limit',
      price: '1.24',
      'price-effect': 'Credit',
      source: 'condor/0.1.0',
      'external-identifier': 'p-s2',
    });
  });
});
