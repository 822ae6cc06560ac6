import type { SingleUseLink } from '@condor/core';
import { singleUseLinkStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlSingleUseLinkStore } from './sql-single-use-link-store.js';

const T0 = 1_767_623_400_000;
const DIGEST = 'a3f1'.repeat(16);

const link = (overrides: Partial<SingleUseLink> = {}): SingleUseLink => ({
  digest: DIGEST,
  purpose: 'approve_proposal',
  ownerId: OWNER_ID,
  proposalId: 'p-1',
  createdAt: T0,
  expiresAt: T0 + 60_000,
  usedAt: null,
  ...overrides,
});

for (const dialect of testDialects()) {
  singleUseLinkStoreContract(`SqlSingleUseLinkStore on ${dialect.name}`, async (ownerIds) =>
    new SqlSingleUseLinkStore(await migratedWithUsers(dialect, ownerIds)),
  );

  describe(`SqlSingleUseLinkStore storage on ${dialect.name}`, () => {
    it('keeps the digest, never a token, and the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlSingleUseLinkStore(db);
      await store.insert(link());
      await store.markUsed(DIGEST, T0 + 7_000);
      expect(await db.selectFrom('approval_links').selectAll().execute()).toEqual([
        { digest: DIGEST, purpose: 'approve_proposal', owner_id: OWNER_ID, proposal_id: 'p-1', created_at: T0, expires_at: T0 + 60_000, used_at: T0 + 7_000 },
      ]);
    });

    it('refuses a link of an unknown owner', async () => {
      const store = new SqlSingleUseLinkStore(await migratedWithOwner(dialect));
      await expect(store.insert(link({ ownerId: '6f1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
    });

    it('lets the database refuse an unknown purpose, and anything but a lower-case hex SHA-256 as the digest', async () => {
      const store = new SqlSingleUseLinkStore(await migratedWithOwner(dialect));
      await expect(store.insert(link({ purpose: 'login' as 'broker_keys' }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      const notDigests = ['kq3Z8vYxR2mN5pL7tW9aB1cD4eF6gH0jK2lM4nO6pQ8', DIGEST.toUpperCase(), DIGEST.slice(1), `${DIGEST}0`, `${DIGEST.slice(1)}g`, ''];
      for (const digest of notDigests) {
        await expect(store.insert(link({ digest }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      }
      await store.insert(link());
      expect(await store.find(DIGEST)).toEqual(link());
    });
  });
}
