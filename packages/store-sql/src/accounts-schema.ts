import type { Generated } from 'kysely';
import type { EpochMsColumn, NullableEpochMsColumn } from './columns.js';

/** The `users` table. */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: EpochMsColumn;
  /** When the user proved the address theirs; null until then. */
  email_verified_at: Generated<NullableEpochMsColumn>;
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

/** The `user_settings` table: a person's default price band (null parts: the house default). */
export interface UserSettingsTable {
  user_id: string;
  pricing_mode: string | null;
  pricing_worst_cents: number | null;
  /** 1: approving the person's paper orders needs their passkey too (issue 29). */
  paper_passkey: Generated<number>;
  updated_at: EpochMsColumn;
}

/** The tables of people and how they sign in: accounts, sessions, API keys, passkeys, settings. */
export interface AccountTables {
  users: UsersTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  browser_sessions: BrowserSessionsTable;
  api_keys: ApiKeysTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  user_settings: UserSettingsTable;
}
