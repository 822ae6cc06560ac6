import type { Broker, BrokerError, BrokerOrder, MultiLegOrder, OrderLeg, OrderReplacement } from '@condor/core';
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';

/** What a broker adapter under test is set up with. */
export interface BrokerFixture {
  /** A broker on a fresh account: no positions, no orders, buying power for a few condors. */
  make(): Promise<Broker>;
  /** The four opening legs of an iron condor the broker trades now (long put, short put, short call, long call). */
  entryLegs(): OrderLeg[];
  /** A net price per share (Alpaca's sign) at which one unit of the entry fills at once. */
  readonly marketableLimit: number;
  /** A net price per share at which the entry works without filling. */
  readonly unmarketableLimit: number;
  /** A debit per share at which closing the entry fills at once; the closing cases run only with it. */
  readonly exitLimit?: number;
  /**
   * A broker on a fresh account, and what makes a working order fill while a replace of it is on its way, the fill
   * winning the race: a fake broker scripts it, the simulated one moves its market onto the order.
   */
  racingReplace(): Promise<{ readonly broker: Broker; readonly fillDuringNextReplace: () => void }>;
}

function value<T>(result: Result<T, BrokerError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const entry = (fixture: BrokerFixture, clientOrderId: string, limitPrice: number): MultiLegOrder => ({
  clientOrderId,
  qty: 1,
  limitPrice,
  legs: fixture.entryLegs(),
});

/** The same contracts, each side flipped, to close. */
const closing = (legs: readonly OrderLeg[]): OrderLeg[] =>
  legs.map((leg) => (leg.side === 'buy' ? { symbol: leg.symbol, side: 'sell', intent: 'sell_to_close' } : { symbol: leg.symbol, side: 'buy', intent: 'buy_to_close' }));

const ids = (orders: readonly BrokerOrder[]): string[] => orders.map((o) => o.id);

/** A limit further from the market than the unmarketable one, so the replacement works too. */
const further = (fixture: BrokerFixture): number => Math.round((fixture.unmarketableLimit - 0.05) * 100) / 100;

async function refusedReplace(broker: Broker, replacement: OrderReplacement): Promise<void> {
  const result = await broker.replace(replacement);
  expect(result.isErr() && result.error.kind, JSON.stringify(result)).toBe('rejected');
}

/**
 * The behaviour every Broker adapter must show, on a fresh account per case: orders fill when
 * marketable and work when not, working orders cancel once and are replaced by a new order once, a
 * client order id places at most one order, a fill racing a replace is never doubled, and positions
 * carry short legs as negative quantities.
 */
export function brokerContract(adapter: string, fixture: BrokerFixture): void {
  describe(`Broker contract: ${adapter}`, () => {
    it('verifies the credentials and returns the account', async () => {
      const broker = await fixture.make();
      const account = value(await broker.verify());
      expect(account.accountId.length).toBeGreaterThan(0);
      expect(account.buyingPower).toBeGreaterThan(0);
      expect(typeof account.spreadsAllowed).toBe('boolean');
    });

    it('fills a marketable four-leg order and finds it by id and client order id', async () => {
      const broker = await fixture.make();
      const placed = value(await broker.submit(entry(fixture, 'contract-fill', fixture.marketableLimit)));
      expect(placed.clientOrderId).toBe('contract-fill');
      expect(placed.qty).toBe(1);
      expect(placed.legs.map((l) => l.symbol)).toEqual(fixture.entryLegs().map((l) => l.symbol));
      const found = value(await broker.orderByClientId('contract-fill'));
      expect(found?.id).toBe(placed.id);
      expect(found?.status).toBe('filled');
      expect(found?.filledQty).toBe(1);
      expect(found?.filledAvgPrice).not.toBeNull();
      expect(ids(value(await broker.orders('all')))).toContain(placed.id);
      expect(ids(value(await broker.orders('open')))).not.toContain(placed.id);
    });

    it('holds the filled legs as positions, short legs negative', async () => {
      const broker = await fixture.make();
      value(await broker.submit(entry(fixture, 'contract-positions', fixture.marketableLimit)));
      const positions = value(await broker.positions());
      for (const leg of fixture.entryLegs()) {
        const position = positions.find((p) => p.symbol === leg.symbol);
        expect(position, leg.symbol).toBeDefined();
        expect(position?.qty).toBe(leg.side === 'buy' ? 1 : -1);
        expect(position?.avgEntryPrice).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(position?.currentPrice)).toBe(true);
      }
    });

    it('keeps an unmarketable order working, lists orders newest first, and cancels it once', async () => {
      const broker = await fixture.make();
      const filled = value(await broker.submit(entry(fixture, 'contract-first', fixture.marketableLimit)));
      const working = value(await broker.submit(entry(fixture, 'contract-working', fixture.unmarketableLimit)));
      expect(working.status).toBe('accepted');
      expect(ids(value(await broker.orders('open')))).toEqual([working.id]);
      expect(ids(value(await broker.orders('all')))).toEqual([working.id, filled.id]);
      expect(value(await broker.cancel(working.id))).toEqual({ kind: 'canceled' });
      expect(value(await broker.orders('open'))).toEqual([]);
      expect(['canceled', 'pending_cancel']).toContain(value(await broker.orderByClientId('contract-working'))?.status);
      expect(value(await broker.cancel(working.id)).kind).toBe('refused');
    });

    it('refuses to cancel a filled order or an unknown one', async () => {
      const broker = await fixture.make();
      const filled = value(await broker.submit(entry(fixture, 'contract-filled', fixture.marketableLimit)));
      expect(value(await broker.cancel(filled.id)).kind).toBe('refused');
      expect(value(await broker.cancel('no-such-order')).kind).toBe('refused');
    });

    it('never places a second order with a client order id already used', async () => {
      const broker = await fixture.make();
      const first = value(await broker.submit(entry(fixture, 'contract-once', fixture.unmarketableLimit)));
      const again = await broker.submit(entry(fixture, 'contract-once', fixture.marketableLimit));
      if (again.isErr()) expect(again.error.kind).toBe('rejected');
      else expect(again.value.id).toBe(first.id);
      const all = value(await broker.orders('all'));
      expect(all.filter((o) => o.clientOrderId === 'contract-once')).toHaveLength(1);
      expect(all).toHaveLength(1);
    });

    it('replaces a working order with a new one: new id, the client order id and limit given; the old one reads back replaced by it', async () => {
      const broker = await fixture.make();
      const working = value(await broker.submit(entry(fixture, 'contract-walk-s0', fixture.unmarketableLimit)));
      const placed = value(await broker.replace({ orderId: working.id, clientOrderId: 'contract-walk-s1', limitPrice: further(fixture) }));
      expect(placed.id).not.toBe(working.id);
      expect(placed).toMatchObject({ clientOrderId: 'contract-walk-s1', status: 'accepted', qty: 1, filledQty: 0, limitPrice: further(fixture), replaces: working.id });
      expect(placed.legs).toEqual(working.legs);
      expect(value(await broker.orderByClientId('contract-walk-s0'))).toMatchObject({ id: working.id, status: 'replaced', replacedBy: placed.id, filledQty: 0 });
      expect(value(await broker.orderByClientId('contract-walk-s1'))).toMatchObject({ id: placed.id, status: 'accepted', replaces: working.id });
      expect(ids(value(await broker.orders('open')))).toEqual([placed.id]);
      expect(ids(value(await broker.orders('all')))).toEqual([placed.id, working.id]);
    });

    it('fills the new order, not the old one, when the replacement is marketable', async () => {
      const broker = await fixture.make();
      const working = value(await broker.submit(entry(fixture, 'contract-cross-s0', fixture.unmarketableLimit)));
      const placed = value(await broker.replace({ orderId: working.id, clientOrderId: 'contract-cross-s1', limitPrice: fixture.marketableLimit }));
      expect(value(await broker.orderByClientId('contract-cross-s1'))).toMatchObject({ id: placed.id, status: 'filled', filledQty: 1 });
      expect(value(await broker.orderByClientId('contract-cross-s0'))).toMatchObject({ status: 'replaced', filledQty: 0 });
      expect(value(await broker.orders('open'))).toEqual([]);
    });

    it('refuses to replace a filled, a cancelled, an already replaced or an unknown order, placing nothing', async () => {
      const broker = await fixture.make();
      const filled = value(await broker.submit(entry(fixture, 'contract-done-filled', fixture.marketableLimit)));
      const cancelled = value(await broker.submit(entry(fixture, 'contract-done-cancelled', fixture.unmarketableLimit)));
      expect(value(await broker.cancel(cancelled.id))).toEqual({ kind: 'canceled' });
      const replaced = value(await broker.submit(entry(fixture, 'contract-done-replaced', fixture.unmarketableLimit)));
      value(await broker.replace({ orderId: replaced.id, clientOrderId: 'contract-done-replaced-s1', limitPrice: further(fixture) }));
      const before = ids(value(await broker.orders('all')));
      await refusedReplace(broker, { orderId: filled.id, clientOrderId: 'contract-refused-1', limitPrice: further(fixture) });
      await refusedReplace(broker, { orderId: cancelled.id, clientOrderId: 'contract-refused-2', limitPrice: further(fixture) });
      await refusedReplace(broker, { orderId: replaced.id, clientOrderId: 'contract-refused-3', limitPrice: fixture.unmarketableLimit });
      await refusedReplace(broker, { orderId: 'no-such-order', clientOrderId: 'contract-refused-4', limitPrice: further(fixture) });
      expect(ids(value(await broker.orders('all')))).toEqual(before);
      for (const n of [1, 2, 3, 4]) expect(value(await broker.orderByClientId(`contract-refused-${n}`))).toBeNull();
      expect(value(await broker.orderByClientId('contract-done-filled'))?.status).toBe('filled');
    });

    it('never fills more than the order when a fill of the old order races the replace: the old order holds the one fill', async () => {
      const { broker, fillDuringNextReplace } = await fixture.racingReplace();
      const working = value(await broker.submit(entry(fixture, 'contract-race-s0', fixture.unmarketableLimit)));
      fillDuringNextReplace();
      const result = await broker.replace({ orderId: working.id, clientOrderId: 'contract-race-s1', limitPrice: further(fixture) });
      if (result.isErr()) expect(result.error.kind).toBe('rejected');
      const all = value(await broker.orders('all'));
      expect(all.filter((o) => o.status === 'filled').map((o) => o.id)).toEqual([working.id]);
      expect(all.reduce((sum, o) => sum + o.filledQty, 0)).toBe(1);
      expect(value(await broker.orders('open'))).toEqual([]);
      const replacement = value(await broker.orderByClientId('contract-race-s1'));
      if (replacement !== null) {
        expect(replacement.replaces).toBe(working.id);
        expect(['rejected', 'canceled']).toContain(replacement.status);
      }
    });

    it('refuses a replacement with a client order id already used, and changes nothing', async () => {
      const broker = await fixture.make();
      const other = value(await broker.submit(entry(fixture, 'contract-taken', fixture.unmarketableLimit)));
      const working = value(await broker.submit(entry(fixture, 'contract-taken-s0', fixture.unmarketableLimit)));
      await refusedReplace(broker, { orderId: working.id, clientOrderId: 'contract-taken', limitPrice: further(fixture) });
      expect(value(await broker.orderByClientId('contract-taken-s0'))).toMatchObject({ id: working.id, status: 'accepted', limitPrice: fixture.unmarketableLimit });
      expect(value(await broker.orderByClientId('contract-taken'))).toMatchObject({ id: other.id, status: 'accepted', limitPrice: fixture.unmarketableLimit });
      expect(ids(value(await broker.orders('all')))).toEqual([working.id, other.id]);
    });

    it('answers null for a client order id never used', async () => {
      const broker = await fixture.make();
      expect(value(await broker.orderByClientId('contract-never-used'))).toBeNull();
    });

    it.runIf(fixture.exitLimit !== undefined)('closes the held legs, after which the positions are gone', async () => {
      const broker = await fixture.make();
      value(await broker.submit(entry(fixture, 'contract-open', fixture.marketableLimit)));
      const exit: MultiLegOrder = { clientOrderId: 'contract-close', qty: 1, limitPrice: fixture.exitLimit ?? 0, legs: closing(fixture.entryLegs()) };
      expect(value(await broker.submit(exit)).clientOrderId).toBe('contract-close');
      expect(value(await broker.orderByClientId('contract-close'))?.status).toBe('filled');
      const held = value(await broker.positions()).map((p) => p.symbol);
      for (const leg of fixture.entryLegs()) expect(held).not.toContain(leg.symbol);
    });

    it.runIf(fixture.exitLimit !== undefined)('rejects closing legs the account does not hold', async () => {
      const broker = await fixture.make();
      const exit: MultiLegOrder = { clientOrderId: 'contract-close-nothing', qty: 1, limitPrice: fixture.exitLimit ?? 0, legs: closing(fixture.entryLegs()) };
      const result = await broker.submit(exit);
      expect(result.isErr() && result.error.kind).toBe('rejected');
      expect(value(await broker.orders('all'))).toEqual([]);
    });

    it.runIf(fixture.exitLimit !== undefined)('rejects a close of legs a working close already covers (strict position effect)', async () => {
      const broker = await fixture.make();
      value(await broker.submit(entry(fixture, 'contract-open-once', fixture.marketableLimit)));
      const working = value(await broker.submit({ clientOrderId: 'contract-close-working', qty: 1, limitPrice: fixture.unmarketableLimit, legs: closing(fixture.entryLegs()) }));
      expect(working.status).not.toBe('filled');
      const again = await broker.submit({ clientOrderId: 'contract-close-again', qty: 1, limitPrice: fixture.exitLimit ?? 0, legs: closing(fixture.entryLegs()) });
      expect(again.isErr() && again.error.kind).toBe('rejected');
      expect(value(await broker.orderByClientId('contract-close-again'))).toBeNull();
      expect(value(await broker.positions()).filter((p) => p.qty !== 0)).toHaveLength(fixture.entryLegs().length);
    });
  });
}
