import type { SingleUseLink, SingleUseLinkStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;
const TTL = 60_000;

/** A hex SHA-256, as the links are stored by (never the token itself). */
const digest = (n: number): string => `${'d1'.repeat(28)}${n.toString(16).padStart(8, '0')}`;
const proposalId = (n: number): string => `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The behaviour every SingleUseLinkStore adapter must show. `make` returns a fresh store without links,
 * in which the users with `ownerIds` exist.
 */
export function singleUseLinkStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<SingleUseLinkStore>): void {
  const link = (n: number, overrides: Partial<SingleUseLink> = {}): SingleUseLink => ({
    digest: digest(n),
    purpose: 'approve_proposal',
    ownerId: USER,
    proposalId: proposalId(n),
    createdAt: T0 + n,
    expiresAt: T0 + n + TTL,
    usedAt: null,
    ...overrides,
  });

  const fresh = () => make([USER, OTHER]);

  describe(`SingleUseLinkStore contract: ${adapter}`, () => {
    it('has no links at first, and marks nothing used', async () => {
      const store = await fresh();
      expect(await store.find(digest(1))).toBeUndefined();
      expect(await store.markUsed(digest(1), T0)).toBe(false);
      expect(await store.find(digest(1))).toBeUndefined();
    });

    it('gives a link back exactly as inserted, for each purpose, with or without a proposal, used or not', async () => {
      const store = await fresh();
      const stored = [
        link(1),
        link(2, { purpose: 'broker_keys', proposalId: null, expiresAt: T0 + 15 * 60_000 }),
        link(3, { purpose: 'elicitation', ownerId: OTHER }),
        link(4, { usedAt: T0 + 9_999 }),
        link(5, { purpose: 'verify_email', proposalId: null, expiresAt: T0 + 24 * 3_600_000 }),
      ];
      for (const l of stored) await store.insert(l);
      for (const [i, l] of stored.entries()) expect(await store.find(digest(i + 1))).toEqual(l);
    });

    it('keeps its own copy: changing the inserted or a returned link afterwards changes nothing', async () => {
      const store = await fresh();
      const inserted: Mutable<SingleUseLink> = { ...link(1) };
      await store.insert(inserted);
      inserted.usedAt = T0 + 1;
      const got = await store.find(digest(1));
      (got as Mutable<SingleUseLink>).usedAt = T0 + 2;
      (got as Mutable<SingleUseLink>).ownerId = OTHER;
      expect(await store.find(digest(1))).toEqual(link(1));
      expect(await store.markUsed(digest(1), T0 + 3)).toBe(true);
    });

    it('matches a digest exactly: another case, a prefix or a longer text finds nothing and marks nothing', async () => {
      const store = await fresh();
      await store.insert(link(1));
      for (const near of [digest(1).toUpperCase(), digest(1).slice(0, -1), `${digest(1)}0`, ` ${digest(1)}`]) {
        expect(await store.find(near)).toBeUndefined();
        expect(await store.markUsed(near, T0)).toBe(false);
      }
      expect((await store.find(digest(1)))?.usedAt).toBeNull();
    });

    it('refuses a second link with the same digest, even for another owner, and keeps the first', async () => {
      const store = await fresh();
      await store.insert(link(1));
      await expect(store.insert(link(1, { ownerId: OTHER, purpose: 'broker_keys', proposalId: null }))).rejects.toThrow();
      expect(await store.find(digest(1))).toEqual(link(1));
    });

    it('marks a link used once, keeping the first time, and never one inserted used', async () => {
      const store = await fresh();
      await store.insert(link(1));
      await store.insert(link(2, { usedAt: T0 + 5 }));
      expect(await store.markUsed(digest(1), T0 + 10)).toBe(true);
      expect(await store.markUsed(digest(1), T0 + 20)).toBe(false);
      expect(await store.find(digest(1))).toEqual(link(1, { usedAt: T0 + 10 }));
      expect(await store.markUsed(digest(2), T0 + 30)).toBe(false);
      expect(await store.find(digest(2))).toEqual(link(2, { usedAt: T0 + 5 }));
    });

    it("keeps each owner's links apart: using one link leaves every other link, of either owner, unused", async () => {
      const store = await fresh();
      await store.insert(link(1));
      await store.insert(link(2, { ownerId: OTHER, proposalId: proposalId(1) }));
      await store.insert(link(3, { purpose: 'broker_keys', proposalId: null }));
      expect(await store.markUsed(digest(2), T0 + 10)).toBe(true);
      expect(await store.find(digest(1))).toEqual(link(1));
      expect(await store.find(digest(2))).toEqual(link(2, { ownerId: OTHER, proposalId: proposalId(1), usedAt: T0 + 10 }));
      expect(await store.find(digest(3))).toEqual(link(3, { purpose: 'broker_keys', proposalId: null }));
    });

    it('lets exactly one of 50 concurrent uses of a link win, and records the winner’s time', async () => {
      const store = await fresh();
      await store.insert(link(1));
      await store.insert(link(2));
      const wins = await Promise.all(Array.from({ length: 50 }, (_, i) => store.markUsed(digest(1), T0 + 100 + i)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect((await store.find(digest(1)))?.usedAt).toBe(T0 + 100 + wins.indexOf(true));
      expect((await store.find(digest(2)))?.usedAt).toBeNull();
    });

    it('lets exactly one use of each link win when many links are used at once', async () => {
      const store = await fresh();
      for (let n = 1; n <= 5; n++) await store.insert(link(n, { ownerId: n % 2 === 0 ? OTHER : USER }));
      const calls = Array.from({ length: 50 }, (_, i) => ({ n: (i % 5) + 1, at: T0 + 100 + i }));
      const wins = await Promise.all(calls.map(({ n, at }) => store.markUsed(digest(n), at)));
      for (let n = 1; n <= 5; n++) {
        const mine = calls.map((call, i) => ({ ...call, won: wins[i] })).filter((call) => call.n === n);
        expect(mine.filter((call) => call.won)).toHaveLength(1);
        expect((await store.find(digest(n)))?.usedAt).toBe(mine.find((call) => call.won)?.at);
      }
    });
  });
}
