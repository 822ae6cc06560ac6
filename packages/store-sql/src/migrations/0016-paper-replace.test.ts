import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;

const order = (seq: number, status: string) =>
  ({
    id: `sim-order-${String(seq)}`,
    owner_id: OWNER_ID,
    seq,
    client_order_id: `walk-s${String(seq)}`,
    status,
    qty: 2,
    filled_qty: 0,
    limit_price: -1.37,
    filled_avg_price: null,
    submitted_at: T0 + seq,
    legs: '[]',
    reservation: 726.5,
    expires_at: T0 + 3_600_000,
  }) as never;

for (const dialect of testDialects()) {
  describe(`migration 0016_paper_replace on ${dialect.name}`, () => {
    it('keeps every paper order, admits replaced with the replacement naming the order it replaced, and rolls back', async () => {
      const db = await migratedWithOwner(dialect);
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0015_working_orders')).error).toBeUndefined();
      await db.insertInto('paper_accounts').values({ owner_id: OWNER_ID, account_id: 'sim-1', cash: 100_000, version: 1, order_count: 1, opened_at: T0 }).execute();
      await db.insertInto('paper_orders').values(order(0, 'accepted')).execute();
      await expect(db.insertInto('paper_orders').values(order(1, 'replaced')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));

      await migrateToLatest(db);
      expect(await db.selectFrom('paper_orders').selectAll().execute()).toEqual([{ ...(order(0, 'accepted') as object), replaces: null }]);
      await db.updateTable('paper_orders').set({ status: 'replaced' }).where('id', '=', 'sim-order-0').execute();
      await db.insertInto('paper_orders').values({ ...(order(1, 'accepted') as object), replaces: 'sim-order-0' } as never).execute();
      await expect(db.insertInto('paper_orders').values(order(2, 'edited')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await expect(db.insertInto('paper_orders').values({ ...(order(2, 'accepted') as object), seq: 1 } as never).execute()).rejects.toMatchObject(violation(dialect.kind, 'unique'));
      await expect(db.insertInto('paper_orders').values({ ...(order(2, 'accepted') as object), owner_id: 'nobody' } as never).execute()).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      expect(await facts.primaryKey('paper_orders')).toEqual(['id']);
      expect((await facts.uniqueConstraints('paper_orders')).map((columns) => columns.join(',')).sort()).toEqual(['owner_id,client_order_id', 'owner_id,seq']);
      expect(await facts.foreignKeys('paper_orders')).toEqual([expect.objectContaining({ table: 'paper_accounts', from: 'owner_id', to: 'owner_id' })]);
      expect(await db.selectFrom('paper_orders').select(['id', 'status', 'replaces']).orderBy('seq').execute()).toEqual([
        { id: 'sim-order-0', status: 'replaced', replaces: null },
        { id: 'sim-order-1', status: 'accepted', replaces: 'sim-order-0' },
      ]);

      expect((await migrator.migrateTo('0015_working_orders')).error).toBeUndefined();
      expect(await facts.columnTypes('paper_orders')).not.toHaveProperty('replaces');
      expect(await db.selectFrom('paper_orders').select(['id', 'status']).orderBy('seq').execute()).toEqual([
        { id: 'sim-order-0', status: 'canceled' },
        { id: 'sim-order-1', status: 'accepted' },
      ]);
      await expect(db.updateTable('paper_orders').set({ status: 'replaced' }).where('id', '=', 'sim-order-1').execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      expect((await facts.uniqueConstraints('paper_orders')).map((columns) => columns.join(',')).sort()).toEqual(['owner_id,client_order_id', 'owner_id,seq']);
    });
  });
}
