import { sql, type Kysely, type Migration } from 'kysely';

/** Strategy runs and the strategies saved from them, at most one active per owner and ticker. */
export const strategiesMigration: Migration = {
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
