import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Database } from './schema.js';
import { apiKeys } from './migration-0010.js';
import { oauthMigration } from './migration-0011.js';
import { outcomeStatusMigration } from './migration-0012.js';
import { tastytradeMigration } from './migration-0013.js';
import { retentionMigration } from './migration-0014.js';
import { workingOrdersMigration } from './migration-0015.js';
import { userSettingsMigration } from './migration-0017.js';
import { passkeysMigration } from './migration-0018.js';
import { paperPasskeyMigration } from './migration-0019.js';
import { oauthLastUseMigration } from './migration-0021.js';
import { paperReplaceMigration } from './migration-0016.js';
import { dialectOf } from './sql-dialect.js';

const accounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('session_families')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull().references('session_families.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('refresh_tokens_family_id_idx').on('refresh_tokens').column('family_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('session_families').execute();
    await db.schema.dropTable('users').execute();
  },
};

const onboardingBillingLimits: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [table, timeColumn] of [
      ['document_reads', 'read_at'],
      ['document_acceptances', 'accepted_at'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn(timeColumn, 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'document', 'version'])
        .execute();
    }
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('canceled_at', 'bigint')
      .addColumn('active_user_id', 'text')
      .execute();
    await db.schema
      .createIndex('subscriptions_active_user_id_key')
      .on('subscriptions')
      .column('active_user_id')
      .unique()
      .execute();
    await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();
    await db.schema
      .createTable('quota_usage')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('tool', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('quota_usage_pkey', ['user_id', 'tool', 'day'])
      .execute();
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rate_limit_windows').execute();
    await db.schema.dropTable('quota_usage').execute();
    await db.schema.dropTable('subscriptions').execute();
    await db.schema.dropTable('document_acceptances').execute();
    await db.schema.dropTable('document_reads').execute();
  },
};

