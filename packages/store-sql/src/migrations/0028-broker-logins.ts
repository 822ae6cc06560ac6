import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sql-dialect.js';

const BROKERS_BEFORE = sql`broker in ('sim', 'alpaca', 'tastytrade')`;
const BROKERS_NOW = sql`broker in ('sim', 'alpaca', 'tastytrade', 'schwab')`;
const COLUMNS_BEFORE = 'owner_id, broker, environment, api_key, api_secret, key_hint, connected_at, updated_at, account_number';

/** `broker_links` as 0013 left it, with `brokers` as its broker check and, `withLogins`, the two columns of a login link. */
async function rebuildLinks(db: Kysely<unknown>, brokers: typeof BROKERS_NOW, withLogins: boolean): Promise<void> {
  let create = db.schema
    .createTable('broker_links_next')
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('broker', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text')
    .addColumn('api_secret', 'text')
    .addColumn('key_hint', 'text')
    .addColumn('connected_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('account_number', 'text');
  if (withLogins) create = create.addColumn('account_key', 'text').addColumn('logged_in_at', 'bigint');
  await create
    .addCheckConstraint('broker_links_broker_check', brokers)
    .addCheckConstraint('broker_links_environment_check', sql`environment in ('paper', 'live')`)
    .execute();
  const columns = sql.raw(COLUMNS_BEFORE);
  await sql`insert into broker_links_next (${columns}) select ${columns} from broker_links`.execute(db);
  await db.schema.dropTable('broker_links').execute();
  await sql`alter table broker_links_next rename to broker_links`.execute(db);
}

async function admitBrokers(db: Kysely<unknown>, brokers: typeof BROKERS_NOW): Promise<void> {
  await sql`alter table broker_links drop constraint broker_links_broker_check`.execute(db);
  await sql`alter table broker_links add constraint broker_links_broker_check check (${brokers})`.execute(db);
}

/**
 * Schwab (issue 41): a fourth broker in `broker_links`, linked by logging in there. `logged_in_at` is when the person
 * logged in (the login ends 7 days later; the position monitor tells them a day before), `account_key` the chosen
 * account's hash, which Schwab's trading calls address it by. Rolling back deletes Schwab links.
 */
export const brokerLoginsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === 'postgres') {
      await admitBrokers(db, BROKERS_NOW);
      await db.schema.alterTable('broker_links').addColumn('account_key', 'text').execute();
      await db.schema.alterTable('broker_links').addColumn('logged_in_at', 'bigint').execute();
    } else {
      await rebuildLinks(db, BROKERS_NOW, true);
    }
    await db.schema.createIndex('broker_links_logged_in_at_idx').on('broker_links').column('logged_in_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('broker_links_logged_in_at_idx').execute();
    await sql`delete from broker_links where broker = 'schwab'`.execute(db);
    if (dialectOf(db) === 'postgres') {
      await db.schema.alterTable('broker_links').dropColumn('logged_in_at').execute();
      await db.schema.alterTable('broker_links').dropColumn('account_key').execute();
      await admitBrokers(db, BROKERS_BEFORE);
    } else {
      await rebuildLinks(db, BROKERS_BEFORE, false);
    }
  },
};
