import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;
const digest = (n: number): string => `${'d1'.repeat(28)}${n.toString(16).padStart(8, '0')}`;

const link = (n: number, purpose: string) =>
  ({ digest: digest(n), purpose, owner_id: OWNER_ID, proposal_id: null, created_at: T0, expires_at: T0 + 60_000, used_at: null }) as never;

for (const dialect of testDialects()) {
  describe(`migration 0025_email_verification on ${dialect.name}`, () => {
    it('adds users.email_verified_at and admits verify_email links, keeping every link and the table’s other rules; and rolls back', async () => {
      const db = await migratedWithOwner(dialect);
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0024_news_preferences')).error).toBeUndefined();
      expect(await facts.columnTypes('users')).not.toHaveProperty('email_verified_at');
      await db.insertInto('approval_links').values([link(1, 'approve_proposal'), link(2, 'broker_keys')]).execute();
      await expect(db.insertInto('approval_links').values(link(3, 'verify_email')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));

      await migrateToLatest(db);
      expect(await facts.columnTypes('users')).toMatchObject({ email_verified_at: 'bigint' });
      expect(await db.selectFrom('users').select(['id', 'email_verified_at']).execute()).toEqual([{ id: OWNER_ID, email_verified_at: null }]);
      await db.insertInto('approval_links').values(link(3, 'verify_email')).execute();
      await expect(db.insertInto('approval_links').values(link(4, 'login')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await expect(db.insertInto('approval_links').values({ ...(link(5, 'verify_email') as object), digest: 'A'.repeat(64) } as never).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );
      await expect(db.insertInto('approval_links').values({ ...(link(6, 'verify_email') as object), owner_id: 'nobody' } as never).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
      expect(await db.selectFrom('approval_links').select(['digest', 'purpose']).orderBy('digest').execute()).toEqual([
        { digest: digest(1), purpose: 'approve_proposal' },
        { digest: digest(2), purpose: 'broker_keys' },
        { digest: digest(3), purpose: 'verify_email' },
      ]);
      expect(await facts.primaryKey('approval_links')).toEqual(['digest']);
      expect(await facts.foreignKeys('approval_links')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);
      expect((await facts.indexes('approval_links')).map((i) => i.name)).toContain('approval_links_expires_at_idx');

      expect((await migrator.migrateTo('0024_news_preferences')).error).toBeUndefined();
      expect(await facts.columnTypes('users')).not.toHaveProperty('email_verified_at');
      expect(await db.selectFrom('approval_links').select('purpose').orderBy('digest').execute()).toEqual([{ purpose: 'approve_proposal' }, { purpose: 'broker_keys' }]);
      await expect(db.insertInto('approval_links').values(link(3, 'verify_email')).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      expect((await facts.indexes('approval_links')).map((i) => i.name)).toContain('approval_links_expires_at_idx');
    });
  });
}
