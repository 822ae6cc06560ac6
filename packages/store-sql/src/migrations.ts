import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Database } from './schema.js';

const accounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('session_families')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull().references('session_families.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('refresh_tokens_family_id_idx').on('refresh_tokens').column('family_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('session_families').execute();
    await db.schema.dropTable('users').execute();
  },
};

const onboardingBillingLimits: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [table, timeColumn] of [
      ['document_reads', 'read_at'],
      ['document_acceptances', 'accepted_at'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn(timeColumn, 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'document', 'version'])
        .execute();
    }
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('canceled_at', 'bigint')
      .addColumn('active_user_id', 'text')
      .execute();
    await db.schema
      .createIndex('subscriptions_active_user_id_key')
      .on('subscriptions')
      .column('active_user_id')
      .unique()
      .execute();
    await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();
    await db.schema
      .createTable('quota_usage')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('tool', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('quota_usage_pkey', ['user_id', 'tool', 'day'])
      .execute();
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rate_limit_windows').execute();
    await db.schema.dropTable('quota_usage').execute();
    await db.schema.dropTable('subscriptions').execute();
    await db.schema.dropTable('document_acceptances').execute();
    await db.schema.dropTable('document_reads').execute();
  },
};

const strategies: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('strategy_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('inputs', 'text', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'bigint', (c) => c.notNull())
      .addColumn('evaluated', 'integer', (c) => c.notNull())
      // The target of saved_strategies' (owner_id, run_id) reference: a strategy is saved from its owner's run.
      .addUniqueConstraint('strategy_runs_owner_id_id_key', ['owner_id', 'id'])
      .execute();
    await db.schema
      .createIndex('strategy_runs_owner_id_created_at_id_idx')
      .on('strategy_runs')
      .columns(['owner_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createTable('saved_strategies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('rules', 'text', (c) => c.notNull())
      .addColumn('metrics', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'bigint', (c) => c.notNull())
      .addColumn('active_ticker', 'text')
      .addUniqueConstraint('saved_strategies_owner_id_run_id_rank_key', ['owner_id', 'run_id', 'rank'])
      .addForeignKeyConstraint('saved_strategies_run_fkey', ['owner_id', 'run_id'], 'strategy_runs', ['owner_id', 'id'], (fk) =>
        fk.onDelete('restrict'),
      )
      .addCheckConstraint('saved_strategies_active_ticker_check', sql`active_ticker is null or active_ticker = ticker`)
      .execute();
    await db.schema
      .createIndex('saved_strategies_owner_id_active_ticker_key')
      .on('saved_strategies')
      .columns(['owner_id', 'active_ticker'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('saved_strategies').execute();
    await db.schema.dropTable('strategy_runs').execute();
  },
};

/** Every migration, by name; names sort in the order they apply. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_accounts': accounts,
  '0002_onboarding_billing_limits': onboardingBillingLimits,
  '0003_strategies': strategies,
};

/** Applies every pending migration; throws naming the migration that failed. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  const reason = error instanceof Error ? error.message : JSON.stringify(error);
  throw new Error(`Database migration ${failed ?? '(before any migration ran)'} failed: ${reason}`, { cause: error });
}
