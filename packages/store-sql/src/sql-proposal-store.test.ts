import type { ApprovalRecord, Proposal } from '@condor/core';
import { proposalStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlPositionStore } from './sql-position-store.js';
import { SqlProposalStore } from './sql-proposal-store.js';
import { SqlUserStore } from './sql-user-store.js';

const T0 = 1_767_623_400_000;

const proposal = (id: string, overrides: Partial<Proposal> = {}): Proposal => ({
  id,
  ownerId: OWNER_ID,
  kind: 'entry',
  batchKey: null,
  createdAt: T0,
  ticker: 'SPY',
  qty: 1,
  legs: [{ symbol: 'SPY260220P00575000', side: 'sell', intent: 'sell_to_open' }],
  limitPrice: -1.25,
  maxLoss: 375.5,
  summary: 'Sell 1 SPY condor',
  positionId: 'pos-1',
  details: { credit: 1.25, note: 'ünïcode' },
  consumedAt: null,
  approval: null,
  outcome: null,
  ...overrides,
});

const approval = (at: number): ApprovalRecord => ({ method: 'page', at, userId: OWNER_ID, client: 'Firefox/128.0', address: '203.0.113.9' });

for (const dialect of testDialects()) {
  proposalStoreContract(`SqlProposalStore on ${dialect.name}`, async (ownerIds) => {
    const db = await migratedWithUsers(dialect, ownerIds);
    return { proposals: new SqlProposalStore(db), positions: new SqlPositionStore(db) };
  });

  describe(`SqlProposalStore storage on ${dialect.name}`, () => {
    it('keeps legs, details, outcome and approval as JSON text, prices as exact doubles and times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlProposalStore(db);
      await store.insert(proposal('p1', { limitPrice: -(0.1 + 0.2) }));
      await store.consume(OWNER_ID, 'p1', T0 + 7_000, approval(T0 + 7_000));
      await store.recordOutcome('p1', { status: 'submitted', orderId: 'o-1' });
      expect(await db.selectFrom('proposals').selectAll().execute()).toEqual([
        {
          id: 'p1',
          owner_id: OWNER_ID,
          kind: 'entry',
          batch_key: null,
          created_at: T0,
          ticker: 'SPY',
          qty: 1,
          legs: '[{"symbol":"SPY260220P00575000","side":"sell","intent":"sell_to_open"}]',
          limit_price: -0.30000000000000004,
          max_loss: 375.5,
          summary: 'Sell 1 SPY condor',
          position_id: 'pos-1',
          details: '{"credit":1.25,"note":"ünïcode"}',
          consumed_at: T0 + 7_000,
          outcome: '{"status":"submitted","orderId":"o-1"}',
          outcome_status: 'submitted',
          approval: `{"method":"page","at":${String(T0 + 7_000)},"userId":"${OWNER_ID}","client":"Firefox/128.0","address":"203.0.113.9"}`,
        },
      ]);
    });

    it('refuses a proposal of an unknown owner', async () => {
      const store = new SqlProposalStore(await migratedWithOwner(dialect));
      await expect(store.insert(proposal('p1', { ownerId: '6f1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
    });

    it('lets the database refuse an unknown kind, and an outcome or an approval on a proposal not consumed', async () => {
      const store = new SqlProposalStore(await migratedWithOwner(dialect));
      await expect(store.insert(proposal('p1', { kind: 'hedge' as 'entry' }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await expect(store.insert(proposal('p2', { outcome: { status: 'rejected', detail: 'no' } }))).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );
      await expect(store.insert(proposal('p3', { approval: approval(T0) }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      for (const id of ['p1', 'p2', 'p3']) expect(await store.get(OWNER_ID, id)).toBeUndefined();
    });

    it('names the column when a stored document is not what it should be', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlProposalStore(db);
      await store.insert(proposal('p1'));
      await db.updateTable('proposals').set({ legs: '{"symbol":"x"}' }).execute();
      await expect(store.get(OWNER_ID, 'p1')).rejects.toThrow('proposals.legs holds JSON that is not an array');
      await store.insert(proposal('p2', { positionId: 'pos-2', consumedAt: T0 + 1, approval: approval(T0 + 1) }));
      await db.updateTable('proposals').set({ approval: '{"method":"email","at":1,"userId":"u","client":null,"address":null}' }).where('id', '=', 'p2').execute();
      await expect(store.listForPosition(OWNER_ID, 'pos-2')).rejects.toThrow('proposals.approval holds JSON that is not an approval');
    });

    it('lets exactly one of 50 consumes win across 5 separate connections to one database, keeping its approval', async () => {
      const dbs = await dialect.migratedMany(5);
      await new SqlUserStore(dbs[0]!).insert({ id: OWNER_ID, email: 'o@example.com', passwordHash: 'h', createdAt: T0 });
      await new SqlProposalStore(dbs[0]!).insert(proposal('p1'));
      const stores = dbs.map((db) => new SqlProposalStore(db));
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) => stores[i % stores.length]!.consume(OWNER_ID, 'p1', T0 + i, approval(T0 + i))),
      );
      expect(outcomes.filter((o) => o === 'consumed')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already_consumed')).toHaveLength(49);
      const winner = outcomes.indexOf('consumed');
      expect(await stores[3]!.get(OWNER_ID, 'p1')).toEqual(proposal('p1', { consumedAt: T0 + winner, approval: approval(T0 + winner) }));
    });

    it('places at most one of 20 entries sharing a leg across 5 separate connections, refusing the rest as overlapping', async () => {
      const dbs = await dialect.migratedMany(5);
      await new SqlUserStore(dbs[0]!).insert({ id: OWNER_ID, email: 'o@example.com', passwordHash: 'h', createdAt: T0 });
      const ids = Array.from({ length: 20 }, (_, i) => `p${String(i)}`);
      for (const id of ids) await new SqlProposalStore(dbs[0]!).insert(proposal(id, { positionId: `pos-${id}` }));
      const stores = dbs.map((db) => new SqlProposalStore(db));
      const outcomes = await Promise.all(ids.map((id, i) => stores[i % stores.length]!.consume(OWNER_ID, id, T0 + i, approval(T0 + i))));
      expect(outcomes.filter((o) => o === 'consumed')).toHaveLength(1);
      expect(outcomes.filter((o) => typeof o === 'object' && o.refused.kind === 'overlapping_legs')).toHaveLength(19);
      const consumed = await dbs[2]!.selectFrom('proposals').select('id').where('consumed_at', 'is not', null).execute();
      expect(consumed.map((row) => row.id)).toEqual([ids[outcomes.indexOf('consumed')]]);
    });
  });
}
