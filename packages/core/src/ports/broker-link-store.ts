import type { Sealed } from './secret-box.js';

/** Which broker a user links; each has one row in `BROKERS` (`brokers/broker-table.ts`) with its words, keys and capabilities. */
export type BrokerName = 'sim' | 'alpaca' | 'tastytrade' | 'schwab';
export type BrokerEnvironment = 'paper' | 'live';

/**
 * A user's broker link: the sealed keys as `set_broker_keys` took them (`api_key`, `api_secret`; none for a broker
 * that takes no keys, such as the simulated one; the broker's row says what each is) and whether it is connected.
 */
export interface BrokerLink {
  readonly ownerId: string;
  readonly broker: BrokerName;
  readonly environment: BrokerEnvironment;
  readonly apiKey: Sealed | null;
  readonly apiSecret: Sealed | null;
  /** The last four characters of `api_key`, for display; null without keys. */
  readonly keyHint: string | null;
  /** When `connect_broker` verified the link; null while only keys are set (or after disconnecting). */
  readonly connectedAt: number | null;
  readonly updatedAt: number;
  /**
   * The account chosen when connecting, where one login holds several (tastytrade); absent or null where a key pair
   * is one account, and until the person chooses.
   */
  readonly accountNumber?: string | null;
  /**
   * The broker's own handle of the chosen account where trading addresses it by another name than its number
   * (Schwab's account hash); not a secret. Absent or null elsewhere.
   */
  readonly accountKey?: string | null;
  /**
   * When the person logged in at the broker, for a broker linked by logging in (its row's `login`): the link ends
   * `login.lastsMs` later. Absent or null for links made with keys.
   */
  readonly loggedInAt?: number | null;
}

/** A short-lived access token an adapter minted for a link, sealed, kept so every instance uses it until it expires. */
export interface KeptToken {
  readonly sealed: Sealed;
  readonly expiresAt: number;
}

/** One broker link per user. */
export interface BrokerLinkStore {
  get(ownerId: string): Promise<BrokerLink | undefined>;
  /** Creates or replaces the owner's link. */
  put(link: BrokerLink): Promise<void>;
  /** Removes the owner's link (keys and kept tokens included); false when there was none. */
  delete(ownerId: string): Promise<boolean>;
  /**
   * Marks the owner's link unconnected at `at` — only while it is still the link last written at `updatedAt`, so keys
   * entered since are never undone; false when it changed or is gone.
   */
  disconnectIfUnchanged(ownerId: string, updatedAt: number, at: number): Promise<boolean>;
  /** The token kept under `linkKey` (the adapter's key for one link and key pair), if any. */
  keptToken(linkKey: string): Promise<KeptToken | undefined>;
  /**
   * Takes the lease to mint `linkKey`'s next token, until `until`, if no one holds a lease that is still running at
   * `now`: exactly one of any number of concurrent claims (on every instance) gets true.
   */
  claimTokenRefresh(ownerId: string, linkKey: string, now: number, until: number): Promise<boolean>;
  /** Keeps a token minted under the lease and ends the lease. */
  keepToken(ownerId: string, linkKey: string, token: KeptToken, now: number): Promise<void>;
  /** Links made by logging in with `loggedInFrom <= loggedInAt < loggedInBefore`, oldest login first, at most `limit`. */
  loginsBetween(loggedInFrom: number, loggedInBefore: number, limit: number): Promise<readonly BrokerLink[]>;
}
