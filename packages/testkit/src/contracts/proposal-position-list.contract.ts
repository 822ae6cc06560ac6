import type { Proposal } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { approval, type FreshProposalStore, OTHER, positionId, proposal, proposalId, T0, USER } from './proposal-fixture.js';

/** The ProposalStore contract's part on `listForPosition`: the owner's consumed proposals on a position, oldest first. */
export function proposalPositionListContract(fresh: FreshProposalStore): void {
  const ON = positionId(1);
  const consumed = (n: number, overrides: Partial<Proposal> = {}): Proposal =>
    proposal(n, { positionId: ON, consumedAt: T0 + 100_000 - n, approval: approval(T0 + 100_000 - n), ...overrides });

  describe('the proposals acting on a position', () => {
    it('lists nothing for a position without consumed proposals', async () => {
      const { proposals: store } = await fresh();
      expect(await store.listForPosition(USER, ON)).toEqual([]);
      await store.insert(proposal(1, { positionId: ON }));
      expect(await store.listForPosition(USER, ON)).toEqual([]);
    });

    it("lists only the owner's consumed proposals on that position, whole, oldest made first, ties by id", async () => {
      const { proposals: store } = await fresh();
      const entry = consumed(3, { createdAt: T0 + 1_000, outcome: { status: 'submitted', orderId: 'order-entry' } });
      const rollA = consumed(7, { kind: 'roll', createdAt: T0 + 5_000, approval: null });
      const rollB = consumed(5, { kind: 'roll', createdAt: T0 + 5_000, batchKey: null });
      const exit = consumed(4, { kind: 'exit', createdAt: T0 + 9_000, outcome: { status: 'unknown', detail: 'timeout' } });
      const others = [
        proposal(1, { positionId: ON, createdAt: T0 + 2_000 }),
        consumed(2, { positionId: positionId(2), createdAt: T0 + 3_000 }),
        consumed(6, { ownerId: OTHER, createdAt: T0 + 4_000 }),
      ];
      for (const p of [exit, others[0]!, rollA, entry, others[1]!, rollB, others[2]!]) {
        // Stored as they came to be (consuming them in turn would have the placement check refuse the later acts on ON).
        await store.insert(p);
      }
      expect(await store.listForPosition(USER, ON)).toEqual([entry, rollB, rollA, exit]);
      expect(await store.listForPosition(OTHER, ON)).toEqual([others[2]]);
      expect(await store.listForPosition(USER, positionId(2))).toEqual([others[1]]);
      expect(await store.listForPosition(OTHER, positionId(2))).toEqual([]);
    });

    it('keeps its own copy: changing a listed proposal afterwards changes nothing', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1, { positionId: ON }));
      await store.consume(USER, proposalId(1), T0 + 10_000, approval(T0 + 10_000));
      const [listed] = await store.listForPosition(USER, ON);
      (listed!.legs as unknown[]).length = 0;
      (listed!.approval as { method: string }).method = 'confirm';
      expect(await store.listForPosition(USER, ON)).toEqual([proposal(1, { positionId: ON, consumedAt: T0 + 10_000, approval: approval(T0 + 10_000) })]);
    });
  });
}
