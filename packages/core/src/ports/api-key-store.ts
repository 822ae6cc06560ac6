import type { Scope } from '../scopes/scopes.js';

/**
 * A user's API key (design §13): a long-lived credential for agents, scripts and the stdio server. Only the
 * digest of the key is stored; the key itself is shown once, when it is created.
 */
export interface ApiKey {
  readonly id: string;
  readonly ownerId: string;
  /** The name its owner gave it ("laptop agent"). */
  readonly name: string;
  /** Hex SHA-256 of the whole key text. */
  readonly digest: string;
  /** The key's last four characters, so a person can tell keys apart. */
  readonly hint: string;
  /** In SCOPES order, none repeated. */
  readonly scopes: readonly Scope[];
  /** The key that created this one (revoking that revokes this too); null when a person or a password session did. */
  readonly createdBy: string | null;
  readonly createdAt: number;
  /** After this instant the key no longer works; null: until revoked. */
  readonly expiresAt: number | null;
  /** The last request that used it, recorded at most once a minute; null: never used. */
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
}

/** API keys, found by digest (authentication) or by owner. */
export interface ApiKeyStore {
  /** Stores a new key; a second key with the same id or digest is refused. */
  insert(key: ApiKey): Promise<void>;
  /** The key with exactly this digest, whoever owns it, revoked or not. */
  findByDigest(digest: string): Promise<ApiKey | undefined>;
  /** The owner's key with this id, or undefined (another owner's key included). */
  get(ownerId: string, id: string): Promise<ApiKey | undefined>;
  /** The owner's keys, revoked ones included, newest first. */
  list(ownerId: string): Promise<ApiKey[]>;
  /** Revokes the owner's key at `at`; a key already revoked keeps its first time. */
  revoke(ownerId: string, id: string, at: number): Promise<void>;
  /**
   * Records a use at `at`, unless the last recorded use is at or after `unlessSince`: of concurrent requests on
   * every instance, at most one writes per interval, and the time never goes back.
   */
  recordUse(id: string, at: number, unlessSince: number): Promise<void>;
}
