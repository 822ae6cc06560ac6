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
