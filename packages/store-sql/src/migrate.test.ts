import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../test/schema-facts.js';
import { testDialects } from '../test/temp-database.js';
import { migrateToLatest } from './migrate.js';

const dialects = testDialects();

const TABLES = [
  'api_keys',
  'approval_links',
  'authorization_codes',
  'broker_links',
  'broker_tokens',
  'browser_sessions',
  'call_batches',
  'document_acceptances',
  'document_reads',
  'leases',
  'news',
  'news_preferences',
  'oauth_clients',
  'oauth_grants',
  'paper_accounts',
  'paper_holdings',
  'paper_orders',
  'passkey_challenges',
  'passkeys',
  'placement_intents',
  'positions',
  'proposals',
  'push_devices',
  'quota_usage',
  'rate_limit_windows',
  'refresh_tokens',
  'saved_strategies',
  'session_families',
  'strategy_runs',
  'subscriptions',
  'user_settings',
  'users',
  'working_orders',
];

for (const dialect of dialects) {
  describe(`migrateToLatest on ${dialect.name}`, () => {
    it('creates the schema and is idempotent', async () => {
      const db = await dialect.open();
      await migrateToLatest(db);
      await migrateToLatest(db);
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.tables()).toEqual(TABLES);
      expect((await facts.indexes('refresh_tokens')).map((i) => i.name)).toContain('refresh_tokens_family_id_idx');
    });

    it('keeps every time as a bigint and every fractional number as a double, never a 4-byte real', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const types = new Map<string, string>();
      for (const table of TABLES) {
        for (const [column, type] of Object.entries(await facts.columnTypes(table))) types.set(`${table}.${column}`, type);
      }
      expect([...types.values()].filter((t) => !['text', 'bigint', 'integer', 'double precision'].includes(t))).toEqual([]);
      for (const [column, type] of types) if (/_at$|_ms$/.test(column)) expect({ column, type }).toEqual({ column, type: 'bigint' });
      expect([...types].filter(([, type]) => type === 'double precision').map(([column]) => column).sort()).toEqual([
        'paper_accounts.cash',
        'paper_holdings.avg_entry_price',
        'paper_orders.filled_avg_price',
        'paper_orders.limit_price',
        'paper_orders.reservation',
        'placement_intents.limit_price',
        'positions.entry_credit',
        'proposals.limit_price',
        'proposals.max_loss',
      ]);
    });

    it('throws a clear error naming the migration that failed', async () => {
      const db = await dialect.open();
      await sql`create table users (id text primary key)`.execute(db);
      await expect(migrateToLatest(db)).rejects.toThrow(/Database migration 0001_accounts failed: .*users/);
    });
  });
}

for (const dialect of dialects.filter((d) => d.kind === 'postgres')) {
  describe(`migrateToLatest on ${dialect.name}, beside other schemas`, () => {
    it('migrates a schema of its own although another schema of the database is migrated already', async () => {
      const first = await dialect.migrated();
      const second = await dialect.open();
      await migrateToLatest(second);
      expect(await schemaFacts(dialect.kind, second).tables()).toEqual(TABLES);
      expect(await schemaFacts(dialect.kind, first).tables()).toEqual(TABLES);
    });
  });
}
