import type { ManagedPosition } from '@condor/core';
import { positionStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlPositionStore } from './sql-position-store.js';

const T0 = 1_767_623_400_000;

const position = (id: string, overrides: Partial<ManagedPosition> = {}): ManagedPosition => ({
  id,
  ownerId: OWNER_ID,
  ticker: 'SPY',
  expiry: '2026-02-20',
  legs: [{ symbol: 'SPY260220P00575500', type: 'put', strike: 575.5, expiry: '2026-02-20', side: 'short' }],
  qty: 3,
  entryCredit: 1.37,
  status: 'open',
  openedAt: T0,
  closedAt: null,
  orderIds: ['o-1', 'o-2'],
  ...overrides,
});

for (const dialect of testDialects()) {
  positionStoreContract(`SqlPositionStore on ${dialect.name}`, async (ownerIds) => new SqlPositionStore(await migratedWithUsers(dialect, ownerIds)));

  describe(`SqlPositionStore storage on ${dialect.name}`, () => {
    it('keeps legs and order ids as JSON text, the credit as an exact double and the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      await new SqlPositionStore(db).insert(position('pos-1', { status: 'closed', closedAt: T0 + 5 }));
      expect(await db.selectFrom('positions').selectAll().execute()).toEqual([
        {
          id: 'pos-1',
          owner_id: OWNER_ID,
          ticker: 'SPY',
          expiry: '2026-02-20',
          legs: '[{"symbol":"SPY260220P00575500","type":"put","strike":575.5,"expiry":"2026-02-20","side":"short"}]',
          qty: 3,
          entry_credit: 1.37,
          status: 'closed',
          opened_at: T0,
          closed_at: T0 + 5,
          order_ids: '["o-1","o-2"]',
        },
      ]);
    });

    it('refuses a position of an unknown owner', async () => {
      const store = new SqlPositionStore(await migratedWithOwner(dialect));
      await expect(store.insert(position('pos-1', { ownerId: '6f1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
    });

    it('lets the database refuse an unknown status', async () => {
      const store = new SqlPositionStore(await migratedWithOwner(dialect));
      await expect(store.insert(position('pos-1', { status: 'expired' as 'closed' }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      await store.insert(position('pos-2'));
      await expect(store.update(position('pos-2', { status: 'gone' as 'closed' }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      expect(await store.get(OWNER_ID, 'pos-2')).toEqual(position('pos-2'));
    });

    it('names the column when stored order ids are not a JSON array', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlPositionStore(db);
      await store.insert(position('pos-1'));
      await db.updateTable('positions').set({ order_ids: 'o-1,o-2' }).execute();
      await expect(store.get(OWNER_ID, 'pos-1')).rejects.toThrow('positions.order_ids holds text that is not JSON');
    });
  });
}