const strategies: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('strategy_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('inputs', 'text', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'bigint', (c) => c.notNull())
      .addColumn('evaluated', 'integer', (c) => c.notNull())
      // The target of saved_strategies' (owner_id, run_id) reference: a strategy is saved from its owner's run.
      .addUniqueConstraint('strategy_runs_owner_id_id_key', ['owner_id', 'id'])
      .execute();
    await db.schema
      .createIndex('strategy_runs_owner_id_created_at_id_idx')
      .on('strategy_runs')
      .columns(['owner_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createTable('saved_strategies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('rules', 'text', (c) => c.notNull())
      .addColumn('metrics', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'bigint', (c) => c.notNull())
      .addColumn('active_ticker', 'text')
      .addUniqueConstraint('saved_strategies_owner_id_run_id_rank_key', ['owner_id', 'run_id', 'rank'])
      .addForeignKeyConstraint('saved_strategies_run_fkey', ['owner_id', 'run_id'], 'strategy_runs', ['owner_id', 'id'], (fk) =>
        fk.onDelete('restrict'),
      )
      .addCheckConstraint('saved_strategies_active_ticker_check', sql`active_ticker is null or active_ticker = ticker`)
      .execute();
    await db.schema
      .createIndex('saved_strategies_owner_id_active_ticker_key')
      .on('saved_strategies')
      .columns(['owner_id', 'active_ticker'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('saved_strategies').execute();
    await db.schema.dropTable('strategy_runs').execute();
  },
};

const trading: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('broker_links')
      .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('broker', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('api_key', 'text')
      .addColumn('api_secret', 'text')
      .addColumn('key_hint', 'text')
      .addColumn('connected_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('broker_links_broker_check', sql`broker in ('sim', 'alpaca')`)
      .addCheckConstraint('broker_links_environment_check', sql`environment in ('paper', 'live')`)
      .execute();
    await db.schema
      .createTable('proposals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('batch_key', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      // Doubles give back the very JavaScript number stored (-1.25, -0.30000000000000004) on both databases
      // (SQLite gives the type REAL affinity). Not `real`: that is a 4-byte float on PostgreSQL, which rounds
      // -0.30000000000000004 to -0.3. Not numeric: pg reads it back as a string.
      .addColumn('limit_price', 'double precision', (c) => c.notNull())
      .addColumn('max_loss', 'double precision', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('position_id', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('outcome', 'text')
      .addCheckConstraint('proposals_kind_check', sql`kind in ('entry', 'roll', 'exit')`)
      .addCheckConstraint('proposals_outcome_check', sql`outcome is null or consumed_at is not null`)
      .execute();
    await db.schema.createIndex('proposals_owner_id_id_idx').on('proposals').columns(['owner_id', 'id']).execute();
    await db.schema
      .createTable('positions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('expiry', 'text', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('entry_credit', 'double precision', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('order_ids', 'text', (c) => c.notNull())
      .addCheckConstraint('positions_status_check', sql`status in ('opening', 'open', 'closing', 'closed')`)
      .execute();
    await db.schema
      .createIndex('positions_owner_id_opened_at_id_idx')
      .on('positions')
      .columns(['owner_id', 'opened_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('positions').execute();
    await db.schema.dropTable('proposals').execute();
    await db.schema.dropTable('broker_links').execute();
  },
};

/** The MCP session table of 0005, as it was: created by 0005, and again by 0007's rollback. */
async function createMcpSessions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('bound_token', 'text')
    .addColumn('batch_key', 'text')
    .addColumn('last_response_at', 'bigint')
    // The calls in flight, a JSON object of call id to begin time: in the session's row, so that one
    // UPDATE of the row decides a call's batch and records the call, whichever instance runs it.
    .addColumn('calls', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_sessions_last_seen_at_idx').on('mcp_sessions').column('last_seen_at').execute();
}

const mcpSessions: Migration = {
  up: createMcpSessions,
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mcp_sessions').execute();
  },
};

const callBatches: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('call_batches')
      .addColumn('principal', 'text', (c) => c.primaryKey())
      .addColumn('batch_key', 'text', (c) => c.notNull())
      .addColumn('last_response_at', 'bigint')
      // The calls in flight, a JSON object of call id to begin time: in the principal's row, so that one
      // upsert of the row decides a call's batch and records the call, whichever instance runs it.
      .addColumn('calls', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('call_batches_updated_at_idx').on('call_batches').column('updated_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('call_batches').execute();
  },
};

/**
 * MCP over HTTP keeps no sessions since the move to the 2026 protocol (both eras are served statelessly);
 * the batch rule lives in `call_batches`. Rolling back recreates the table empty.
 */
const dropMcpSessions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mcp_sessions').execute();
  },
  down: createMcpSessions,
};

/**
 * The simulated paper broker's accounts (issue 15): cash, every order with its fill, held contracts, so a
 * restart or a second instance loses nothing. Every write of an account first moves its `version` on
 * (compare-and-set), which also locks the row until the write commits.
 */
const paperAccounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('paper_accounts')
      .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('cash', 'double precision', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('order_count', 'integer', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('paper_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('paper_accounts.owner_id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('client_order_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('filled_qty', 'integer', (c) => c.notNull())
      .addColumn('limit_price', 'double precision', (c) => c.notNull())
      .addColumn('filled_avg_price', 'double precision')
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      .addColumn('reservation', 'double precision', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('paper_orders_owner_id_seq_key', ['owner_id', 'seq'])
      .addUniqueConstraint('paper_orders_owner_id_client_order_id_key', ['owner_id', 'client_order_id'])
      .addCheckConstraint(
        'paper_orders_status_check',
        sql`status in ('accepted', 'filled', 'partially_filled', 'canceled', 'rejected', 'expired', 'pending_cancel')`,
      )
      .execute();
    await db.schema
      .createTable('paper_holdings')
      .addColumn('owner_id', 'text', (c) => c.notNull().references('paper_accounts.owner_id'))
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('avg_entry_price', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('paper_holdings_pkey', ['owner_id', 'symbol'])
      .addCheckConstraint('paper_holdings_qty_check', sql`qty <> 0`)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('paper_holdings').execute();
    await db.schema.dropTable('paper_orders').execute();
    await db.schema.dropTable('paper_accounts').execute();
  },
};

/** Hex SHA-256, lower case: what a token is stored as, so a raw token is refused rather than kept. */
const HEX_SHA256 = sql`length(digest) = 64 and ltrim(digest, '0123456789abcdef') = ''`;

/**
 * Human approval (design §12): the approval kept with a consumed proposal, single-use links and browser
 * sessions, both stored by the digest of their token only. Every proposal consumed before this migration
 * was consumed by the agent's confirm_proposal as its owner, so it gets that approval (client and address
 * unknown) rather than none, which would read as a person's rejection.
 */
const humanApproval: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('proposals')
      .addColumn('approval', 'text', (c) => c.check(sql`approval is null or consumed_at is not null`))
      .execute();
    const { rows } = await sql<{ id: string; owner_id: string; consumed_at: number | string }>`
      select id, owner_id, consumed_at from proposals where consumed_at is not null`.execute(db);
    for (const row of rows) {
      const at = Number(row.consumed_at);
      const approval = JSON.stringify({ method: 'confirm', at, userId: row.owner_id, client: null, address: null });
      await sql`update proposals set approval = ${approval} where id = ${row.id}`.execute(db);
    }
    await db.schema
      .createIndex('proposals_owner_id_position_id_idx')
      .on('proposals')
      .columns(['owner_id', 'position_id'])
      .execute();
    await db.schema
      .createTable('approval_links')
      .addColumn('digest', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('proposal_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addCheckConstraint('approval_links_purpose_check', sql`purpose in ('approve_proposal', 'broker_keys', 'elicitation')`)
      .addCheckConstraint('approval_links_digest_check', HEX_SHA256)
      .execute();
    await db.schema
      .createTable('browser_sessions')
      .addColumn('digest', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('user_agent', 'text')
      .addCheckConstraint('browser_sessions_digest_check', HEX_SHA256)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('browser_sessions').execute();
    await db.schema.dropTable('approval_links').execute();
    await db.schema.dropIndex('proposals_owner_id_position_id_idx').execute();
    await db.schema.alterTable('proposals').dropColumn('approval').execute();
  },
};

/** Every migration, by name; names sort in the order they apply. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_accounts': accounts,
  '0002_onboarding_billing_limits': onboardingBillingLimits,
  '0003_strategies': strategies,
  '0004_trading': trading,
  '0005_mcp_sessions': mcpSessions,
  '0006_call_batches': callBatches,
  '0007_drop_mcp_sessions': dropMcpSessions,
  '0008_paper_accounts': paperAccounts,
  '0009_human_approval': humanApproval,
  '0010_api_keys': apiKeys,
  '0011_oauth': oauthMigration,
  '0012_outcome_status': outcomeStatusMigration,
  '0013_tastytrade': tastytradeMigration,
  '0014_retention': retentionMigration,
  '0015_working_orders': workingOrdersMigration,
  '0016_paper_replace': paperReplaceMigration,
  '0017_user_settings': userSettingsMigration,
  '0018_passkeys': passkeysMigration,
  '0019_paper_passkey': paperPasskeyMigration,
  '0021_oauth_last_use': oauthLastUseMigration,
};

/**
 * The schema of the migration bookkeeping tables on PostgreSQL: the one the tables go to. Kysely
 * would otherwise take a `kysely_migration` table in any schema of the database as its own.
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? null;
  if (schema === null) throw new Error('Database migration cannot start: no schema on the search_path exists');
  return schema;
}

/** A Migrator over `migrations`, with its bookkeeping beside the tables it migrates. */
export async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const schema = await migrationTableSchema(db);
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
}

/** Applies every pending migration; throws naming the migration that failed. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  const reason = error instanceof Error ? error.message : JSON.stringify(error);
  throw new Error(`Database migration ${failed ?? '(before any migration ran)'} failed: ${reason}`, { cause: error });
}
