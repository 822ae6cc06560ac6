import type { EpochMsColumn, NullableEpochMsColumn } from './columns.js';

/** The `oauth_clients` table: dynamically registered clients; `redirect_uris` is a JSON array of strings. */
export interface OAuthClientsTable {
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  redirect_uris: string;
  created_at: EpochMsColumn;
}

/** The `authorization_codes` table: single-use codes by the hex SHA-256 of the code, never the code. */
export interface AuthorizationCodesTable {
  digest: string;
  client_id: string;
  client_name: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  resource: string;
  family_id: string;
  created_at: EpochMsColumn;
  expires_at: EpochMsColumn;
  used_at: NullableEpochMsColumn;
}

/** The `oauth_grants` table: one per session family a person started on the consent page. */
export interface OAuthGrantsTable {
  family_id: string;
  user_id: string;
  client_id: string;
  client_name: string;
  scope: string;
  resource: string;
  created_at: EpochMsColumn;
  /** Added by migration 0021. */
  last_used_at: NullableEpochMsColumn;
}

/** The OAuth tables of migration 0011, as Kysely sees them. */
export interface OAuthTables {
  oauth_clients: OAuthClientsTable;
  authorization_codes: AuthorizationCodesTable;
  oauth_grants: OAuthGrantsTable;
}
