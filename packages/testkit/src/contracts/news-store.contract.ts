import type { News, NewsOutcome, NewsStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const HOUR = 3_600_000;
const LEASE = 30_000;
export const NEWS_OWNER = '6f1c2d3e-0000-4000-8000-000000000001';
export const NEWS_OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';

const newsId = (n: number): string => `7e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** News `n`: an alert on position `n`, created at T0 + n, for the contract's owner. */
export const newsFixture = (n: number, given: Partial<News> = {}): News => ({
  id: newsId(n),
  ownerId: NEWS_OWNER,
  kind: 'position_alert',
  key: `alert:pos-${String(n)}:take_profit`,
  topic: `position:pos-${String(n)}`,
  title: 'SPY condor: take profit',
  body: 'Your SPY iron condor reached half its credit.',
  path: `/desk/positions/pos-${String(n)}`,
  createdAt: T0 + n,
  expiresAt: T0 + HOUR,
  urgency: 'normal',
  ...given,
});

const told = (pushed = 1, mailed = false): NewsOutcome => ({ status: 'told', pushed, mailed, detail: null });
const ids = (news: readonly News[]): string[] => news.map((n) => n.id);

/**
 * What every NewsStore adapter must keep (design §18): news stored once by key whoever adds it, leased to one teller
 * at a time, finished only by its holder, and read back per owner. `make(ownerIds, count)` returns `count` handles onto
 * one fresh store (separate connections onto one database, as several instances see it) in which those owners exist.
 */
export function newsStoreContract(adapter: string, make: (ownerIds: readonly string[], count: number) => Promise<readonly NewsStore[]>): void {
  const one = async (): Promise<NewsStore> => (await many(1))[0]!;
  const many = async (count: number): Promise<readonly NewsStore[]> => {
    const handles = await make([NEWS_OWNER, NEWS_OTHER], count);
    if (handles.length !== count) throw new Error(`make(${String(count)}) gave ${String(handles.length)} handles`);
    return handles;
  };

  describe(`NewsStore contract: ${adapter}`, () => {
    it('stores news once by its key, for this or any owner, and gives it back whole, waiting to be told', async () => {
      const store = await one();
      const news = newsFixture(1, { kind: 'security', urgency: 'high', topic: 'security:x', key: 'security:x' });
      expect(await store.add(news)).toBe(true);
      expect(await store.add({ ...newsFixture(2), key: news.key })).toBe(false);
      expect(await store.add({ ...newsFixture(3, { ownerId: NEWS_OTHER }), key: news.key })).toBe(false);
      expect(await store.recent(NEWS_OWNER, 10)).toEqual([{ news, outcome: null, toldAt: null }]);
      expect(await store.recent(NEWS_OTHER, 10)).toEqual([]);
    });

    it('stores one of many adds of one key at once, from every instance', async () => {
      const handles = await many(4);
      const adds = Array.from({ length: 24 }, (_, i) => handles[i % handles.length]!.add(newsFixture(10 + i, { key: 'proposal:p-1' })));
      const stored = await Promise.all(adds);
      expect(stored.filter(Boolean)).toHaveLength(1);
      const [kept] = await handles[0]!.recent(NEWS_OWNER, 50);
      expect(kept?.news.id).toBe(newsId(10 + stored.indexOf(true)));
      expect(await handles[1]!.recent(NEWS_OWNER, 50)).toHaveLength(1);
    });

    it('leases untold news oldest first, at most `limit`, to one holder until the lease ends', async () => {
      const [a, b] = await many(2);
      for (const n of [3, 1, 2]) await a!.add(newsFixture(n));
      expect(ids(await a!.claimUntold('a', T0, LEASE, 2))).toEqual([newsId(1), newsId(2)]);
      expect(ids(await b!.claimUntold('b', T0 + 1, LEASE, 10))).toEqual([newsId(3)]);
      expect(await b!.claimUntold('b', T0 + LEASE - 1, LEASE, 10)).toEqual([]);
      // a's lease ran out without a finish: another teller may take the news over (b's own lease has a millisecond left).
      expect(ids(await b!.claimUntold('b', T0 + LEASE, LEASE, 10))).toEqual([newsId(1), newsId(2)]);
      expect(await a!.claimUntold('a', T0 + LEASE, LEASE, 10)).toEqual([]);
    });

    it('claims news of one instant in the order it was stored', async () => {
      const store = await one();
      for (const n of [5, 2, 9, 1]) await store.add(newsFixture(n, { createdAt: T0 }));
      expect(ids(await store.claimUntold('a', T0, LEASE, 10))).toEqual([5, 2, 9, 1].map(newsId));
    });

    it('gives each untold news to exactly one of holders racing for it', async () => {
      const handles = await many(4);
      for (let n = 1; n <= 12; n++) await handles[0]!.add(newsFixture(n));
      const claims = await Promise.all(handles.map((store, i) => store.claimUntold(`h${String(i)}`, T0 + 100, LEASE, 12)));
      const claimed = claims.flatMap(ids);
      expect(new Set(claimed).size).toBe(claimed.length);
      // Whatever a racer missed is still free, and nothing is leased twice afterwards either.
      const rest = await handles[0]!.claimUntold('late', T0 + 101, LEASE, 12);
      expect([...claimed, ...ids(rest)].sort()).toEqual(Array.from({ length: 12 }, (_, i) => newsId(i + 1)));
    });

    it('finishes only for the holder, once; told news is never leased again and reads back with its outcome', async () => {
      const [a, b] = await many(2);
      await a!.add(newsFixture(1));
      expect(await a!.finish(newsId(1), 'a', told(), T0)).toBe(false);
      await a!.claimUntold('a', T0, LEASE, 10);
      expect(await b!.finish(newsId(1), 'b', told(), T0 + 1)).toBe(false);
      expect(await a!.finish(newsId(2), 'a', told(), T0 + 1)).toBe(false);
      const outcome: NewsOutcome = { status: 'told', pushed: 2, mailed: true, detail: null };
      expect(await a!.finish(newsId(1), 'a', outcome, T0 + 5)).toBe(true);
      expect(await a!.finish(newsId(1), 'a', { status: 'failed', pushed: 0, mailed: false, detail: 'again' }, T0 + 6)).toBe(false);
      expect(await b!.claimUntold('b', T0 + 2 * LEASE, LEASE, 10)).toEqual([]);
      expect(await b!.recent(NEWS_OWNER, 10)).toEqual([{ news: newsFixture(1), outcome, toldAt: T0 + 5 }]);
    });

    it('refuses the finish of a holder whose news another holder took over, and keeps the finish of one whose lease ran out untaken', async () => {
      const [a, b] = await many(2);
      await a!.add(newsFixture(1));
      await a!.add(newsFixture(2));
      await a!.claimUntold('a', T0, LEASE, 10);
      expect(ids(await b!.claimUntold('b', T0 + LEASE, LEASE, 1))).toEqual([newsId(1)]);
      expect(await a!.finish(newsId(1), 'a', told(), T0 + LEASE + 1)).toBe(false);
      // Nobody took news 2 over: recording a's late finish keeps it from being told a second time.
      expect(await a!.finish(newsId(2), 'a', told(), T0 + LEASE + 1)).toBe(true);
      expect(await b!.finish(newsId(1), 'b', { status: 'skipped', pushed: 0, mailed: false, detail: 'Expired.' }, T0 + LEASE + 2)).toBe(true);
      expect((await a!.recent(NEWS_OWNER, 10)).map((t) => [t.news.id, t.outcome?.status, t.toldAt])).toEqual([
        [newsId(2), 'told', T0 + LEASE + 1],
        [newsId(1), 'skipped', T0 + LEASE + 2],
      ]);
    });

    it('says news is superseded by the owner’s later news of its topic only, told or not, the later stored winning a tie', async () => {
      const store = await one();
      const topic = 'position:pos-1';
      const first = newsFixture(1, { topic, createdAt: T0 });
      await store.add(first);
      await store.add(newsFixture(2, { topic: 'position:pos-2', createdAt: T0 + 10 }));
      await store.add(newsFixture(3, { topic, ownerId: NEWS_OTHER, createdAt: T0 + 10 }));
      expect(await store.superseded(first)).toBe(false);
      const tie = newsFixture(4, { topic, createdAt: T0 });
      await store.add(tie);
      expect(await store.superseded(first)).toBe(true);
      expect(await store.superseded(tie)).toBe(false);
      const later = newsFixture(5, { topic, createdAt: T0 + 20 });
      await store.add(later);
      await store.claimUntold('a', T0 + 20, LEASE, 10);
      await store.finish(later.id, 'a', told(), T0 + 21);
      expect(await store.superseded(tie)).toBe(true);
      expect(await store.superseded(later)).toBe(false);
      expect(await store.superseded(newsFixture(3, { topic, ownerId: NEWS_OTHER, createdAt: T0 + 10 }))).toBe(false);
    });

    it('counts the owner’s news told at or after an instant, not news skipped, failed or waiting', async () => {
      const store = await one();
      for (let n = 1; n <= 6; n++) await store.add(newsFixture(n, n === 6 ? { ownerId: NEWS_OTHER } : {}));
      await store.claimUntold('a', T0, LEASE, 10);
      await store.finish(newsId(1), 'a', told(1, false), T0 + 100);
      await store.finish(newsId(2), 'a', told(0, true), T0 + 200);
      await store.finish(newsId(3), 'a', { status: 'skipped', pushed: 0, mailed: false, detail: 'Turned off.' }, T0 + 300);
      await store.finish(newsId(4), 'a', { status: 'failed', pushed: 0, mailed: false, detail: 'No device took it.' }, T0 + 300);
      await store.finish(newsId(6), 'a', told(), T0 + 300);
      expect(await store.toldSince(NEWS_OWNER, T0)).toBe(2);
      expect(await store.toldSince(NEWS_OWNER, T0 + 200)).toBe(1);
      expect(await store.toldSince(NEWS_OWNER, T0 + 201)).toBe(0);
      expect(await store.toldSince(NEWS_OTHER, T0)).toBe(1);
    });

    it('lists the owner’s latest news newest first, the later stored first in a tie, at most `limit`', async () => {
      const store = await one();
      await store.add(newsFixture(1, { createdAt: T0 }));
      await store.add(newsFixture(2, { createdAt: T0 + 50 }));
      await store.add(newsFixture(3, { createdAt: T0 }));
      await store.add(newsFixture(4, { createdAt: T0 + 99, ownerId: NEWS_OTHER }));
      await store.add(newsFixture(5, { createdAt: T0 - 1 }));
      expect((await store.recent(NEWS_OWNER, 10)).map((t) => t.news.id)).toEqual([2, 3, 1, 5].map(newsId));
      expect((await store.recent(NEWS_OWNER, 2)).map((t) => t.news.id)).toEqual([2, 3].map(newsId));
      expect((await store.recent(NEWS_OTHER, 10)).map((t) => t.news.id)).toEqual([newsId(4)]);
    });
  });
}
