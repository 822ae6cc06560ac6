import type { ApprovalRecord } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { approval, type FreshProposalStore, OTHER, proposal, proposalId, T0, USER } from './proposal-fixture.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The ProposalStore contract's part on the approval a consume keeps (design §12): the winner's, exactly, and only it. */
export function proposalApprovalContract(fresh: FreshProposalStore): void {
  describe('the approval kept with a consume', () => {
    it('keeps the winner’s approval exactly, and not that of a later consume', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      const first = approval(T0 + 10_000, { client: 'Grüße 🚀 "quoted" \\ agent', address: '203.0.113.9' });
      expect(await store.consume(USER, proposalId(1), T0 + 10_000, first)).toBe('consumed');
      expect(await store.consume(USER, proposalId(1), T0 + 20_000, approval(T0 + 20_000, { method: 'elicitation' }))).toBe('already_consumed');
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1, { consumedAt: T0 + 10_000, approval: first }));
    });

    it('keeps every method, and a client and address that are null', async () => {
      const { proposals: store } = await fresh();
      const methods = ['confirm', 'page', 'app', 'elicitation'] as const;
      for (const [i, method] of methods.entries()) {
        await store.insert(proposal(i + 1));
        const record = approval(T0 + 10_000 + i, { method, client: i % 2 === 0 ? null : 'claude-code/2.1.0', address: null });
        expect(await store.consume(USER, proposalId(i + 1), T0 + 10_000 + i, record)).toBe('consumed');
        expect((await store.get(USER, proposalId(i + 1)))?.approval).toEqual(record);
      }
    });

    it('consumes with no approval when a person rejected it, and a later consume adds none', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      expect(await store.consume(USER, proposalId(1), T0 + 10_000, null)).toBe('consumed');
      expect(await store.consume(USER, proposalId(1), T0 + 11_000, approval(T0 + 11_000))).toBe('already_consumed');
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1, { consumedAt: T0 + 10_000, approval: null }));
    });

    it("stores no approval through another owner's consume", async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1, { ownerId: OTHER }));
      expect(await store.consume(USER, proposalId(1), T0 + 10_000, approval(T0 + 10_000))).toBe('not_found');
      expect(await store.get(OTHER, proposalId(1))).toEqual(proposal(1, { ownerId: OTHER }));
    });

    it('keeps its own copy of an approval: changing the one given or the one returned changes nothing', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      const given: Mutable<ApprovalRecord> = approval(T0 + 10_000);
      await store.consume(USER, proposalId(1), T0 + 10_000, given);
      given.userId = OTHER;
      const got = await store.get(USER, proposalId(1));
      (got!.approval as Mutable<ApprovalRecord>).method = 'confirm';
      expect((await store.get(USER, proposalId(1)))?.approval).toEqual(approval(T0 + 10_000));
    });

    it('keeps exactly the approval of the one winner among 50 concurrent consumes, some of them rejections', async () => {
      const { proposals: store } = await fresh();
      await store.insert(proposal(1));
      await store.insert(proposal(2));
      const methods = ['confirm', 'page', 'app', 'elicitation'] as const;
      const records = Array.from({ length: 50 }, (_, i) =>
        i % 7 === 3 ? null : approval(T0 + 10_000 + i, { method: methods[i % 4]!, address: `198.51.100.${String(i)}` }),
      );
      const outcomes = await Promise.all(records.map((record, i) => store.consume(USER, proposalId(1), T0 + 10_000 + i, record)));
      expect(outcomes.filter((o) => o === 'consumed')).toHaveLength(1);
      const winner = outcomes.indexOf('consumed');
      expect(await store.get(USER, proposalId(1))).toEqual(proposal(1, { consumedAt: T0 + 10_000 + winner, approval: records[winner] ?? null }));
      expect(await store.get(USER, proposalId(2))).toEqual(proposal(2));
    });
  });
}
