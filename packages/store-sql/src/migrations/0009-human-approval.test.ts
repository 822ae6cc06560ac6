import { describe, expect, it } from 'vitest';
import { OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;

const proposalRow = (id: string, consumedAt: number | null) =>
  ({
    id,
    owner_id: OWNER_ID,
    kind: 'entry',
    batch_key: null,
    created_at: T0,
    ticker: 'SPY',
    qty: 1,
    legs: '[]',
    limit_price: -1.25,
    max_loss: 375,
    summary: 'Sell 1 SPY condor',
    position_id: 'pos-1',
    details: '{}',
    consumed_at: consumedAt,
    outcome: null,
  }) as const;

for (const dialect of testDialects()) {
  describe(`migration 0009_human_approval on ${dialect.name}`, () => {
    it('adds the approval of a proposal and the link and browser session tables, keyed by digest and owned by a user', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect((await facts.columnTypes('proposals'))['approval']).toBe('text');
      expect(await facts.indexes('proposals')).toContainEqual({ name: 'proposals_owner_id_position_id_idx', unique: false });
      expect(await facts.indexColumns('proposals_owner_id_position_id_idx')).toEqual(['owner_id', 'position_id']);
      expect(await facts.primaryKey('approval_links')).toEqual(['digest']);
      expect(await facts.primaryKey('browser_sessions')).toEqual(['digest']);
      expect(await facts.foreignKeys('approval_links')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);
      expect(await facts.foreignKeys('browser_sessions')).toEqual([expect.objectContaining({ table: 'users', from: 'user_id', to: 'id' })]);
      expect(await facts.columnTypes('approval_links')).toEqual({
        digest: 'text',
        purpose: 'text',
        owner_id: 'text',
        proposal_id: 'text',
        created_at: 'bigint',
        expires_at: 'bigint',
        used_at: 'bigint',
      });
      expect(await facts.columnTypes('browser_sessions')).toEqual({
        digest: 'text',
        user_id: 'text',
        created_at: 'bigint',
        expires_at: 'bigint',
        revoked_at: 'bigint',
        user_agent: 'text',
      });
    });

    it("gives each proposal consumed before it its owner's confirm as the approval, and rolls back keeping the proposals", async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0008_paper_accounts')).error).toBeUndefined();
      expect((await facts.tables()).filter((t) => ['approval_links', 'browser_sessions'].includes(t))).toEqual([]);
      expect(await facts.columnTypes('proposals')).not.toHaveProperty('approval');
      await db.insertInto('users').values({ id: OWNER_ID, email: 'o@example.com', password_hash: 'h', created_at: T0 }).execute();
      await db.insertInto('proposals').values([proposalRow('p-open', null), proposalRow('p-done', T0 + 7_000)]).execute();

      await migrateToLatest(db);
      const approvals = await db.selectFrom('proposals').select(['id', 'approval']).orderBy('id').execute();
      expect(approvals).toEqual([
        { id: 'p-done', approval: `{"method":"confirm","at":${String(T0 + 7_000)},"userId":"${OWNER_ID}","client":null,"address":null}` },
        { id: 'p-open', approval: null },
      ]);

      expect((await migrator.migrateTo('0008_paper_accounts')).error).toBeUndefined();
      expect(await facts.columnTypes('proposals')).not.toHaveProperty('approval');
      expect(await db.selectFrom('proposals').select(['id', 'consumed_at']).orderBy('id').execute()).toEqual([
        { id: 'p-done', consumed_at: T0 + 7_000 },
        { id: 'p-open', consumed_at: null },
      ]);
      await migrateToLatest(db);
      expect((await facts.tables()).filter((t) => ['approval_links', 'browser_sessions'].includes(t))).toEqual(['approval_links', 'browser_sessions']);
    });
  });
}
