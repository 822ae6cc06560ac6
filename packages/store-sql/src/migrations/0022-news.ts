import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sql-dialect.js';

/**
 * News for people (design §18): one row per piece of news, the outbox a teller leases rows from and, by its unique
 * `key`, the record that each was stored once. `seq` is the order rows were stored in ("stored after" where two news
 * share a `created_at`): a sequence on PostgreSQL, the next number in the insert itself on SQLite, whose writes are
 * serialized. How telling ended is four columns set together with `told_at`, which is null while the news waits.
 * `kind` has no check: the kinds grow, and SQLite changes a check only by rebuilding the table.
 */
export const newsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('news')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', dialectOf(db) === 'postgres' ? 'bigserial' : 'integer', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('urgency', 'text', (c) => c.notNull())
      .addColumn('holder', 'text')
      .addColumn('leased_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('outcome_status', 'text')
      .addColumn('outcome_pushed', 'integer')
      .addColumn('outcome_mailed', 'integer')
      .addColumn('outcome_detail', 'text')
      .addColumn('told_at', 'bigint')
      .addUniqueConstraint('news_key_key', ['key'])
      .addUniqueConstraint('news_seq_key', ['seq'])
      .addCheckConstraint('news_urgency_check', sql`urgency in ('very-low', 'low', 'normal', 'high')`)
      .addCheckConstraint('news_outcome_status_check', sql`outcome_status is null or outcome_status in ('told', 'skipped', 'failed')`)
      .addCheckConstraint(
        'news_outcome_check',
        sql`(told_at is null and outcome_status is null and outcome_pushed is null and outcome_mailed is null and outcome_detail is null)
          or (told_at is not null and outcome_status is not null and outcome_pushed is not null and outcome_mailed in (0, 1))`,
      )
      .execute();
    await db.schema.createIndex('news_untold_idx').on('news').columns(['leased_until', 'created_at']).where(sql.ref('told_at'), 'is', null).execute();
    await db.schema.createIndex('news_owner_topic_idx').on('news').columns(['owner_id', 'topic', 'created_at']).execute();
    await db.schema.createIndex('news_owner_told_idx').on('news').columns(['owner_id', 'told_at']).execute();
    await db.schema.createIndex('news_owner_created_idx').on('news').columns(['owner_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('news').execute();
  },
};
