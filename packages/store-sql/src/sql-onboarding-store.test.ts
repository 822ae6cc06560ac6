import { onboardingStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import { SqlOnboardingStore } from './sql-onboarding-store.js';

const T0 = 1_767_623_400_000;

for (const dialect of testDialects()) {
  onboardingStoreContract(`SqlOnboardingStore on ${dialect.name}`, async (ownerId) =>
    new SqlOnboardingStore(await migratedWithOwner(dialect, ownerId)),
  );

  describe(`SqlOnboardingStore storage on ${dialect.name}`, () => {
    it('keeps the time of the first read', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlOnboardingStore(db);
      await store.recordRead({ userId: OWNER_ID, document: 'eua', version: '1.0', at: T0 });
      await store.recordRead({ userId: OWNER_ID, document: 'eua', version: '1.0', at: T0 + 5 });
      expect(await db.selectFrom('document_reads').selectAll().execute()).toEqual([
        { user_id: OWNER_ID, document: 'eua', version: '1.0', read_at: T0 },
      ]);
    });

    it('refuses reads and acceptances of an unknown user', async () => {
      const store = new SqlOnboardingStore(await migratedWithOwner(dialect));
      const stranger = { userId: '6f1c2d3e-0000-4000-8000-0000000000ff', document: 'eua', version: '1.0', at: T0 } as const;
      await expect(store.recordRead(stranger)).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(store.recordAcceptance(stranger)).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });

    it('leaves out acceptances of documents the service no longer has', async () => {
      const db = await migratedWithOwner(dialect);
      await db
        .insertInto('document_acceptances')
        .values({ user_id: OWNER_ID, document: 'retired-terms', version: '1.0', accepted_at: T0 })
        .execute();
      expect(await new SqlOnboardingStore(db).acceptances(OWNER_ID)).toEqual([]);
    });
  });
}
