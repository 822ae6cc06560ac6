import type { ColumnType } from 'kysely';

/** Epoch milliseconds in a `bigint` column; PostgreSQL reads these back as strings. */
export type EpochMsColumn = ColumnType<number | string, number, number>;

/** A nullable epoch-milliseconds `bigint` column. */
export type NullableEpochMsColumn = ColumnType<number | string | null, number | null, number | null>;

/** The `users` table. */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  tier: string;
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

/** The whole schema, as Kysely sees it. */
export interface Database {
  users: UsersTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
}
