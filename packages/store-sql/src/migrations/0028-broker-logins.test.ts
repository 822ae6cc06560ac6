import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;
const OTHER_ID = '6f1c2d3e-0000-4000-8000-0000000000ff';

const link = (ownerId: string, broker: string) =>
  ({ owner_id: ownerId, broker, environment: 'live', api_key: null, api_secret: '{"sealed":2}', key_hint: null, connected_at: T0, updated_at: T0, account_number: '5WT00001' }) as never;

for (const dialect of testDialects()) {
  describe(`migration 0028_broker_logins on ${dialect.name}`, () => {
    it('keeps every link, admits schwab with its login time and account hash, and rolls back without schwab links', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0027_placement_intents')).error).toBeUndefined();
      for (const id of [OWNER_ID, OTHER_ID]) {
        await db.insertInto('users').values({ id, email: `${id}@example.com`, password_hash: 'h', created_at: T0 }).execute();
      }
      await db.insertInto('broker_links').values(link(OWNER_ID, 'tastytrade')).execute();
      await expect(db.insertInto('broker_links').values(link(OTHER_ID, 'schwab')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));

      expect((await migrator.migrateTo('0028_broker_logins')).error).toBeUndefined();
      expect(await db.selectFrom('broker_links').selectAll().execute()).toEqual([{ ...(link(OWNER_ID, 'tastytrade') as object), account_key: null, logged_in_at: null }]);
      await db.insertInto('broker_links').values({ ...(link(OTHER_ID, 'schwab') as object), account_key: 'HASH', logged_in_at: T0 } as never).execute();
      expect(await db.selectFrom('broker_links').select(['broker', 'account_key', 'logged_in_at']).where('owner_id', '=', OTHER_ID).execute()).toEqual([
        { broker: 'schwab', account_key: 'HASH', logged_in_at: T0 },
      ]);
      await expect(db.insertInto('broker_links').values({ ...(link(OTHER_ID, 'etrade') as object), owner_id: OWNER_ID } as never).onConflict((oc) => oc.doNothing()).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );

      expect((await migrator.migrateTo('0027_placement_intents')).error).toBeUndefined();
      expect(await db.selectFrom('broker_links').select(['owner_id', 'broker']).execute()).toEqual([{ owner_id: OWNER_ID, broker: 'tastytrade' }]);
      expect(await facts.columnTypes('broker_links')).not.toHaveProperty('logged_in_at');
      expect(await facts.columnTypes('broker_links')).not.toHaveProperty('account_key');
    });
  });
}
