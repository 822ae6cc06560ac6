import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;
const OTHER_ID = '6f1c2d3e-0000-4000-8000-0000000000ff';

const link = (ownerId: string, broker: string) =>
  ({ owner_id: ownerId, broker, environment: 'paper', api_key: '{"sealed":1}', api_secret: '{"sealed":2}', key_hint: 'ABCD', connected_at: T0, updated_at: T0 }) as never;

for (const dialect of testDialects()) {
  describe(`migration 0013_tastytrade on ${dialect.name}`, () => {
    it('keeps every link, admits tastytrade with an account number, adds the token table, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0012_outcome_status')).error).toBeUndefined();
      for (const id of [OWNER_ID, OTHER_ID]) {
        await db.insertInto('users').values({ id, email: `${id}@example.com`, password_hash: 'h', created_at: T0 }).execute();
      }
      await db.insertInto('broker_links').values(link(OWNER_ID, 'alpaca')).execute();
      await expect(db.insertInto('broker_links').values(link(OTHER_ID, 'tastytrade')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));

      expect((await migrator.migrateTo('0013_tastytrade')).error).toBeUndefined();
      expect(await db.selectFrom('broker_links').selectAll().execute()).toEqual([{ ...(link(OWNER_ID, 'alpaca') as object), account_number: null }]);
      await db.insertInto('broker_links').values({ ...(link(OTHER_ID, 'tastytrade') as object), account_number: '5WT00001' } as never).execute();
      await expect(db.insertInto('broker_links').values({ ...(link('x', 'schwab') as object), owner_id: OWNER_ID } as never).onConflict((oc) => oc.doNothing()).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );
      expect(await facts.primaryKey('broker_tokens')).toEqual(['link_key']);
      expect(await facts.foreignKeys('broker_tokens')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);

      expect((await migrator.migrateTo('0012_outcome_status')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('broker_tokens');
      expect(await db.selectFrom('broker_links').select(['owner_id', 'broker']).execute()).toEqual([{ owner_id: OWNER_ID, broker: 'alpaca' }]);
      expect(await facts.columnTypes('broker_links')).not.toHaveProperty('account_number');
    });
  });
}
