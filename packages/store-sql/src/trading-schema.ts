import type { EpochMsColumn, NullableEpochMsColumn } from './columns.js';
import type { BrokerEnvironment, BrokerName, LinkPurpose, PositionStatus, ProposalKind, ProposalOutcomeStatus } from '@condor/core';

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
  /** The broker's handle of the chosen account where it is not its number (Schwab's hash); null elsewhere. */
  account_key: string | null;
  /** When the person logged in at the broker, for a link made by logging in (Schwab); null for links made with keys. */
  logged_in_at: NullableEpochMsColumn;
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

/** The tables of trading: broker links and tokens, proposals and their approval links, positions, working orders. */
export interface TradingTables {
  broker_links: BrokerLinksTable;
  broker_tokens: BrokerTokensTable;
  proposals: ProposalsTable;
  approval_links: ApprovalLinksTable;
  positions: PositionsTable;
  working_orders: WorkingOrdersTable;
}
