import type { ManagedPosition, PositionStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const FIRST = '6f1c2d3e-0000-4000-8000-000000000000';
const T0 = 1_767_623_400_000;

const positionId = (n: number): string => `5f000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The behaviour every PositionStore adapter must show. `make` returns a fresh store without positions,
 * in which the users with `ownerIds` exist.
 */
export function positionStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<PositionStore>): void {
  const position = (n: number, overrides: Partial<ManagedPosition> = {}): ManagedPosition => ({
    id: positionId(n),
    ownerId: USER,
    ticker: 'SPY',
    expiry: '2026-02-20',
    legs: [
      { symbol: 'SPY260220P00570000', type: 'put', strike: 570, expiry: '2026-02-20', side: 'long' },
      { symbol: 'SPY260220P00575500', type: 'put', strike: 575.5, expiry: '2026-02-20', side: 'short' },
      { symbol: 'SPY260220C00625000', type: 'call', strike: 625, expiry: '2026-02-20', side: 'short' },
      { symbol: 'SPY260220C00630000', type: 'call', strike: 630, expiry: '2026-02-20', side: 'long' },
    ],
    qty: 2,
    entryCredit: 1.37,
    status: 'open',
    openedAt: T0 + n * 1000,
    closedAt: null,
    orderIds: ['order-entry'],
    ...overrides,
  });

  const fresh = () => make([USER, OTHER]);
  const ids = (positions: readonly ManagedPosition[]) => positions.map((p) => p.id);

  describe(`PositionStore contract: ${adapter}`, () => {
    it('has no positions at first', async () => {
      const store = await fresh();
      expect(await store.get(USER, positionId(1))).toBeUndefined();
      expect(await store.list(USER, false)).toEqual([]);
      expect(await store.list(USER, true)).toEqual([]);
      expect(await store.update(position(1))).toBe(false);
      expect(await store.get(USER, positionId(1))).toBeUndefined();
    });

    it('gives a position back exactly as inserted: legs in order, exact decimals, order ids, nulls', async () => {
      const store = await fresh();
      const stored = [
        position(1),
        position(2, { status: 'opening', entryCredit: 0.1 + 0.2, orderIds: [] }),
        position(3, { status: 'closed', closedAt: T0 + 99_000, entryCredit: -0.05, orderIds: ['a', 'b', 'c'], legs: [] }),
      ];
      for (const p of stored) await store.insert(p);
      for (const p of stored) expect(await store.get(USER, p.id)).toEqual(p);
    });

    it('keeps its own copy: changing the inserted or a returned position afterwards changes nothing', async () => {
      const store = await fresh();
      const orderIds = ['order-entry'];
      await store.insert(position(1, { orderIds }));
      orderIds.push('later');
      const got = await store.get(USER, positionId(1));
      (got!.orderIds as string[]).push('changed');
      (got!.legs as unknown[]).length = 0;
      expect(await store.get(USER, positionId(1))).toEqual(position(1));
    });

    it('refuses a second position with the same id and keeps the first', async () => {
      const store = await fresh();
      await store.insert(position(1));
      await expect(store.insert(position(1, { ticker: 'QQQ' }))).rejects.toThrow();
      expect(await store.get(USER, positionId(1))).toEqual(position(1));
    });

    it('lists newest first, by openedAt then id descending, only the owner’s', async () => {
      const store = await fresh();
      for (const n of [5, 1, 3]) await store.insert(position(n, { openedAt: T0 }));
      await store.insert(position(2, { openedAt: T0 + 1 }));
      await store.insert(position(4, { openedAt: T0 - 1 }));
      await store.insert(position(6, { ownerId: OTHER, openedAt: T0 }));
      expect(ids(await store.list(USER, false))).toEqual([2, 5, 3, 1, 4].map(positionId));
      expect(await store.list(OTHER, false)).toEqual([position(6, { ownerId: OTHER, openedAt: T0 })]);
    });

    it('lists only positions not closed when openOnly', async () => {
      const store = await fresh();
      await store.insert(position(1, { status: 'opening' }));
      await store.insert(position(2, { status: 'open' }));
      await store.insert(position(3, { status: 'closing' }));
      await store.insert(position(4, { status: 'closed', closedAt: T0 + 9_000 }));
      expect(ids(await store.list(USER, true))).toEqual([3, 2, 1].map(positionId));
      expect(ids(await store.list(USER, false))).toEqual([4, 3, 2, 1].map(positionId));
      expect(await store.list(USER, true)).toEqual([position(3, { status: 'closing' }), position(2), position(1, { status: 'opening' })]);
    });

    it('replaces a position on update: status, close time, order ids, legs and quantity', async () => {
      const store = await fresh();
      await store.insert(position(1, { status: 'opening' }));
      await store.insert(position(2));
      const rolled = position(1, {
        status: 'closed',
        closedAt: T0 + 50_000,
        orderIds: ['order-entry', 'order-roll', 'order-exit'],
        legs: [{ symbol: 'SPY260320P00560000', type: 'put', strike: 560.5, expiry: '2026-03-20', side: 'long' }],
        qty: 1,
        expiry: '2026-03-20',
        entryCredit: 2.015,
      });
      expect(await store.update(rolled)).toBe(true);
      expect(await store.get(USER, positionId(1))).toEqual(rolled);
      expect(await store.get(USER, positionId(2))).toEqual(position(2));
      expect(ids(await store.list(USER, true))).toEqual([positionId(2)]);
    });

    it("treats another owner's position as absent: get finds nothing, list omits it, update changes nothing", async () => {
      const store = await fresh();
      await store.insert(position(1, { ownerId: OTHER }));
      expect(await store.get(USER, positionId(1))).toBeUndefined();
      expect(await store.list(USER, false)).toEqual([]);
      expect(await store.update(position(1, { status: 'closed', closedAt: T0 + 9_000 }))).toBe(false);
      expect(await store.get(OTHER, positionId(1))).toEqual(position(1, { ownerId: OTHER }));
      expect(await store.get(USER, positionId(1))).toBeUndefined();
    });

    it('names every owner with a position not closed, once each, sorted', async () => {
      const store = await make([USER, OTHER, FIRST]);
      expect(await store.ownersWithLive()).toEqual([]);
      await store.insert(position(1, { ownerId: OTHER, status: 'closed', closedAt: T0 + 9_000 }));
      await store.insert(position(2, { ownerId: USER, status: 'closed', closedAt: T0 + 9_000 }));
      expect(await store.ownersWithLive()).toEqual([]);
      await store.insert(position(3, { ownerId: OTHER, status: 'opening' }));
      await store.insert(position(4, { ownerId: OTHER, status: 'open' }));
      await store.insert(position(5, { ownerId: USER, status: 'closing' }));
      await store.insert(position(6, { ownerId: FIRST, status: 'open' }));
      expect(await store.ownersWithLive()).toEqual([FIRST, USER, OTHER]);
      await store.update(position(5, { ownerId: USER, status: 'closed', closedAt: T0 + 9_000 }));
      await store.update(position(6, { ownerId: FIRST, status: 'closed', closedAt: T0 + 9_000 }));
      expect(await store.ownersWithLive()).toEqual([OTHER]);
    });
  });
}
