import { describe, expect, it } from 'vitest';
import { approval, type FreshProposalStore, OTHER, proposal, proposalId, T0, USER } from './proposal-fixture.js';

/** The ProposalStore contract's part on `listWaiting`: the owner's undecided proposals made after a time, newest first. */
export function proposalWaitingContract(fresh: FreshProposalStore): void {
  describe('the proposals waiting for a decision', () => {
    it('lists nothing in an empty store', async () => {
      const { proposals: store } = await fresh();
      expect(await store.listWaiting(USER, 0)).toEqual([]);
    });

    it("lists only the owner's unconsumed proposals made after the given time, whole, newest first", async () => {
      const { proposals: store } = await fresh();
      const older = proposal(1, { createdAt: T0 + 1_000 });
      const newer = proposal(2, { createdAt: T0 + 3_000, kind: 'exit', batchKey: null });
      const tie = proposal(3, { createdAt: T0 + 3_000 });
      const before = proposal(4, { createdAt: T0 });
      const others = proposal(5, { ownerId: OTHER, createdAt: T0 + 2_000 });
      for (const p of [older, newer, before, others, tie]) await store.insert(p);
      expect(await store.listWaiting(USER, T0)).toEqual([tie, newer, older]);
      expect(await store.listWaiting(USER, T0 + 1_000)).toEqual([tie, newer]);
      expect(await store.listWaiting(OTHER, T0)).toEqual([others]);
    });

    it('drops a proposal once it is consumed: approved for placement, or rejected', async () => {
      const { proposals: store } = await fresh();
      for (const n of [1, 2, 3]) await store.insert(proposal(n));
      expect((await store.listWaiting(USER, T0)).map((p) => p.id)).toEqual([proposalId(3), proposalId(2), proposalId(1)]);
      expect(await store.consume(USER, proposalId(1), T0 + 9_000, approval(T0 + 9_000))).toBe('consumed');
      expect(await store.consume(USER, proposalId(3), T0 + 9_000, null)).toBe('consumed');
      expect((await store.listWaiting(USER, T0)).map((p) => p.id)).toEqual([proposalId(2)]);
    });
  });
}
