import type { ConsumeResult, Proposal } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { approval, closingLegs, condorLegs, type FreshProposalStore, openPosition, OTHER, positionId, proposal, proposalId, T0, USER } from './proposal-fixture.js';

const refusalOf = (result: ConsumeResult): unknown => (typeof result === 'object' ? result.refused.kind : result);

/**
 * The ProposalStore contract's part on a placement's consume (issue 33): it re-checks, in the same atomic step,
 * what the proposal acts on against the owner's book, refuses without consuming when that changed, and voids the
 * position's other exits and rolls when an exit or roll wins.
 */
export function proposalPlacementContract(fresh: FreshProposalStore): void {
  const at = T0 + 10_000;
  const exitOf = (n: number, position: number, overrides: Partial<Proposal> = {}): Proposal =>
    proposal(n, { kind: 'exit', positionId: positionId(position), legs: closingLegs(condorLegs(position)), ...overrides });

  describe('the placement check of a consume', () => {
    it('reads the book a consume checks (issue 42): positions not closed, approved proposals still placing, and no one else\'s', async () => {
      const { proposals, positions } = await fresh();
      await positions.insert(openPosition(positionId(1), condorLegs(1), 2));
      await positions.insert(openPosition(positionId(2), condorLegs(2), 1, { status: 'closed', closedAt: T0 + 1_000 }));
      await proposals.insert(proposal(3, { legs: condorLegs(3) }));
      await proposals.insert(proposal(4, { legs: condorLegs(4) }));
      await proposals.insert(proposal(5, { ownerId: OTHER, legs: condorLegs(5) }));
      expect(await proposals.consume(USER, proposalId(3), at, approval(at))).toBe('consumed');
      expect(await proposals.consume(OTHER, proposalId(5), at, approval(at, { userId: OTHER }))).toBe('consumed');
      const book = await proposals.book(USER);
      expect(book.positions.filter((p) => p.status !== 'closed').map((p) => p.id)).toEqual([positionId(1)]);
      expect(book.placing.map((p) => p.id)).toEqual([proposalId(3)]);
      await proposals.recordOutcome(proposalId(3), { status: 'rejected', detail: 'refused' });
      expect((await proposals.book(USER)).placing).toEqual([]);
    });

    it('refuses an entry whose legs an open position holds, consuming nothing; a closed position holds none', async () => {
      const { proposals, positions } = await fresh();
      await positions.insert(openPosition(positionId(1), condorLegs(1), 2));
      await proposals.insert(proposal(2, { legs: condorLegs(1) }));
      const refused = await proposals.consume(USER, proposalId(2), at, approval(at));
      expect(refused).toEqual({ refused: { kind: 'overlapping_legs', legs: condorLegs(1).map((l) => l.symbol), heldBy: { positionId: positionId(1) } } });
      expect((await proposals.get(USER, proposalId(2)))?.consumedAt).toBeNull();
      await positions.update(openPosition(positionId(1), condorLegs(1), 2, { status: 'closed', closedAt: T0 + 5_000 }));
      expect(await proposals.consume(USER, proposalId(2), at, approval(at))).toBe('consumed');
    });

    it("refuses an entry whose legs another approved entry is still placing, until that one's order is refused", async () => {
      const { proposals } = await fresh();
      await proposals.insert(proposal(1));
      await proposals.insert(proposal(2, { legs: condorLegs(1) }));
      expect(await proposals.consume(USER, proposalId(1), at, approval(at))).toBe('consumed');
      expect(await proposals.consume(USER, proposalId(2), at + 1, approval(at + 1))).toEqual({
        refused: { kind: 'overlapping_legs', legs: condorLegs(1).map((l) => l.symbol), heldBy: { proposalId: proposalId(1) } },
      });
      await proposals.recordOutcome(proposalId(1), { status: 'unknown', detail: 'unavailable' });
      expect(refusalOf(await proposals.consume(USER, proposalId(2), at + 2, approval(at + 2)))).toBe('overlapping_legs');
      await proposals.recordOutcome(proposalId(1), { status: 'rejected', detail: 'insufficient buying power' });
      expect(await proposals.consume(USER, proposalId(2), at + 3, approval(at + 3))).toBe('consumed');
    });

    it("never refuses a person's rejection, and another owner's book does not count", async () => {
      const { proposals, positions } = await fresh();
      await positions.insert(openPosition(positionId(1), condorLegs(1), 2));
      await proposals.insert(proposal(2, { legs: condorLegs(1) }));
      await proposals.insert(proposal(3, { ownerId: OTHER, legs: condorLegs(1) }));
      expect(await proposals.consume(USER, proposalId(2), at, null)).toBe('consumed');
      expect(await proposals.consume(OTHER, proposalId(3), at, approval(at, { userId: OTHER }))).toBe('consumed');
    });

    it('refuses an exit of a position that is closed, missing, working another order, or no longer holding its legs', async () => {
      const { proposals, positions } = await fresh();
      await proposals.insert(exitOf(11, 1));
      expect(await proposals.consume(USER, proposalId(11), at, approval(at))).toMatchObject({ refused: { kind: 'position_changed', positionId: positionId(1), found: { status: 'closed' } } });
      await positions.insert(openPosition(positionId(1), condorLegs(1), 2, { status: 'closing' }));
      expect(await proposals.consume(USER, proposalId(11), at, approval(at))).toMatchObject({ refused: { kind: 'position_changed', found: { status: 'closing' } } });
      const rolled = [...condorLegs(1).slice(0, 2), ...condorLegs(7).slice(2)];
      await positions.update(openPosition(positionId(1), rolled, 2));
      expect(await proposals.consume(USER, proposalId(11), at, approval(at))).toMatchObject({
        refused: { kind: 'position_changed', found: { legs: condorLegs(1).slice(2).map((l) => l.symbol).join(', ') } },
      });
      await positions.update(openPosition(positionId(1), condorLegs(1), 1));
      expect(await proposals.consume(USER, proposalId(11), at, approval(at))).toMatchObject({ refused: { kind: 'position_changed', found: { qty: 1 } } });
      await positions.update(openPosition(positionId(1), condorLegs(1), 2));
      expect(await proposals.consume(USER, proposalId(11), at, approval(at))).toBe('consumed');
    });

    it("voids the position's other exits and rolls when one wins, and nothing else; a later one waits for it", async () => {
      const { proposals, positions } = await fresh();
      await positions.insert(openPosition(positionId(1), condorLegs(1), 2));
      await positions.insert(openPosition(positionId(2), condorLegs(2), 2));
      const rivals = [exitOf(12, 1), exitOf(13, 1, { kind: 'roll' })];
      const untouched = [exitOf(14, 2), proposal(15), exitOf(16, 1, { ownerId: OTHER })];
      for (const p of [exitOf(11, 1), ...rivals, ...untouched]) await proposals.insert(p);
      expect(await proposals.consume(USER, proposalId(11), at, approval(at))).toBe('consumed');
      for (const rival of rivals) {
        const voided = await proposals.get(USER, rival.id);
        expect(voided).toMatchObject({ consumedAt: at, approval: null, outcome: { status: 'void' } });
        expect(voided?.outcome?.status === 'void' && voided.outcome.detail).toContain(proposalId(11));
        expect(await proposals.consume(USER, rival.id, at + 1, approval(at + 1))).toBe('already_consumed');
      }
      for (const p of untouched) expect((await proposals.get(p.ownerId, p.id))?.consumedAt).toBeNull();
      await proposals.insert(exitOf(17, 1));
      expect(await proposals.consume(USER, proposalId(17), at + 2, approval(at + 2))).toMatchObject({ refused: { kind: 'position_changed', found: { proposal_id: proposalId(11) } } });
    });

    it('lets at most one of 20 concurrent placements of overlapping entries win', async () => {
      const { proposals } = await fresh();
      for (let n = 1; n <= 20; n++) await proposals.insert(proposal(n, { legs: condorLegs(n % 2 === 0 ? 1 : 21 + n) }));
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => proposals.consume(USER, proposalId(i + 1), at + i, approval(at + i))));
      const evens = answers.filter((_, i) => (i + 1) % 2 === 0);
      expect(evens.filter((a) => a === 'consumed')).toHaveLength(1);
      expect(evens.filter((a) => refusalOf(a) === 'overlapping_legs')).toHaveLength(9);
      expect(answers.filter((_, i) => (i + 1) % 2 === 1).every((a) => a === 'consumed')).toBe(true);
    });
  });

  describe('the unfinished proposals', () => {
    it('lists consumed proposals without an outcome, unknown ones, and submitted ones whose position is missing or working; oldest consume first', async () => {
      const { proposals, positions } = await fresh();
      await positions.insert(openPosition(positionId(3), condorLegs(3), 2, { status: 'opening' }));
      await positions.insert(openPosition(positionId(4), condorLegs(4), 2));
      const made: Proposal[] = [
        proposal(1, { consumedAt: T0 + 9_000, approval: approval(T0 + 9_000) }),
        proposal(2, { consumedAt: T0 + 8_000, approval: approval(T0 + 8_000), outcome: { status: 'unknown', detail: 'timeout' } }),
        proposal(3, { consumedAt: T0 + 7_000, approval: approval(T0 + 7_000), outcome: { status: 'submitted', orderId: 'o-3' } }),
        proposal(4, { consumedAt: T0 + 6_000, approval: approval(T0 + 6_000), outcome: { status: 'submitted', orderId: 'o-4' } }),
        proposal(5, { consumedAt: T0 + 6_000, approval: approval(T0 + 6_000), outcome: { status: 'submitted', orderId: 'o-5' } }),
        proposal(6, { consumedAt: T0 + 5_000, approval: approval(T0 + 5_000), outcome: { status: 'rejected', detail: 'no' } }),
        proposal(7, { consumedAt: T0 + 5_000, approval: null, outcome: { status: 'void', detail: 'another exit' } }),
        proposal(8),
        proposal(9, { ownerId: OTHER, consumedAt: T0 + 1_000, approval: approval(T0 + 1_000, { userId: OTHER }) }),
      ];
      for (const p of made) await proposals.insert(p);
      expect(await proposals.unfinished()).toEqual([
        { ownerId: OTHER, id: proposalId(9) },
        { ownerId: USER, id: proposalId(5) },
        { ownerId: USER, id: proposalId(3) },
        { ownerId: USER, id: proposalId(2) },
        { ownerId: USER, id: proposalId(1) },
      ]);
    });
  });
}
