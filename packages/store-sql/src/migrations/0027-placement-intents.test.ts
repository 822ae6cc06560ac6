import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const row = (clientOrderId: string, fields: { owner_id?: string; account_hash?: string; state?: 'sent' } = {}) => ({
  owner_id: OWNER_ID,
  account_hash: 'HASH-A',
  client_order_id: clientOrderId,
  legs: '[{"symbol":"SPY   260320P00550000","side":"buy","intent":"buy_to_open"}]',
  qty: 1,
  limit_price: -1.37,
  sent_at: 1_767_623_400_000,
  order_id: null,
  replaces: null,
  state: 'sent' as const,
  updated_at: 1_767_623_400_000,
  ...fields,
});

for (const dialect of testDialects()) {
  describe(`migration 0027_placement_intents on ${dialect.name}`, () => {
    it('adds the placement_intents table, keyed by owner, account and client order id, owned by a user, and rolls back', async () => {
      const db = await migratedWithOwner(dialect);
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('placement_intents')).toEqual(['owner_id', 'account_hash', 'client_order_id']);
      expect(await facts.columnTypes('placement_intents')).toEqual({
        owner_id: 'text',
        account_hash: 'text',
        client_order_id: 'text',
        legs: 'text',
        qty: 'integer',
        limit_price: 'double precision',
        sent_at: 'bigint',
        order_id: 'text',
        replaces: 'text',
        state: 'text',
        updated_at: 'bigint',
      });
      expect(await facts.foreignKeys('placement_intents')).toEqual([{ table: 'users', from: 'owner_id', to: 'id', onDelete: 'NO ACTION' }]);
      expect(await facts.indexes('placement_intents')).toEqual([]);

      await db.insertInto('placement_intents').values(row('c-1')).execute();
      await db.insertInto('placement_intents').values(row('c-1', { account_hash: 'HASH-B' })).execute();
      const duplicateKey = dialect.kind === 'postgres' ? violation(dialect.kind, 'unique') : { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' };
      await expect(db.insertInto('placement_intents').values(row('c-1')).execute()).rejects.toMatchObject(duplicateKey);
      await expect(db.insertInto('placement_intents').values(row('c-2', { owner_id: 'nobody' })).execute()).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(db.insertInto('placement_intents').values(row('c-3', { state: 'lost' as 'sent' })).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      // A user's intents never outlive the user: the row is refused while they stand, as for every table owned by a user.
      await expect(db.deleteFrom('users').where('id', '=', OWNER_ID).execute()).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));

      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0026_live_positions')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('placement_intents');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('placement_intents');
    });
  });
}
