import { newsFixture, newsStoreContract, newsStoreModelContract } from '@condor/testkit';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedManyWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import type { Database } from './schema.js';
import { SqlNewsStore } from './sql-news-store.js';

const T0 = 1_767_623_400_000;
const LEASE = 30_000;

/** Sessions of the database waiting for a lock while running a claim. */
async function claimsWaiting(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query like 'update "news"%'`.execute(db);
  return rows[0]?.waiting ?? 0;
}

for (const dialect of testDialects()) {
  newsStoreContract(`SqlNewsStore on ${dialect.name}`, async (ownerIds, count) => (await migratedManyWithUsers(dialect, count, ownerIds)).map((db) => new SqlNewsStore(db)));

  // One database per test, emptied before each run: a fresh one per run would hold a pool per handle per run open to the test's end.
  let reused: Kysely<Database>[] | undefined;
  afterEach(() => {
    reused = undefined;
  });
  newsStoreModelContract(
    `SqlNewsStore on ${dialect.name}`,
    async (ownerIds, count) => {
      reused ??= await migratedManyWithUsers(dialect, count, ownerIds);
      await reused[0]!.deleteFrom('news').execute();
      return reused.map((db) => new SqlNewsStore(db));
    },
    dialect.kind === 'postgres' ? 25 : 40,
  );

  describe(`SqlNewsStore storage on ${dialect.name}`, () => {
    it('keeps the news in columns, its outcome in four more set with told_at, the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlNewsStore(db);
      const news = newsFixture(1, { ownerId: OWNER_ID, createdAt: T0 });
      await store.add(news);
      await store.add(newsFixture(2, { ownerId: OWNER_ID, createdAt: T0 }));
      await store.claimUntold('teller-1', T0, 30_000, 1);
      await store.finish(news.id, 'teller-1', { status: 'told', pushed: 2, mailed: true, detail: null }, T0 + 7);
      const rows = await db.selectFrom('news').selectAll().orderBy('seq').execute();
      expect(rows).toEqual([
        {
          id: news.id,
          seq: rows[0]!.seq,
          owner_id: OWNER_ID,
          kind: 'position_alert',
          key: news.key,
          topic: news.topic,
          title: news.title,
          body: news.body,
          path: news.path,
          created_at: T0,
          expires_at: news.expiresAt,
          urgency: 'normal',
          holder: 'teller-1',
          leased_until: T0 + 30_000,
          outcome_status: 'told',
          outcome_pushed: 2,
          outcome_mailed: 1,
          outcome_detail: null,
          told_at: T0 + 7,
        },
        expect.objectContaining({ id: newsFixture(2).id, holder: null, leased_until: 0, outcome_status: null, told_at: null }),
      ]);
      expect(rows[1]!.seq).toBeGreaterThan(rows[0]!.seq);
    });

    it('refuses news of an unknown owner, and lets the database refuse an unknown urgency', async () => {
      const store = new SqlNewsStore(await migratedWithOwner(dialect));
      await expect(store.add(newsFixture(1, { ownerId: '6f1c2d3e-0000-4000-8000-0000000000ee' }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(store.add(newsFixture(2, { ownerId: OWNER_ID, urgency: 'urgent' as 'high' }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      expect(await store.recent(OWNER_ID, 10)).toEqual([]);
    });
  });

  if (dialect.kind === 'postgres') {
    describe(`SqlNewsStore claims on ${dialect.name}, queued at once`, () => {
      it('gives each news to one of the claims that queued behind a lock on its rows, each from its own pool', async () => {
        const [locker, ...pools] = await migratedManyWithUsers(dialect, 5, [OWNER_ID]);
        const stores = pools.map((db) => new SqlNewsStore(db));
        for (let n = 1; n <= 6; n++) await new SqlNewsStore(locker!).add(newsFixture(n, { ownerId: OWNER_ID }));
        await Promise.all(pools.map((db) => sql`select 1`.execute(db)));
        // Every claim reads the same free rows before any of them leases one: they then queue on the rows' locks.
        const claims = await locker!.transaction().execute(async (trx) => {
          await trx.selectFrom('news').select('id').forUpdate().execute();
          const pending = stores.map((store, i) => store.claimUntold(`h${String(i)}`, T0 + 100, LEASE, 6));
          for (let polls = 0; (await claimsWaiting(locker!)) < stores.length; polls++) if (polls > 5_000) throw new Error('the claims never queued');
          return { pending };
        });
        const claimed = (await Promise.all(claims.pending)).flatMap((news) => news.map((n) => n.id));
        expect(claimed.sort()).toEqual(Array.from({ length: 6 }, (_, i) => newsFixture(i + 1).id));
      });
    });
  }
}
