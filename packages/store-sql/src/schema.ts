import type { BrokerEnvironment, BrokerName, PositionStatus, ProposalKind } from '@condor/core';

/** Epoch milliseconds in a `bigint` column, read back as a number on both databases (see postgres-types.ts). */
export type EpochMsColumn = number;

/** A nullable epoch-milliseconds `bigint` column. */
export type NullableEpochMsColumn = number | null;

/** The `users` table. */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: EpochMsColumn;
}

/** The `session_families` table. */
export interface SessionFamiliesTable {
  id: string;
  user_id: string;
  created_at: EpochMsColumn;
  revoked_at: NullableEpochMsColumn;
}

/** The `refresh_tokens` table: token digests only. */
export interface RefreshTokensTable {
  hash: string;
  family_id: string;
  user_id: string;
  issued_at: EpochMsColumn;
  expires_at: EpochMsColumn;
  used_at: NullableEpochMsColumn;
}

/** The `document_reads` table: the first read of each (user, document, version). */
export interface DocumentReadsTable {
  user_id: string;
  document: string;
  version: string;
  read_at: EpochMsColumn;
}

/** The `document_acceptances` table: one acceptance per (user, document, version). */
export interface DocumentAcceptancesTable {
  user_id: string;
  document: string;
  version: string;
  accepted_at: EpochMsColumn;
}

/** The `subscriptions` table; `active_user_id` (unique) is the user id while active, null once canceled. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan: string;
  provider: string;
  started_at: EpochMsColumn;
  canceled_at: NullableEpochMsColumn;
  active_user_id: string | null;
}

/** The `quota_usage` table: calls per user, tool and UTC day. */
export interface QuotaUsageTable {
  user_id: string;
  tool: string;
  day: string;
  used: number;
}

/** The `rate_limit_windows` table: one fixed window per key. */
export interface RateLimitWindowsTable {
  key: string;
  count: number;
  reset_at: EpochMsColumn;
}

/** A duration in milliseconds in a `bigint` column, read back as a number. */
export type MillisecondsColumn = number;

/** The `strategy_runs` table; `inputs` and `result` are JSON documents as text. */
export interface StrategyRunsTable {
  id: string;
  owner_id: string;
  created_at: EpochMsColumn;
  ticker: string;
  inputs: string;
  result: string;
  duration_ms: MillisecondsColumn;
  evaluated: number;
}

/**
 * The `saved_strategies` table; `rules` and `metrics` are JSON documents as text. `active_ticker` is the
 * ticker while the strategy is active, null otherwise; unique per owner, so one active per owner and ticker.
 */
export interface SavedStrategiesTable {
  id: string;
  owner_id: string;
  run_id: string;
  rank: number;
  ticker: string;
  rules: string;
  metrics: string;
  saved_at: EpochMsColumn;
  active_ticker: string | null;
}

/**
 * The `broker_links` table: one link per user. `api_key` and `api_secret` are each a sealed value
 * (`{ keyId, nonce, ciphertext }`) as JSON text, null without keys.
 */
export interface BrokerLinksTable {
  owner_id: string;
  broker: BrokerName;
  environment: BrokerEnvironment;
  api_key: string | null;
  api_secret: string | null;
  key_hint: string | null;
  connected_at: NullableEpochMsColumn;
  updated_at: EpochMsColumn;
}

/**
 * The `proposals` table; `legs` (an array), `details` and `outcome` are JSON as text. Prices are
 * `double precision`, which keeps every JavaScript number exactly.
 */
export interface ProposalsTable {
  id: string;
  owner_id: string;
  kind: ProposalKind;
  batch_key: string | null;
  created_at: EpochMsColumn;
  ticker: string;
  qty: number;
  legs: string;
  limit_price: number;
  max_loss: number;
  summary: string;
  position_id: string;
  details: string;
  consumed_at: NullableEpochMsColumn;
  outcome: string | null;
}

/** The `positions` table: managed iron condors; `legs` and `order_ids` are JSON arrays as text. */
export interface PositionsTable {
  id: string;
  owner_id: string;
  ticker: string;
  expiry: string;
  legs: string;
  qty: number;
  entry_credit: number;
  status: PositionStatus;
  opened_at: EpochMsColumn;
  closed_at: NullableEpochMsColumn;
  order_ids: string;
}

/**
 * The `call_batches` table: the tool-call batches of each principal (a key such as `user:<id>`), shared
 * by every instance. `calls` holds the calls in flight, a JSON object of call id to begin time as text;
 * `updated_at` is the latest time a call began, was kept alive or ended, for purging idle principals.
 */
export interface CallBatchesTable {
  principal: string;
  batch_key: string;
  last_response_at: NullableEpochMsColumn;
  calls: string;
  updated_at: EpochMsColumn;
}

/** The whole schema, as Kysely sees it. */
export interface Database {
  users: UsersTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  document_reads: DocumentReadsTable;
  document_acceptances: DocumentAcceptancesTable;
  subscriptions: SubscriptionsTable;
  quota_usage: QuotaUsageTable;
  rate_limit_windows: RateLimitWindowsTable;
  strategy_runs: StrategyRunsTable;
  saved_strategies: SavedStrategiesTable;
  broker_links: BrokerLinksTable;
  proposals: ProposalsTable;
  positions: PositionsTable;
  call_batches: CallBatchesTable;
}
