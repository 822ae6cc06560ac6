import { sql, type Kysely, type Migration } from 'kysely';

/** Trading: broker links, proposals and positions. */
export const tradingMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('broker_links')
      .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('broker', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('api_key', 'text')
      .addColumn('api_secret', 'text')
      .addColumn('key_hint', 'text')
      .addColumn('connected_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('broker_links_broker_check', sql`broker in ('sim', 'alpaca')`)
      .addCheckConstraint('broker_links_environment_check', sql`environment in ('paper', 'live')`)
      .execute();
    await db.schema
      .createTable('proposals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('batch_key', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      // Doubles give back the very JavaScript number stored (-1.25, -0.30000000000000004) on both databases
      // (SQLite gives the type REAL affinity). Not `real`: that is a 4-byte float on PostgreSQL, which rounds
      // -0.30000000000000004 to -0.3. Not numeric: pg reads it back as a string.
      .addColumn('limit_price', 'double precision', (c) => c.notNull())
      .addColumn('max_loss', 'double precision', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('position_id', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('outcome', 'text')
      .addCheckConstraint('proposals_kind_check', sql`kind in ('entry', 'roll', 'exit')`)
      .addCheckConstraint('proposals_outcome_check', sql`outcome is null or consumed_at is not null`)
      .execute();
    await db.schema.createIndex('proposals_owner_id_id_idx').on('proposals').columns(['owner_id', 'id']).execute();
    await db.schema
      .createTable('positions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('expiry', 'text', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('entry_credit', 'double precision', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('order_ids', 'text', (c) => c.notNull())
      .addCheckConstraint('positions_status_check', sql`status in ('opening', 'open', 'closing', 'closed')`)
      .execute();
    await db.schema
      .createIndex('positions_owner_id_opened_at_id_idx')
      .on('positions')
      .columns(['owner_id', 'opened_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('positions').execute();
    await db.schema.dropTable('proposals').execute();
    await db.schema.dropTable('broker_links').execute();
  },
};
