import { RETENTION_KINDS, retentionCutoffs, type Proposal, type RetentionStore } from '@condor/core';
import { retentionStoreContract } from '@condor/testkit';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import type { Database } from './schema.js';
import { SqlPositionStore } from './sql-position-store.js';
import { SqlProposalStore } from './sql-proposal-store.js';
import { SqlRetentionStore } from './sql-retention-store.js';

const NOW = 1_767_623_400_000;
const DAY = 86_400_000;
const OLD = NOW - 31 * DAY;
const YOUNG = NOW - 29 * DAY;

const digest = (n: number): string => n.toString(16).padStart(64, '0');

const proposal: Proposal = {
  id: 'p1',
  ownerId: OWNER_ID,
  kind: 'entry',
  batchKey: null,
  createdAt: OLD - DAY,
  ticker: 'SPY',
  qty: 1,
  legs: [{ symbol: 'SPY260220P00575000', side: 'sell', intent: 'sell_to_open' }],
  limitPrice: -1.25,
  maxLoss: 375.5,
  summary: 'Sell 1 SPY condor',
  positionId: 'pos-1',
  details: {},
  consumedAt: null,
  approval: null,
  outcome: null,
};

/** Rows of every kind, one ended before its retention (`old-…`, digest 1) and one after (`young-…`, digest 2). */
async function seed(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('approval_links')
    .values([
      { digest: digest(1), purpose: 'approve_proposal', owner_id: OWNER_ID, proposal_id: 'p1', created_at: OLD - 600_000, expires_at: OLD, used_at: OLD - 1 },
      { digest: digest(2), purpose: 'broker_keys', owner_id: OWNER_ID, proposal_id: null, created_at: YOUNG - 600_000, expires_at: YOUNG, used_at: null },
      { digest: digest(3), purpose: 'elicitation', owner_id: OWNER_ID, proposal_id: null, created_at: OLD - 600_000, expires_at: OLD, used_at: null },
    ])
    .execute();
  await db
    .insertInto('browser_sessions')
    .values([
      { digest: digest(1), user_id: OWNER_ID, created_at: OLD - DAY, expires_at: OLD, revoked_at: null, user_agent: null },
      { digest: digest(2), user_id: OWNER_ID, created_at: OLD - DAY, expires_at: NOW + DAY, revoked_at: YOUNG, user_agent: null },
      { digest: digest(3), user_id: OWNER_ID, created_at: OLD - DAY, expires_at: NOW + DAY, revoked_at: OLD, user_agent: null },
    ])
    .execute();
  await db
    .insertInto('session_families')
    .values([
      { id: 'old-revoked', user_id: OWNER_ID, created_at: OLD - DAY, revoked_at: OLD },
      { id: 'old-expired', user_id: OWNER_ID, created_at: OLD - DAY, revoked_at: null },
      { id: 'young-live', user_id: OWNER_ID, created_at: OLD - DAY, revoked_at: null },
      { id: 'young-revoked', user_id: OWNER_ID, created_at: OLD - DAY, revoked_at: YOUNG },
    ])
    .execute();
  const token = (hash: string, family: string, expiresAt: number) => ({ hash, family_id: family, user_id: OWNER_ID, issued_at: OLD - DAY, expires_at: expiresAt, used_at: null });
  await db
    .insertInto('refresh_tokens')
    .values([token('t1', 'old-revoked', NOW + DAY), token('t2', 'old-expired', OLD), token('t3', 'young-live', OLD), token('t4', 'young-live', NOW + DAY), token('t5', 'young-revoked', NOW + DAY)])
    .execute();
  const code = (n: number, family: string, expiresAt: number) => ({
    digest: digest(n),
    client_id: 'c1',
    client_name: 'Client',
    user_id: OWNER_ID,
    redirect_uri: 'https://client.example/cb',
    code_challenge: 'x',
    scope: 'read',
    resource: 'https://condor.example/mcp',
    family_id: family,
    created_at: expiresAt - 60_000,
    expires_at: expiresAt,
    used_at: null,
  });
  await db
    .insertInto('authorization_codes')
    .values([code(1, 'young-live', NOW - 2 * DAY), code(2, 'young-live', NOW - DAY / 2), code(3, 'old-expired', NOW)])
    .execute();
  await db
    .insertInto('oauth_grants')
    .values(['old-revoked', 'young-live'].map((family) => ({ family_id: family, user_id: OWNER_ID, client_id: 'c1', client_name: 'Client', scope: 'read', resource: 'r', created_at: OLD - DAY })))
    .execute();
  await db
    .insertInto('rate_limit_windows')
    .values([
      { key: 'old', count: 3, reset_at: NOW - 1 },
      { key: 'young', count: 3, reset_at: NOW + 1 },
    ])
    .execute();
  await db
    .insertInto('call_batches')
    .values([
      { principal: 'old', batch_key: 'b', last_response_at: null, calls: '{}', updated_at: NOW - 2 * DAY },
      { principal: 'young', batch_key: 'b', last_response_at: null, calls: '{}', updated_at: NOW - DAY / 2 },
    ])
    .execute();
}

