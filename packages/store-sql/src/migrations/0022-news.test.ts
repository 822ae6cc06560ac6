import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;

const row = (n: number, given: Record<string, unknown> = {}) =>
  ({
    id: `news-${String(n)}`,
    seq: n,
    owner_id: OWNER_ID,
    kind: 'position_alert',
    key: `alert:pos-1:rule-${String(n)}`,
    topic: 'position:pos-1',
    title: 'SPY condor: take profit',
    body: 'It reached half its credit.',
    path: '/desk/positions/pos-1',
    created_at: T0,
    expires_at: T0 + 3_600_000,
    urgency: 'normal',
    ...given,
  }) as never;

for (const dialect of testDialects()) {
  describe(`migration 0022_news on ${dialect.name}`, () => {
    it('adds the news table: owned by a user, unique by key, its outcome all or nothing, with its indexes; and rolls back', async () => {
      const db = await migratedWithOwner(dialect);
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('news')).toEqual(['id']);
      expect(await facts.columnTypes('news')).toEqual({
        id: 'text',
        seq: dialect.kind === 'postgres' ? 'bigint' : 'integer',
        owner_id: 'text',
        kind: 'text',
        key: 'text',
        topic: 'text',
        title: 'text',
        body: 'text',
        path: 'text',
        created_at: 'bigint',
        expires_at: 'bigint',
        urgency: 'text',
        holder: 'text',
        leased_until: 'bigint',
        outcome_status: 'text',
        outcome_pushed: 'integer',
        outcome_mailed: 'integer',
        outcome_detail: 'text',
        told_at: 'bigint',
      });
      expect(await facts.foreignKeys('news')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);
      expect((await facts.uniqueConstraints('news')).map((columns) => columns.join(',')).sort()).toEqual(['key', 'seq']);
      const indexes = { news_untold_idx: ['leased_until', 'created_at'], news_owner_topic_idx: ['owner_id', 'topic', 'created_at'], news_owner_told_idx: ['owner_id', 'told_at'], news_owner_created_idx: ['owner_id', 'created_at'] };
      expect((await facts.indexes('news')).map((i) => i.name).sort()).toEqual(Object.keys(indexes).sort());
      for (const [name, columns] of Object.entries(indexes)) expect(await facts.indexColumns(name)).toEqual(columns);

      await db.insertInto('news').values(row(1)).execute();
      await expect(db.insertInto('news').values(row(2, { key: 'alert:pos-1:rule-1' })).execute()).rejects.toMatchObject(violation(dialect.kind, 'unique'));
      await expect(db.insertInto('news').values(row(3, { owner_id: 'nobody' })).execute()).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(db.insertInto('news').values(row(4, { urgency: 'urgent' })).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await expect(db.insertInto('news').values(row(5, { told_at: T0 })).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      const told = { outcome_status: 'told', outcome_pushed: 1, outcome_mailed: 0, outcome_detail: null, told_at: T0 } as const;
      await expect(db.updateTable('news').set({ ...told, outcome_status: 'sent' as 'told' }).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await expect(db.updateTable('news').set({ ...told, outcome_mailed: 2 }).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await db.updateTable('news').set(told).execute();
      expect(await db.selectFrom('news').select(['id', 'holder', 'leased_until', 'outcome_status', 'told_at']).execute()).toEqual([
        { id: 'news-1', holder: null, leased_until: 0, outcome_status: 'told', told_at: T0 },
      ]);

      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0021_oauth_last_use')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('news');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('news');
    });
  });
}
