import type { ProposalOutcome } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { proposalApprovalContract } from './proposal-approval.contract.js';
import { approval, OTHER, proposal, proposalId, T0, USER, type ProposalWorld } from './proposal-fixture.js';
import { proposalPlacementContract } from './proposal-placement.contract.js';
import { proposalPositionListContract } from './proposal-position-list.contract.js';
import { proposalWaitingContract } from './proposal-waiting.contract.js';
import { JSON_DOCUMENT } from './strategy-run-store.contract.js';

/**
 * The behaviour every ProposalStore adapter must show. `make` returns a fresh store without proposals, with the
 * position store of the same database, in which the users with `ownerIds` exist.
 */
export function proposalStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<ProposalWorld>): void {
  const fresh = () => make([USER, OTHER]);

  describe(`ProposalStore contract: ${adapter}`, () => {
    it('has no proposals at first', async () => {
      const { proposals: store } = await fresh();
      expect(await store.get(USER, proposalId(1))).toBeUndefined();
      expect(await store.consume(USER, proposalId(1), T0, null)).toBe('not_found');
    });

    it('gives a proposal back exactly as inserted: legs in order, nulls, exact decimals and the details document', async () => {
      const { proposals: store } = await fresh();
      const stored = [
        proposal(1),
        proposal(2, { kind: 'roll', batchKey: null, limitPrice: -(0.1 + 0.2), maxLoss: 123_456.789, details: JSON_DOCUMENT }),
        proposal(3, { kind: 'exit', qty: 1, limitPrice: 0.05, maxLoss: 0, legs: [], details: {} }),
        proposal(4, { limitPrice: 2, maxLoss: 1e-7, summary: 'Grüße 🚀 "quoted"\nline' }),
        proposal(5, { consumedAt: T0 + 9_000, approval: approval(T0 + 9_000, { method: 'app', client: null, address: null }) }),
      ];
      for (const p of stored) await store.insert(p);
      for (const [i, p] of stored.entries()) expect(await store.get(USER, proposalId(i + 1))).toEqual(p);
    });

    it('keeps its own copy: changing the inserted or a returned proposal afterwards changes nothing', async () => {
      const { proposals: store } = await fresh();
      const legs = [...proposal(1).legs];
      await store.insert(proposal(1, { legs }));
      legs.pop();
      const got = await store.get(USER, proposalId(1));
      (got!.details as Record<string, unknown>)['credit'] = 99;
      (got!.legs as unknown[]).length = 0;
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1));
    });

    it('refuses a second proposal with the same id and keeps the first', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      await expect(store.insert(proposal(1, { ticker: 'QQQ' }))).rejects.toThrow();
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1));
    });

    it('consumes a proposal once, keeping the first consume time', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      expect(await store.consume(USER, proposalId(1), T0 + 10_000, null)).toBe('consumed');
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1, { consumedAt: T0 + 10_000 }));
      expect(await store.consume(USER, proposalId(1), T0 + 20_000, null)).toBe('already_consumed');
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1, { consumedAt: T0 + 10_000 }));
      expect(await store.consume(USER, proposalId(2), T0 + 20_000, null)).toBe('not_found');
    });

    it("treats another owner's proposal as absent: get finds nothing and consume leaves it unconsumed", async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1, { ownerId: OTHER }));
      expect(await store.get(USER, proposalId(1))).toBeUndefined();
      expect(await store.consume(USER, proposalId(1), T0 + 10_000, null)).toBe('not_found');
      expect(await store.get(OTHER, proposalId(1))).toEqual(proposal(1, { ownerId: OTHER }));
      expect(await store.consume(OTHER, proposalId(1), T0 + 11_000, null)).toBe('consumed');
      expect(await store.consume(USER, proposalId(1), T0 + 12_000, null)).toBe('not_found');
    });

    it('lets exactly one of 50 concurrent consumes of one proposal win', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      await store.insert(proposal(2));
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => store.consume(USER, proposalId(1), T0 + 10_000 + i, null)));
      expect(outcomes.filter((o) => o === 'consumed')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already_consumed')).toHaveLength(49);
      const winner = T0 + 10_000 + outcomes.indexOf('consumed');
      expect((await store.get(USER, proposalId(1)))?.consumedAt).toBe(winner);
      expect((await store.get(USER, proposalId(2)))?.consumedAt).toBeNull();
    });

    it('lets exactly one consume of each proposal win when many proposals are consumed at once', async () => {
      const { proposals: store } = await fresh();
      for (let n = 1; n <= 5; n++) await store.insert(proposal(n));
      const calls = Array.from({ length: 50 }, (_, i) => ({ n: (i % 5) + 1, at: T0 + 10_000 + i }));
      const outcomes = await Promise.all(calls.map(({ n, at }) => store.consume(USER, proposalId(n), at, null)));
      for (let n = 1; n <= 5; n++) {
        const mine = outcomes.filter((_, i) => calls[i]!.n === n);
        expect(mine.filter((o) => o === 'consumed')).toHaveLength(1);
        expect(mine.filter((o) => o === 'already_consumed')).toHaveLength(9);
      }
    });

    it('records each kind of outcome of a consumed proposal, keeping the consume time and the approval', async () => {
      const { proposals: store } = await fresh();
      const outcomes: readonly ProposalOutcome[] = [
        { status: 'submitted', orderId: '61e7c016-9d5b-4f3e-9d21-7c0a1c1e4b2f' },
        { status: 'rejected', detail: 'insufficient buying power: needs 1500.50, has 1200.25' },
        { status: 'unknown', detail: 'timeout after 10 s; "look up" by client order id' },
      ];
      for (const [i, outcome] of outcomes.entries()) {
        await store.insert(proposal(i + 1));
        await store.consume(USER, proposalId(i + 1), T0 + 10_000, approval(T0 + 10_000));
        await store.recordOutcome(proposalId(i + 1), outcome);
      }
      for (const [i, outcome] of outcomes.entries()) {
        expect(await store.get(USER, proposalId(i + 1))).toEqual(
          proposal(i + 1, { consumedAt: T0 + 10_000, approval: approval(T0 + 10_000), outcome }),
        );
      }
      expect(await store.consume(USER, proposalId(1), T0 + 20_000, null)).toBe('already_consumed');
    });

    it('replaces an outcome, as when an unknown order is found later', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      await store.consume(USER, proposalId(1), T0 + 10_000, null);
      await store.recordOutcome(proposalId(1), { status: 'unknown', detail: 'no answer' });
      await store.recordOutcome(proposalId(1), { status: 'submitted', orderId: 'order-1' });
      expect(await store.get(USER, proposalId(1))).toEqual(
        proposal(1, { consumedAt: T0 + 10_000, outcome: { status: 'submitted', orderId: 'order-1' } }),
      );
    });

    it('refuses an outcome for a proposal that is unknown or not consumed, and leaves it unchanged', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      await expect(store.recordOutcome(proposalId(1), { status: 'submitted', orderId: 'order-1' })).rejects.toThrow();
      await expect(store.recordOutcome(proposalId(2), { status: 'submitted', orderId: 'order-1' })).rejects.toThrow();
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1));
      expect(await store.get(USER, proposalId(2))).toBeUndefined();
    });

    proposalApprovalContract(fresh);
    proposalPositionListContract(fresh);
    proposalWaitingContract(fresh);
    proposalPlacementContract(fresh);
  });
}
