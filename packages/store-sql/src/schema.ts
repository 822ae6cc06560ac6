import type { Generated } from 'kysely';
import type { EpochMsColumn, MillisecondsColumn, NullableEpochMsColumn } from './columns.js';
import type { OAuthTables } from './oauth-schema.js';
import type { BrokerEnvironment, BrokerName, LinkPurpose, OrderStatus, PositionStatus, ProposalKind, ProposalOutcomeStatus } from '@condor/core';

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
  /** The account chosen among the login's accounts (tastytrade); null where a key pair is one account. */
  account_number: string | null;
}

/**
 * The `broker_tokens` table: an access token an adapter minted for a link (`link_key`, the adapter's own key),
 * sealed, until `expires_at`; `lease_until` is the end of the lease of the one instance refreshing it.
 */
export interface BrokerTokensTable {
  link_key: string;
  owner_id: string;
  sealed_token: string | null;
  expires_at: NullableEpochMsColumn;
  lease_until: NullableEpochMsColumn;
  updated_at: EpochMsColumn;
}

/**
 * The `proposals` table; `legs` (an array), `details`, `outcome` and `approval` are JSON as text. Prices
 * are `double precision`, which keeps every JavaScript number exactly. `approval` is set with `consumed_at`.
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
  /** The outcome's `status`, kept beside its JSON for the queries that select on it. */
  outcome_status: ProposalOutcomeStatus | null;
  approval: string | null;
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

/**
 * The `paper_accounts` table: one simulated paper account per user. `version` moves on with every
 * commit (the compare-and-set every write of the account goes through); `order_count` numbers its orders.
 */
export interface PaperAccountsTable {
  owner_id: string;
  account_id: string;
  cash: number;
  version: number;
  order_count: number;
  opened_at: EpochMsColumn;
}

/**
 * The `paper_orders` table: every order of the simulated paper broker, `seq` numbering them per account
 * in placement order; `legs` is a JSON array as text. Ids are unique across all accounts. A replaced order's
 * `replacedBy` is not stored: it is read from the replacement's `replaces`.
 */
export interface PaperOrdersTable {
  id: string;
  owner_id: string;
  seq: number;
  client_order_id: string;
  status: OrderStatus;
  qty: number;
  filled_qty: number;
  limit_price: number;
  filled_avg_price: number | null;
  submitted_at: EpochMsColumn;
  legs: string;
  reservation: number;
  expires_at: EpochMsColumn;
  /** The id of the order this one replaced (0016); null for an order submitted afresh. */
  replaces: string | null;
}

/** The `paper_holdings` table: contracts a paper account holds, signed (short negative); no row at zero. */
export interface PaperHoldingsTable {
  owner_id: string;
  symbol: string;
  qty: number;
  avg_entry_price: number;
}

/** The `approval_links` table: single-use links by the hex SHA-256 of their token, never the token. */
export interface ApprovalLinksTable {
  digest: string;
  purpose: LinkPurpose;
  owner_id: string;
  proposal_id: string | null;
  created_at: EpochMsColumn;
  expires_at: EpochMsColumn;
  used_at: NullableEpochMsColumn;
}

/** The `browser_sessions` table: people's sessions in a browser, by the hex SHA-256 of the cookie's token. */
export interface BrowserSessionsTable {
  digest: string;
  user_id: string;
  created_at: EpochMsColumn;
  expires_at: EpochMsColumn;
  revoked_at: NullableEpochMsColumn;
  user_agent: string | null;
}

/** The `api_keys` table: keys by the hex SHA-256 of the key, never the key; scopes space-separated (`read trade`). */
export interface ApiKeysTable {
  id: string;
  owner_id: string;
  name: string;
  digest: string;
  hint: string;
  scopes: string;
  created_by: string | null;
  created_at: EpochMsColumn;
  expires_at: NullableEpochMsColumn;
  last_used_at: NullableEpochMsColumn;
  revoked_at: NullableEpochMsColumn;
}

/** The `leases` table: a periodic job that runs on one instance at a time, run by `holder` until `until`. */
export interface LeasesTable {
  name: string;
  holder: string;
  until: EpochMsColumn;
}

/** The whole schema, as Kysely sees it. */
/** The `working_orders` table: a walked order (its walk as JSON in `body`) and the walker's lease. */
export interface WorkingOrdersTable {
  proposal_id: string;
  owner_id: string;
  status: string;
  next_at: EpochMsColumn;
  started_at: EpochMsColumn;
  lease_holder: string | null;
  lease_until: EpochMsColumn;
  cancel_requested: number;
  body: string;
}

/** The `user_settings` table: a person's default price band (null parts: the house default). */
export interface UserSettingsTable {
  user_id: string;
  pricing_mode: string | null;
  pricing_worst_cents: number | null;
  /** 1: approving the person's paper orders needs their passkey too (issue 29). */
  paper_passkey: Generated<number>;
  updated_at: EpochMsColumn;
}

/** The `passkeys` table: people's WebAuthn credentials by credential id (base64url); transports space-separated. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: EpochMsColumn;
  last_used_at: NullableEpochMsColumn;
}

/** The `passkey_challenges` table: single-use challenges of ceremonies under way, each bound to a purpose. */
export interface PasskeyChallengesTable {
  challenge: string;
  user_id: string;
  purpose: string;
  expires_at: EpochMsColumn;
}

export interface Database extends OAuthTables {
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
  broker_tokens: BrokerTokensTable;
  proposals: ProposalsTable;
  positions: PositionsTable;
  call_batches: CallBatchesTable;
  paper_accounts: PaperAccountsTable;
  paper_orders: PaperOrdersTable;
  paper_holdings: PaperHoldingsTable;
  approval_links: ApprovalLinksTable;
  browser_sessions: BrowserSessionsTable;
  api_keys: ApiKeysTable;
  leases: LeasesTable;
  working_orders: WorkingOrdersTable;
  user_settings: UserSettingsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}
