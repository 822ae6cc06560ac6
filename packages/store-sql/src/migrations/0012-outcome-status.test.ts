import { describe, expect, it } from 'vitest';
import { OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;

const proposalRow = (id: string, outcome: string | null) =>
  ({
    id,
    owner_id: OWNER_ID,
    kind: 'exit',
    batch_key: null,
    created_at: T0,
    ticker: 'SPY',
    qty: 1,
    legs: '[]',
    limit_price: 0.5,
    max_loss: 50,
    summary: 'Close 1 SPY condor',
    position_id: 'pos-1',
    details: '{}',
    consumed_at: outcome === null ? null : T0 + 7_000,
    outcome,
    approval: outcome === null ? null : `{"method":"page","at":${String(T0 + 7_000)},"userId":"${OWNER_ID}","client":null,"address":null}`,
  }) as const;

for (const dialect of testDialects()) {
  describe(`migration 0012_outcome_status on ${dialect.name}`, () => {
    it("fills each proposal's outcome status from its outcome, whatever the order of the JSON's keys, and rolls back", async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0011_oauth')).error).toBeUndefined();
      expect(await facts.columnTypes('proposals')).not.toHaveProperty('outcome_status');
      await db.insertInto('users').values({ id: OWNER_ID, email: 'o@example.com', password_hash: 'h', created_at: T0 }).execute();
      await db
        .insertInto('proposals')
        .values([
          proposalRow('p-open', null),
          proposalRow('p-sent', '{"status":"submitted","orderId":"o-1"}'),
          proposalRow('p-lost', '{"detail":"unavailable","status":"unknown"}'),
          proposalRow('p-refused', '{"status":"rejected","detail":"no"}'),
        ])
        .execute();

      await migrateToLatest(db);
      expect((await facts.columnTypes('proposals'))['outcome_status']).toBe('text');
      expect(await facts.indexColumns('proposals_owner_id_outcome_status_idx')).toEqual(['owner_id', 'outcome_status']);
      expect(await db.selectFrom('proposals').select(['id', 'outcome_status']).orderBy('id').execute()).toEqual([
        { id: 'p-lost', outcome_status: 'unknown' },
        { id: 'p-open', outcome_status: null },
        { id: 'p-refused', outcome_status: 'rejected' },
        { id: 'p-sent', outcome_status: 'submitted' },
      ]);

      expect((await migrator.migrateTo('0011_oauth')).error).toBeUndefined();
      expect(await facts.columnTypes('proposals')).not.toHaveProperty('outcome_status');
      expect(await db.selectFrom('proposals').select('id').orderBy('id').execute()).toHaveLength(4);
    });
  });
}
