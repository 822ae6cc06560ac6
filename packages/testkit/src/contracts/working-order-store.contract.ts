import { pricingPlan, type WorkingOrder, type WorkingOrderStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const OWNER = '00000000-0000-4000-8000-000000000001';
const STRANGER = '00000000-0000-4000-8000-000000000002';
const LEASE = 30_000;

const planned = pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05 });
if (!planned.ok) throw new Error('the fixture band is valid');

/** A walk of `proposalId` started at T0, its first limit standing. */
export const workingOrderFixture = (proposalId: string, given: Partial<WorkingOrder> = {}): WorkingOrder => ({
  proposalId,
  ownerId: OWNER,
  positionId: proposalId,
  plan: planned.plan,
  qty: 2,
  steps: [{ at: T0, limitPrice: -1.25, clientOrderId: proposalId, orderId: 'order-1', state: 'standing' }],
  status: 'working',
  filledQty: 0,
  nextAt: T0 + 10_000,
  startedAt: T0,
  endedAt: null,
  detail: null,
  cancelRequested: false,
  ...given,
});

const id = (n: number): string => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * What every WorkingOrderStore adapter must keep (design §15): walks stored whole, read by their owner only, and a
 * lease that lets exactly one holder act on a walk at a time. `make(count)` returns `count` handles onto one fresh
 * store (separate connections onto one database), as several instances see it.
 */
