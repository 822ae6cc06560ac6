import type { EpochMsColumn, NullableEpochMsColumn } from './columns.js';

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

/** The tables of onboarding and billing: documents read and accepted, subscriptions, daily quota use. */
export interface OnboardingBillingTables {
  document_reads: DocumentReadsTable;
  document_acceptances: DocumentAcceptancesTable;
  subscriptions: SubscriptionsTable;
  quota_usage: QuotaUsageTable;
}
