/** What condor tells a person about (design §18). */
export const NEWS_KINDS = ['proposal_waiting', 'position_alert', 'order_ended', 'link_failed', 'security'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** Where news reaches a person: their devices' Web Push subscriptions, and their account's mail address. */
export const CHANNELS = ['push', 'mail'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How soon a push service should hand the news to a device that sleeps (RFC 8030 §5.3). */
export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * One piece of news for one person, as core decided to tell it. It carries what happened and a path on condor to
 * open, never a secret and never anything that authorises: the page it opens acts only for the person's own signed-in
 * browser, with their passkey where money moves.
 */
export interface News {
  readonly id: string;
  readonly ownerId: string;
  readonly kind: NewsKind;
  /** Once only: news whose key was stored before is never stored, nor told, again (`alert:<position>:<rule>`). */
  readonly key: string;
  /** A newer news of the same owner and topic replaces an older one not yet told, and on the device. */
  readonly topic: string;
  readonly title: string;
  readonly body: string;
  /** The page to open, a path on condor beginning with '/' ('/desk/approvals/<id>'). */
  readonly path: string;
  readonly createdAt: number;
  /** When it stops being worth telling (epoch ms): a push's TTL counts down to it; none is sent after it. */
  readonly expiresAt: number;
  readonly urgency: Urgency;
}

/** How telling one piece of news ended, per channel: how many devices took it, and whether the mail went. */
export interface NewsOutcome {
  readonly status: 'told' | 'skipped' | 'failed';
  /** Devices whose push service accepted it. */
  readonly pushed: number;
  readonly mailed: boolean;
  /** Why it was skipped or failed (words for the desk), or null. */
  readonly detail: string | null;
}

/** News as the desk lists it: what was told, when, and how it ended. */
export interface ToldNews {
  readonly news: News;
  /** Null while it waits to be told. */
  readonly outcome: NewsOutcome | null;
  readonly toldAt: number | null;
}

/** A stored choice over the defaults (`notifications/preferences.ts`): kinds or channels the person never chose take the default. */
export type StoredPreferences = Partial<Record<NewsKind, Partial<Record<Channel, boolean>>>>;


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
