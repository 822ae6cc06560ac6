import type { MultiLegOrder } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { entryLegs, failure, value, VERSION, world } from './tastytrade-setup.js';

/** At the fake's marks the condor opens for a 1.28 credit: a 5.00 credit works, a 0.50 credit fills. */
const condor = (clientOrderId: string, limitPrice = -5, qty = 1): MultiLegOrder => ({ clientOrderId, qty, limitPrice, legs: entryLegs() });
const puts = (fake: { requests: readonly { method: string }[] }): number => fake.requests.filter((r) => r.method === 'PUT').length;

describe('TastytradeBroker: replace', () => {
  it('PUTs the new limit and identifier without legs, reads the new id from data, and waits out Contingent until the replacement is Live', async () => {
    const { broker, fake, sleeps } = await world();
    const working = value(await broker.submit(condor('p-walk')));
    const before = fake.requests.length;
    const placed = value(await broker.replace({ orderId: working.id, clientOrderId: 'p-walk-s1', limitPrice: -4.756 }));
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/accounts/5WT00001/orders/${working.id}`);
    expect(put?.acceptVersion).not.toBeNull();
    expect(put?.body).toStrictEqual({ 'time-in-force': 'Day', 'order-type': 'Limit', price: '4.76', 'price-effect': 'Credit', source: `condor/${VERSION}`, 'external-identifier': 'p-walk-s1' });
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path.replace(working.id, 'old').replace(placed.id, 'new')}`)).toEqual([
      'GET /accounts/5WT00001/orders/old',
      'GET /accounts/5WT00001/orders/live',
      'PUT /accounts/5WT00001/orders/old',
      'GET /accounts/5WT00001/orders/new',
      'GET /accounts/5WT00001/orders/new',
    ]);
    expect(sleeps).toEqual([250]);
    expect(Number(placed.id)).toBeGreaterThan(Number(working.id));
    expect(placed).toMatchObject({ clientOrderId: 'p-walk-s1', status: 'accepted', limitPrice: -4.76, replaces: working.id });
    expect(fake.book.orders.find((o) => String(o.id) === working.id)).toMatchObject({ status: 'Cancelled', edited: true, replacingId: Number(placed.id) });
  });

  it('refuses a partly filled order without sending the replace', async () => {
    const { broker, fake } = await world();
    fake.partialFillNext(1);
    const partial = value(await broker.submit(condor('p-partial', -0.5, 3)));
    expect(failure(await broker.replace({ orderId: partial.id, clientOrderId: 'p-partial-s1', limitPrice: -0.6 }))).toEqual({
      kind: 'rejected',
      message: '1 of 3 units of the order have filled; a partly filled order is not replaced',
    });
    expect(puts(fake)).toBe(0);
  });

  it('says the order filled when a fill beat the replace to it (422 cannot_update_order)', async () => {
    const { broker, fake } = await world();
    const working = value(await broker.submit(condor('p-first')));
    fake.replaceRaceNext('fill-first');
    expect(failure(await broker.replace({ orderId: working.id, clientOrderId: 'p-first-s1', limitPrice: -4.9 }))).toEqual({
      kind: 'rejected',
      message: 'the order filled before it could be replaced',
    });
    expect(value(await broker.orderByClientId('p-first-s1'))).toBeNull();
  });

  it("rejects with tastytrade's reason when a fill of the original aborts the replacement it had accepted", async () => {
    const { broker, fake } = await world();
    const working = value(await broker.submit(condor('p-during')));
    fake.replaceRaceNext('fill-during');
    expect(failure(await broker.replace({ orderId: working.id, clientOrderId: 'p-during-s1', limitPrice: -4.9 }))).toEqual({
      kind: 'rejected',
      message: 'The original order filled before it could be replaced',
    });
    expect(value(await broker.orderByClientId('p-during'))).toMatchObject({ status: 'filled', filledQty: 1, replacedBy: null });
    expect(value(await broker.orderByClientId('p-during-s1'))).toMatchObject({ status: 'rejected', replaces: working.id });
  });

  it('finds a replacement whose answer was lost by its external-identifier, and a retry answers it without a second PUT', async () => {
    const { broker, fake } = await world();
    const working = value(await broker.submit(condor('p-lost')));
    fake.failNext(502, { method: 'PUT', afterHandling: true });
    const found = value(await broker.replace({ orderId: working.id, clientOrderId: 'p-lost-s1', limitPrice: -4.9 }));
    expect(found).toMatchObject({ clientOrderId: 'p-lost-s1', replaces: working.id });
    const again = value(await broker.replace({ orderId: working.id, clientOrderId: 'p-lost-s1', limitPrice: -4.9 }));
    expect(again.id).toBe(found.id);
    expect(puts(fake)).toBe(1);
  });

  it('answers unavailable when the PUT got no answer and no replacement carries the identifier', async () => {
    const { broker, fake } = await world();
    const working = value(await broker.submit(condor('p-gone')));
    fake.failNext(503, { method: 'PUT' });
    const error = failure(await broker.replace({ orderId: working.id, clientOrderId: 'p-gone-s1', limitPrice: -4.9 }));
    expect(error.kind === 'unavailable' && error.message).toMatch(/no replacement with external-identifier p-gone-s1 is listed yet/);
    expect(value(await broker.orderByClientId('p-gone'))?.status).toBe('accepted');
  });

  it('refuses, without sending it, a replacement whose identifier another order carries (tastytrade would take it)', async () => {
    const { broker, fake } = await world();
    const other = value(await broker.submit(condor('p-taken')));
    const working = value(await broker.submit(condor('p-taken-s0')));
    expect(failure(await broker.replace({ orderId: working.id, clientOrderId: 'p-taken', limitPrice: -4.9 }))).toEqual({
      kind: 'rejected',
      message: `order ${other.id} already carries external-identifier p-taken; a replacement needs a client order id of its own`,
    });
    expect(puts(fake)).toBe(0);
  });
});
