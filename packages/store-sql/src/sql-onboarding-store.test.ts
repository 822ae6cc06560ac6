import { onboardingStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { tempSqlite } from '../test/temp-sqlite.js';
import { SqlOnboardingStore } from './sql-onboarding-store.js';

const temp = tempSqlite();
const T0 = 1_767_623_400_000;

onboardingStoreContract('SqlOnboardingStore on a SQLite file', async (ownerId) =>
  new SqlOnboardingStore(await migratedWithOwner(temp, ownerId)),
);

describe('SqlOnboardingStore storage', () => {
  it('keeps the time of the first read', async () => {
    const db = await migratedWithOwner(temp);
    const store = new SqlOnboardingStore(db);
    await store.recordRead({ userId: OWNER_ID, document: 'eua', version: '1.0', at: T0 });
    await store.recordRead({ userId: OWNER_ID, document: 'eua', version: '1.0', at: T0 + 5 });
    expect(await db.selectFrom('document_reads').selectAll().execute()).toEqual([
      { user_id: OWNER_ID, document: 'eua', version: '1.0', read_at: T0 },
    ]);
  });

  it('refuses reads and acceptances of an unknown user', async () => {
    const store = new SqlOnboardingStore(await migratedWithOwner(temp));
    const stranger = { userId: '6f1c2d3e-0000-4000-8000-0000000000ff', document: 'eua', version: '1.0', at: T0 } as const;
    await expect(store.recordRead(stranger)).rejects.toThrow(/FOREIGN KEY/);
    await expect(store.recordAcceptance(stranger)).rejects.toThrow(/FOREIGN KEY/);
  });

  it('leaves out acceptances of documents the service no longer has', async () => {
    const db = await migratedWithOwner(temp);
    await db
      .insertInto('document_acceptances')
      .values({ user_id: OWNER_ID, document: 'retired-terms', version: '1.0', accepted_at: T0 })
      .execute();
    expect(await new SqlOnboardingStore(db).acceptances(OWNER_ID)).toEqual([]);
  });
});
