import type { Migration } from 'kysely';
import { accountsMigration } from './0001-accounts.js';
import { onboardingBillingLimitsMigration } from './0002-onboarding-billing-limits.js';
import { strategiesMigration } from './0003-strategies.js';
import { tradingMigration } from './0004-trading.js';
import { mcpSessionsMigration } from './0005-mcp-sessions.js';
import { callBatchesMigration } from './0006-call-batches.js';
import { dropMcpSessionsMigration } from './0007-drop-mcp-sessions.js';
import { paperAccountsMigration } from './0008-paper-accounts.js';
import { humanApprovalMigration } from './0009-human-approval.js';
import { apiKeysMigration } from './0010-api-keys.js';
import { oauthMigration } from './0011-oauth.js';
import { outcomeStatusMigration } from './0012-outcome-status.js';
import { tastytradeMigration } from './0013-tastytrade.js';
import { retentionMigration } from './0014-retention.js';
import { workingOrdersMigration } from './0015-working-orders.js';
import { paperReplaceMigration } from './0016-paper-replace.js';
import { userSettingsMigration } from './0017-user-settings.js';
import { passkeysMigration } from './0018-passkeys.js';
import { paperPasskeyMigration } from './0019-paper-passkey.js';
import { oauthLastUseMigration } from './0021-oauth-last-use.js';
import { newsMigration } from './0022-news.js';
import { pushDevicesMigration } from './0023-push-devices.js';
import { newsPreferencesMigration } from './0024-news-preferences.js';
import { emailVerificationMigration } from './0025-email-verification.js';
import { livePositionsMigration } from './0026-live-positions.js';
import { placementIntentsMigration } from './0027-placement-intents.js';
import { brokerLoginsMigration } from './0028-broker-logins.js';

/**
 * Every migration, by name; names sort in the order they apply. A name, once applied anywhere, never
 * changes: Kysely keeps it in its bookkeeping table. 0020 was set aside for other work and never written.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_accounts': accountsMigration,
  '0002_onboarding_billing_limits': onboardingBillingLimitsMigration,
  '0003_strategies': strategiesMigration,
  '0004_trading': tradingMigration,
  '0005_mcp_sessions': mcpSessionsMigration,
  '0006_call_batches': callBatchesMigration,
  '0007_drop_mcp_sessions': dropMcpSessionsMigration,
  '0008_paper_accounts': paperAccountsMigration,
  '0009_human_approval': humanApprovalMigration,
  '0010_api_keys': apiKeysMigration,
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
  '0022_news': newsMigration,
  '0023_push_devices': pushDevicesMigration,
  '0024_news_preferences': newsPreferencesMigration,
  '0025_email_verification': emailVerificationMigration,
  '0026_live_positions': livePositionsMigration,
  '0027_placement_intents': placementIntentsMigration,
  '0028_broker_logins': brokerLoginsMigration,
};
