import type { BrokerAccess, MultiLegOrder, OrderLeg } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { brokerContract } from '../contracts/broker.contract.js';
import { FakeBrokers } from './fake-brokers.js';

const LEGS: OrderLeg[] = [
  { symbol: 'SPY260320P00600000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY260320P00610000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00720000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00730000', side: 'buy', intent: 'buy_to_open' },
];
const OWNER = 'user-1';
const access = (ownerId = OWNER): BrokerAccess => ({ ownerId, broker: 'sim', environment: 'paper', credentials: null });
const entry = (clientOrderId: string, limitPrice = -1.2): MultiLegOrder => ({ clientOrderId, qty: 1, limitPrice, legs: LEGS });

/** Credits of at most $1.50 fill, larger ones work: a stand-in for a market. */
const marketable = (order: MultiLegOrder) => (order.limitPrice >= -1.5 ? 'fill' : 'work');

brokerContract('FakeBrokers', {
  make: () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, marketable);
    return Promise.resolve(brokers.open(access()));
  },
  entryLegs: () => LEGS,
  marketableLimit: -1.2,
  unmarketableLimit: -3,
  exitLimit: 0.6,
  racingReplace: () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, marketable);
    return Promise.resolve({
      broker: brokers.open(access()),
      fillDuringNextReplace: () => {
        brokers.fillDuringNextReplace(OWNER);
      },
    });
  },
});

