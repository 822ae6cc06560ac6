import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sql-dialect.js';

const BROKERS_BEFORE = sql`broker in ('sim', 'alpaca')`;
const BROKERS_NOW = sql`broker in ('sim', 'alpaca', 'tastytrade')`;

/** `broker_links` as 0004 made it, with `brokers` as its broker check and, `withAccount`, the chosen account's number. */
async function createLinks(db: Kysely<unknown>, table: string, brokers: typeof BROKERS_NOW, withAccount: boolean): Promise<void> {
  let create = db.schema
    .createTable(table)
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('broker', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text')
    .addColumn('api_secret', 'text')
    .addColumn('key_hint', 'text')
    .addColumn('connected_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
  if (withAccount) create = create.addColumn('account_number', 'text');
  await create
    .addCheckConstraint('broker_links_broker_check', brokers)
    .addCheckConstraint('broker_links_environment_check', sql`environment in ('paper', 'live')`)
    .execute();
}

/** SQLite cannot change a check constraint in place: the table is made anew under another name, filled, and renamed. */
async function rebuildLinks(db: Kysely<unknown>, brokers: typeof BROKERS_NOW, withAccount: boolean): Promise<void> {
  const columns = sql.raw('owner_id, broker, environment, api_key, api_secret, key_hint, connected_at, updated_at');
  await createLinks(db, 'broker_links_next', brokers, withAccount);
  await sql`insert into broker_links_next (${columns}) select ${columns} from broker_links`.execute(db);
  await db.schema.dropTable('broker_links').execute();
  await sql`alter table broker_links_next rename to broker_links`.execute(db);
}

/**
 * tastytrade (issue 32): a third broker in `broker_links`, the account a person chose among a login's accounts
 * (`account_number`; null for brokers with one account per key), and `broker_tokens`: the short-lived access token an
 * adapter minted for a link, sealed, with the lease that lets one instance at a time refresh it.
 */
export const tastytradeMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === 'postgres') {
      await sql`alter table broker_links drop constraint broker_links_broker_check`.execute(db);
      await sql`alter table broker_links add constraint broker_links_broker_check check (${BROKERS_NOW})`.execute(db);
      await db.schema.alterTable('broker_links').addColumn('account_number', 'text').execute();
    } else {
      await rebuildLinks(db, BROKERS_NOW, true);
    }
    await db.schema
      .createTable('broker_tokens')
      .addColumn('link_key', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('sealed_token', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('lease_until', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('broker_tokens_owner_id_idx').on('broker_tokens').column('owner_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('broker_tokens').execute();
    await sql`delete from broker_links where broker = 'tastytrade'`.execute(db);
    if (dialectOf(db) === 'postgres') {
      await db.schema.alterTable('broker_links').dropColumn('account_number').execute();
      await sql`alter table broker_links drop constraint broker_links_broker_check`.execute(db);
      await sql`alter table broker_links add constraint broker_links_broker_check check (${BROKERS_BEFORE})`.execute(db);
    } else {
      await rebuildLinks(db, BROKERS_BEFORE, false);
    }
  },
};
