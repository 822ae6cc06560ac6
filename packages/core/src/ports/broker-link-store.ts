import type { Sealed } from './secret-box.js';

/** Which broker a user links; each has one row in `BROKERS` (`brokers/broker-table.ts`) with its words, keys and capabilities. */
export type BrokerName = 'sim' | 'alpaca';
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
}

/** One broker link per user. */
export interface BrokerLinkStore {
  get(ownerId: string): Promise<BrokerLink | undefined>;
  /** Creates or replaces the owner's link. */
  put(link: BrokerLink): Promise<void>;
  /** Removes the owner's link (keys included); false when there was none. */
  delete(ownerId: string): Promise<boolean>;
}