/** One purge run as the runtime does it: every kind, in batches of `limit`, until a batch comes back short. */
async function purgeAll(store: RetentionStore, limit: number): Promise<number> {
  const cutoffs = retentionCutoffs(NOW);
  let total = 0;
  for (const kind of RETENTION_KINDS) {
    for (;;) {
      const n = await store.purgeBefore(kind, cutoffs[kind], limit);
      total += n;
      if (n < limit) break;
    }
  }
  return total;
}

for (const dialect of testDialects()) {
  retentionStoreContract(`SqlRetentionStore on ${dialect.name}`, async (count) => (await dialect.migratedMany(count)).map((db) => new SqlRetentionStore(db)));

  describe(`SqlRetentionStore purge on ${dialect.name}`, () => {
    it('deletes the rows that ended before their retention and keeps the younger ones', async () => {
      const db = await migratedWithOwner(dialect);
      await seed(db);
      expect(await purgeAll(new SqlRetentionStore(db), 1)).toBeGreaterThan(0);
      const column = async (table: keyof Database, key: string): Promise<string[]> =>
        ((await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[]).map((row) => String(row[key])).sort();
      expect(await column('approval_links', 'digest')).toEqual([digest(2)]);
      expect(await column('browser_sessions', 'digest')).toEqual([digest(2)]);
      expect(await column('session_families', 'id')).toEqual(['young-live', 'young-revoked']);
      expect(await column('refresh_tokens', 'hash')).toEqual(['t3', 't4', 't5']);
      expect(await column('authorization_codes', 'digest')).toEqual([digest(2)]);
      expect(await column('oauth_grants', 'family_id')).toEqual(['young-live']);
      expect(await column('rate_limit_windows', 'key')).toEqual(['young']);
      expect(await column('call_batches', 'principal')).toEqual(['young']);
      expect(await purgeAll(new SqlRetentionStore(db), 100)).toBe(0);
    });

    it('never purges proposals, their approval evidence or positions (the audit trail)', async () => {
      const db = await migratedWithOwner(dialect);
      await seed(db);
      const proposals = new SqlProposalStore(db);
      await proposals.insert(proposal);
      const approval = { method: 'page', at: OLD - 1, userId: OWNER_ID, client: 'Firefox/128.0', address: '203.0.113.9' } as const;
      await proposals.consume(OWNER_ID, 'p1', OLD - 1, approval);
      await proposals.recordOutcome('p1', { status: 'submitted', orderId: 'o-1' });
      const before = await db.selectFrom('positions').selectAll().execute();
      await purgeAll(new SqlRetentionStore(db), 100);
      expect(await proposals.get(OWNER_ID, 'p1')).toMatchObject({ consumedAt: OLD - 1, approval, outcome: { status: 'submitted', orderId: 'o-1' } });
      expect(await db.selectFrom('positions').selectAll().execute()).toEqual(before);
      expect(new SqlPositionStore(db)).toBeDefined();
    });
  });
}