describe('FakeBrokers', () => {
  it('fills at the limit by default and keeps each owner apart', async () => {
    const brokers = new FakeBrokers();
    const order = (await brokers.open(access()).submit(entry('p1')))._unsafeUnwrap();
    expect(order).toMatchObject({ status: 'filled', filledAvgPrice: -1.2, id: 'fake-order-000001' });
    expect((await brokers.open(access('user-2')).orders('all'))._unsafeUnwrap()).toEqual([]);
    expect(brokers.opened).toHaveLength(2);
  });

  it('fills a working order when told to, at a given price', async () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, () => 'work');
    const broker = brokers.open(access());
    const working = (await broker.submit(entry('p1')))._unsafeUnwrap();
    expect(brokers.fillOrder(OWNER, working.id, -1.1)?.filledAvgPrice).toBe(-1.1);
    expect((await broker.orderByClientId('p1'))._unsafeUnwrap()?.status).toBe('filled');
    expect(brokers.fillOrder(OWNER, working.id)).toBeUndefined();
  });

  it('rejects what the script rejects, and places nothing', async () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, () => ({ reject: 'insufficient buying power' }));
    expect((await brokers.open(access()).submit(entry('p1')))._unsafeUnwrapErr()).toEqual({ kind: 'rejected', message: 'insufficient buying power' });
    expect(brokers.allOrders(OWNER)).toEqual([]);
  });

  it('fails verify while told to, and scripts the account', async () => {
    const brokers = new FakeBrokers();
    brokers.verifyFails(OWNER, { kind: 'auth_failed', message: 'forbidden' });
    expect((await brokers.open(access()).verify())._unsafeUnwrapErr().kind).toBe('auth_failed');
    brokers.verifyFails(OWNER, null);
    brokers.setAccount(OWNER, { spreadsAllowed: false, buyingPower: 500 });
    expect((await brokers.open(access()).verify())._unsafeUnwrap()).toMatchObject({ spreadsAllowed: false, buyingPower: 500 });
  });

  it('rate-limits the next calls, then answers again', async () => {
    const brokers = new FakeBrokers();
    brokers.rateLimit(OWNER, 2, 7);
    const broker = brokers.open(access());
    expect((await broker.orders('all'))._unsafeUnwrapErr()).toEqual({ kind: 'rate_limited', retryAfterSeconds: 7 });
    expect((await broker.submit(entry('p1')))._unsafeUnwrapErr().kind).toBe('rate_limited');
    expect((await broker.orders('all'))._unsafeUnwrap()).toEqual([]);
    expect(brokers.submitCount(OWNER)).toBe(1);
  });

  it('loses an acknowledgement after placing, and fails a submit without placing', async () => {
    const brokers = new FakeBrokers();
    const broker = brokers.open(access());
    brokers.loseNextSubmitAck(OWNER);
    expect((await broker.submit(entry('p1')))._unsafeUnwrapErr()).toEqual({ kind: 'unavailable', message: 'timeout' });
    expect((await broker.orderByClientId('p1'))._unsafeUnwrap()?.status).toBe('filled');
    brokers.failNextSubmit(OWNER);
    expect((await broker.submit(entry('p2')))._unsafeUnwrapErr().kind).toBe('unavailable');
    expect((await broker.orderByClientId('p2'))._unsafeUnwrap()).toBeNull();
    expect(brokers.allOrders(OWNER)).toHaveLength(1);
    expect(brokers.submitCount(OWNER)).toBe(2);
  });

  it('refuses cancels while told to', async () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, () => 'work');
    brokers.refuseCancels(OWNER, true);
    const broker = brokers.open(access());
    const working = (await broker.submit(entry('p1')))._unsafeUnwrap();
    expect((await broker.cancel(working.id))._unsafeUnwrap().kind).toBe('refused');
    brokers.refuseCancels(OWNER, false);
    expect((await broker.cancel(working.id))._unsafeUnwrap()).toEqual({ kind: 'canceled' });
  });

  it('holds an external position that closing legs can close, priced by setPrice', async () => {
    const brokers = new FakeBrokers();
    brokers.holdExternalPosition(OWNER, 'AAPL260320P00250000', -2, 3.1);
    brokers.setPrice('AAPL260320P00250000', 2.5);
    const broker = brokers.open(access());
    expect((await broker.positions())._unsafeUnwrap()).toEqual([{ symbol: 'AAPL260320P00250000', qty: -2, avgEntryPrice: 3.1, currentPrice: 2.5 }]);
    const close: MultiLegOrder = { clientOrderId: 'c1', qty: 2, limitPrice: 2.5, legs: [{ symbol: 'AAPL260320P00250000', side: 'buy', intent: 'buy_to_close' }] };
    expect((await broker.submit({ ...close, qty: 3, clientOrderId: 'c0' }))._unsafeUnwrapErr().kind).toBe('rejected');
    expect((await broker.submit(close))._unsafeUnwrap().status).toBe('filled');
    expect((await broker.positions())._unsafeUnwrap()).toEqual([]);
  });

  it('closes one leg outside the service: the other legs stay and working orders on it are cancelled', async () => {
    const brokers = new FakeBrokers();
    const broker = brokers.open(access());
    (await broker.submit(entry('open')))._unsafeUnwrap();
    brokers.decideOrders(OWNER, () => 'work');
    const closePuts: MultiLegOrder = {
      clientOrderId: 'close-puts',
      qty: 1,
      limitPrice: 0.5,
      legs: [
        { symbol: LEGS[0]!.symbol, side: 'sell', intent: 'sell_to_close' },
        { symbol: LEGS[1]!.symbol, side: 'buy', intent: 'buy_to_close' },
      ],
    };
    (await broker.submit(closePuts))._unsafeUnwrap();
    brokers.closeLegOutside(OWNER, LEGS[1]!.symbol);
    expect((await broker.positions())._unsafeUnwrap().map((p) => p.symbol)).toEqual([LEGS[0]!.symbol, LEGS[2]!.symbol, LEGS[3]!.symbol].sort());
    expect((await broker.orderByClientId('close-puts'))._unsafeUnwrap()?.status).toBe('canceled');
    expect(() => {
      brokers.closeLegOutside(OWNER, LEGS[1]!.symbol);
    }).toThrow(/is not held/);
  });

  it('places exactly one order for 50 concurrent submits of one client order id', async () => {
    const brokers = new FakeBrokers();
    const broker = brokers.open(access());
    const results = await Promise.all(Array.from({ length: 50 }, () => broker.submit(entry('same'))));
    expect(results.filter((r) => r.isOk())).toHaveLength(1);
    expect(brokers.allOrders(OWNER)).toHaveLength(1);
    expect(brokers.submitCount(OWNER)).toBe(50);
  });

  it('replaces a working order as decideOrders says, the old one replaced by the new', async () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, () => 'work');
    const broker = brokers.open(access());
    const working = (await broker.submit(entry('p1-s0')))._unsafeUnwrap();
    brokers.decideOrders(OWNER, () => 'fill');
    const placed = (await broker.replace({ orderId: working.id, clientOrderId: 'p1-s1', limitPrice: -1.1 }))._unsafeUnwrap();
    expect(placed).toMatchObject({ id: 'fake-order-000002', status: 'filled', filledAvgPrice: -1.1, replaces: working.id });
    expect(brokers.allOrders(OWNER).map((o) => [o.id, o.status, o.replacedBy ?? null])).toEqual([
      ['fake-order-000002', 'filled', null],
      [working.id, 'replaced', 'fake-order-000002'],
    ]);
  });

  it('lets a fill win a replace either way: the new order answered then rejected, or the replace refused', async () => {
    const brokers = new FakeBrokers();
    brokers.decideOrders(OWNER, () => 'work');
    const broker = brokers.open(access());
    const first = (await broker.submit(entry('race-a')))._unsafeUnwrap();
    brokers.fillDuringNextReplace(OWNER);
    expect((await broker.replace({ orderId: first.id, clientOrderId: 'race-a-s1', limitPrice: -1.1 }))._unsafeUnwrap().status).toBe('accepted');
    expect((await broker.orderByClientId('race-a-s1'))._unsafeUnwrap()?.status).toBe('rejected');
    const second = (await broker.submit(entry('race-b')))._unsafeUnwrap();
    brokers.fillDuringNextReplace(OWNER, 'refused');
    expect((await broker.replace({ orderId: second.id, clientOrderId: 'race-b-s1', limitPrice: -1.1 }))._unsafeUnwrapErr().kind).toBe('rejected');
    expect((await broker.orderByClientId('race-b-s1'))._unsafeUnwrap()).toBeNull();
    expect(brokers.allOrders(OWNER).filter((o) => o.status === 'filled').map((o) => o.id)).toEqual([second.id, first.id]);
  });
});
