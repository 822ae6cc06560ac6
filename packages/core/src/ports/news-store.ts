import type { News, NewsOutcome, ToldNews } from '../notifications/news.js';
import type { StoredPreferences } from '../notifications/preferences.js';

/**
 * News waiting to be told and news told (design §18): an outbox whose rows are also the once-only record. A row is
 * added in one statement that does nothing when its key is there already, so whoever adds it — a proposal, the
 * position monitor on any instance, before or after a restart — adds it once; a teller leases rows as the walker leases walks.
 */
export interface NewsStore {
  /** Stores the news unless news with its key was stored before (for this or any owner); true when it was stored now. */
  add(news: News): Promise<boolean>;
  /**
   * Leases up to `limit` news not yet told whose lease is free at `now` (oldest first), to `holder` until
   * `now + leaseMs`, in one atomic step: no news is leased to two holders at once.
   */
  claimUntold(holder: string, now: number, leaseMs: number, limit: number): Promise<readonly News[]>;
  /** Whether the owner has news of the same topic stored after this one (it tells the newer one instead). */
  superseded(news: News): Promise<boolean>;
  /** How many of the owner's news were told (pushed or mailed) at or after `since`. */
  toldSince(ownerId: string, since: number): Promise<number>;
  /** Records how telling it ended, if `holder` still holds its lease; false, changing nothing, otherwise. */
  finish(id: string, holder: string, outcome: NewsOutcome, at: number): Promise<boolean>;
  /** The owner's latest news, newest first. */
  recent(ownerId: string, limit: number): Promise<readonly ToldNews[]>;
}

/** A browser's Web Push subscription (RFC 8030 §4), as `PushManager.subscribe` gave it: where to push, and the keys to encrypt for. */
export interface PushDevice {
  readonly id: string;
  readonly ownerId: string;
  /** The push service's URL for this subscription. */
  readonly endpoint: string;
  /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
  readonly p256dh: string;
  readonly auth: string;
  /** What the person sees in their device list (the browser and system it was added from). */
  readonly name: string;
  readonly addedAt: number;
  readonly lastPushAt: number | null;
}

/** The devices people turned notifications on for. Reads and removals by a person are scoped to them. */
export interface PushDeviceStore {
  /** Stores the device; a subscription already stored under its endpoint is replaced (keys, owner, name) and keeps its id. Returns what is stored. */
  add(device: PushDevice): Promise<PushDevice>;
  list(ownerId: string): Promise<readonly PushDevice[]>;
  /** Removes one of the owner's devices; false when they have none with this id. */
  remove(ownerId: string, id: string): Promise<boolean>;
  /** Removes the subscription whoever owns it (its push service answered 404 or 410: it is gone). */
  removeEndpoint(endpoint: string): Promise<void>;
  /** Notes a push the device's service accepted. */
  pushed(id: string, at: number): Promise<void>;
}

/** Which news each person wants on which channel. */
export interface NewsPreferenceStore {
  /** What the person chose; undefined before they chose anything. */
  get(ownerId: string): Promise<StoredPreferences | undefined>;
  set(ownerId: string, preferences: StoredPreferences, at: number): Promise<void>;
}