export function workingOrderStoreContract(adapter: string, make: (count: number) => Promise<readonly WorkingOrderStore[]>): void {
  const two = async (): Promise<[WorkingOrderStore, WorkingOrderStore]> => {
    const [a, b] = await make(2);
    if (a === undefined || b === undefined) throw new Error('make(2) gave fewer than two handles');
    return [a, b];
  };

  describe(`WorkingOrderStore contract: ${adapter}`, () => {
    it('stores a walk whole, for its owner only, and keeps the first of two starts', async () => {
      const [store] = await two();
      const walk = workingOrderFixture(id(1));
      await store.start(walk);
      await store.start({ ...walk, qty: 9 });
      expect(await store.get(OWNER, id(1))).toEqual(walk);
      expect(await store.get(STRANGER, id(1))).toBeUndefined();
      expect(await store.listOwned(STRANGER, 'all')).toEqual([]);
    });

    it('lists the owner’s walks newest first, the working ones alone on request', async () => {
      const [store] = await two();
      await store.start(workingOrderFixture(id(1), { startedAt: T0 }));
      await store.start(workingOrderFixture(id(2), { startedAt: T0 + 5, status: 'filled', filledQty: 2, endedAt: T0 + 9, detail: 'filled' }));
      await store.start(workingOrderFixture(id(3), { startedAt: T0 + 10 }));
      expect((await store.listOwned(OWNER, 'all')).map((w) => w.proposalId)).toEqual([id(3), id(2), id(1)]);
      expect((await store.listOwned(OWNER, 'working')).map((w) => w.proposalId)).toEqual([id(3), id(1)]);
    });

    it('leases only working walks that are due, to one holder until the lease ends', async () => {
      const [a, b] = await two();
      await a.start(workingOrderFixture(id(1), { nextAt: T0 + 10_000 }));
      await a.start(workingOrderFixture(id(2), { nextAt: T0 + 20_000 }));
      await a.start(workingOrderFixture(id(3), { nextAt: T0, status: 'expired', endedAt: T0, detail: 'expired' }));
      expect(await a.claimDue('a', T0 + 9_999, LEASE, 10)).toEqual([]);
      expect((await a.claimDue('a', T0 + 10_000, LEASE, 10)).map((w) => w.proposalId)).toEqual([id(1)]);
      expect(await b.claimDue('b', T0 + 10_001, LEASE, 10)).toEqual([]);
      expect((await b.claimDue('b', T0 + 20_000, LEASE, 10)).map((w) => w.proposalId)).toEqual([id(2)]);
      // The lease ran out without a save: another holder may take the walk over.
      expect((await b.claimDue('b', T0 + 10_000 + LEASE, LEASE, 10)).map((w) => w.proposalId)).toEqual([id(1)]);
    });

    it('claims at most `limit` walks, the most overdue first', async () => {
      const [store] = await two();
      for (const n of [1, 2, 3]) await store.start(workingOrderFixture(id(n), { nextAt: T0 + 10 - n }));
      expect((await store.claimDue('a', T0 + 10, LEASE, 2)).map((w) => w.proposalId)).toEqual([id(3), id(2)]);
    });

    it('saves only for the holder of a live lease; a release lets the walk wait for its next look', async () => {
      const [a, b] = await two();
      await a.start(workingOrderFixture(id(1), { nextAt: T0 }));
      const [claimed] = await a.claimDue('a', T0, LEASE, 10);
      const stepped: WorkingOrder = {
        ...claimed!,
        steps: [...claimed!.steps, { at: T0, limitPrice: -1.24, clientOrderId: `${id(1)}-s1`, orderId: null, state: 'requested' }],
      };
      expect(await b.save({ ...stepped, status: 'cancelled' }, 'b', T0 + 1, true)).toBe(false);
      expect(await a.save(stepped, 'a', T0 + 1, false)).toBe(true);
      expect(await b.claimDue('b', T0 + 2, LEASE, 10)).toEqual([]);
      const standing: WorkingOrder = { ...stepped, steps: stepped.steps.map((s, i) => (i === 1 ? { ...s, orderId: 'order-2', state: 'standing' } : s)), nextAt: T0 + 10_000 };
      expect(await a.save(standing, 'a', T0 + 3, true)).toBe(true);
      expect(await a.get(OWNER, id(1))).toEqual(standing);
      expect(await a.save({ ...standing, status: 'cancelled' }, 'a', T0 + 4, true)).toBe(false);
      expect(await b.claimDue('b', T0 + 9_999, LEASE, 10)).toEqual([]);
      expect((await b.claimDue('b', T0 + 10_000, LEASE, 10)).map((w) => w.steps.length)).toEqual([2]);
    });

    it('refuses a save after the lease ran out, even to its last holder', async () => {
      const [a, b] = await two();
      await a.start(workingOrderFixture(id(1), { nextAt: T0 }));
      const [claimed] = await a.claimDue('a', T0, LEASE, 10);
      expect(await a.save({ ...claimed!, filledQty: 1 }, 'a', T0 + LEASE, true)).toBe(false);
      expect((await b.claimDue('b', T0 + LEASE, LEASE, 10)).map((w) => w.filledQty)).toEqual([0]);
    });

    it('gives each due walk to exactly one of holders racing for it', async () => {
      const handles = await make(4);
      for (const n of [1, 2, 3, 4, 5]) await handles[0]!.start(workingOrderFixture(id(n), { nextAt: T0 }));
      const claims = await Promise.all(handles.map((store, i) => store.claimDue(`h${String(i)}`, T0, LEASE, 10)));
      const claimed = claims.flat().map((w) => w.proposalId);
      expect(claimed.sort()).toEqual([1, 2, 3, 4, 5].map(id));
    });

    it('finishes a walk no walker holds, and not one a walker holds or one already ended', async () => {
      const [a, b] = await two();
      await a.start(workingOrderFixture(id(1), { nextAt: T0 }));
      await a.start(workingOrderFixture(id(2), { nextAt: T0 }));
      const ended = (n: number) => ({ ...workingOrderFixture(id(n)), status: 'filled' as const, filledQty: 2, endedAt: T0, detail: 'filled' });
      expect(await b.finishUnclaimed(ended(1), T0)).toBe(true);
      expect(await a.get(OWNER, id(1))).toEqual(ended(1));
      expect(await b.finishUnclaimed({ ...ended(1), detail: 'again' }, T0)).toBe(false);
      expect((await a.claimDue('a', T0, LEASE, 10)).map((w) => w.proposalId)).toEqual([id(2)]);
      expect(await b.finishUnclaimed(ended(2), T0 + 1)).toBe(false);
      expect((await a.get(OWNER, id(2)))?.status).toBe('working');
    });

    it('marks a person’s cancel of a working walk due at once, and not of an ended or another owner’s', async () => {
      const [store] = await two();
      await store.start(workingOrderFixture(id(1), { nextAt: T0 + 50_000 }));
      await store.start(workingOrderFixture(id(2), { status: 'filled', filledQty: 2, endedAt: T0, detail: 'filled' }));
      expect(await store.requestCancel(STRANGER, id(1))).toBe('not_found');
      expect(await store.requestCancel(OWNER, id(2))).toBe('ended');
      expect(await store.requestCancel(OWNER, id(3))).toBe('not_found');
      expect(await store.requestCancel(OWNER, id(1))).toBe('requested');
      const [due] = await store.claimDue('a', T0, LEASE, 10);
      expect(due).toMatchObject({ proposalId: id(1), cancelRequested: true });
    });

    it('keeps a cancel asked while a walker holds the lease through the walker’s save, and the walk due', async () => {
      const [a, b] = await two();
      await a.start(workingOrderFixture(id(1), { nextAt: T0 }));
      const [claimed] = await a.claimDue('a', T0, LEASE, 10);
      expect(await b.requestCancel(OWNER, id(1))).toBe('requested');
      expect(await a.save({ ...claimed!, nextAt: T0 + 10_000 }, 'a', T0 + 1, true)).toBe(true);
      expect(await b.claimDue('b', T0 + 2, LEASE, 10)).toMatchObject([{ proposalId: id(1), cancelRequested: true }]);
    });
  });
}
