import type { Sealed } from './secret-box.js';

/** Which broker a user links: the simulated paper broker or Alpaca. */
export type BrokerName = 'sim' | 'alpaca';
export type BrokerEnvironment = 'paper' | 'live';

/** A user's broker link: the sealed keys (none for the simulated broker) and whether it is connected. */
export interface BrokerLink {
  readonly ownerId: string;
  readonly broker: BrokerName;
  readonly environment: BrokerEnvironment;
  readonly apiKey: Sealed | null;
  readonly apiSecret: Sealed | null;
  /** The last four characters of the API key, for display; null without keys. */
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
