import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sql-dialect.js';

const STATUSES_BEFORE = sql`status in ('accepted', 'filled', 'partially_filled', 'canceled', 'rejected', 'expired', 'pending_cancel')`;
const STATUSES_NOW = sql`status in ('accepted', 'filled', 'partially_filled', 'canceled', 'rejected', 'expired', 'pending_cancel', 'replaced')`;
const COLUMNS = 'id, owner_id, seq, client_order_id, status, qty, filled_qty, limit_price, filled_avg_price, submitted_at, legs, reservation, expires_at';

/** `paper_orders` as 0008 made it, with `statuses` as its status check and, `withReplaces`, the replaced order's id. */
async function createOrders(db: Kysely<unknown>, table: string, statuses: typeof STATUSES_NOW, withReplaces: boolean): Promise<void> {
  let create = db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('paper_accounts.owner_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('client_order_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('filled_qty', 'integer', (c) => c.notNull())
    .addColumn('limit_price', 'double precision', (c) => c.notNull())
    .addColumn('filled_avg_price', 'double precision')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('legs', 'text', (c) => c.notNull())
    .addColumn('reservation', 'double precision', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull());
  if (withReplaces) create = create.addColumn('replaces', 'text');
  await create
    .addUniqueConstraint('paper_orders_owner_id_seq_key', ['owner_id', 'seq'])
    .addUniqueConstraint('paper_orders_owner_id_client_order_id_key', ['owner_id', 'client_order_id'])
    .addCheckConstraint('paper_orders_status_check', statuses)
    .execute();
}

/** SQLite cannot change a check constraint in place: the table is made anew under another name, filled, and renamed. */
async function rebuildOrders(db: Kysely<unknown>, statuses: typeof STATUSES_NOW, withReplaces: boolean): Promise<void> {
  const columns = sql.raw(COLUMNS);
  await createOrders(db, 'paper_orders_next', statuses, withReplaces);
  await sql`insert into paper_orders_next (${columns}) select ${columns} from paper_orders`.execute(db);
  await db.schema.dropTable('paper_orders').execute();
  await sql`alter table paper_orders_next rename to paper_orders`.execute(db);
}

/**
 * The simulated broker replaces orders (issue 28): `replaced` admitted as a paper order's status, and `replaces` (the
 * id of the order a replacement took the place of; null for an order submitted afresh). The link is kept once, on the
 * replacement: the replaced order's `replacedBy` is read from it. Rolling back turns a replaced order into a
 * cancelled one, the nearest status before it (it ended unfilled, by the owner's doing).
 */
export const paperReplaceMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === 'postgres') {
      await sql`alter table paper_orders drop constraint paper_orders_status_check`.execute(db);
      await sql`alter table paper_orders add constraint paper_orders_status_check check (${STATUSES_NOW})`.execute(db);
      await db.schema.alterTable('paper_orders').addColumn('replaces', 'text').execute();
    } else {
      await rebuildOrders(db, STATUSES_NOW, true);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`update paper_orders set status = 'canceled' where status = 'replaced'`.execute(db);
    if (dialectOf(db) === 'postgres') {
      await db.schema.alterTable('paper_orders').dropColumn('replaces').execute();
      await sql`alter table paper_orders drop constraint paper_orders_status_check`.execute(db);
      await sql`alter table paper_orders add constraint paper_orders_status_check check (${STATUSES_BEFORE})`.execute(db);
    } else {
      await rebuildOrders(db, STATUSES_BEFORE, false);
    }
  },
};
