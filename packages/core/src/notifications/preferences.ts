import type { StoredPreferences } from '../ports/news-store.js';
import { NEWS_KINDS, type Channel, type NewsKind } from './news.js';

/** Which channels a person wants each kind of news on. */
export type NewsPreferences = Readonly<Record<NewsKind, Readonly<Record<Channel, boolean>>>>;

/**
 * What a person gets before choosing: everything on their devices (a device is there only because they turned it on);
 * by mail the news that keeps — alerts on positions, a broker link that stopped, security — but not a proposal that
 * lives a minute nor every fill.
 */
export const DEFAULT_NEWS_PREFERENCES: NewsPreferences = {
  proposal_waiting: { push: true, mail: false },
  position_alert: { push: true, mail: true },
  order_ended: { push: true, mail: false },
  link_failed: { push: true, mail: true },
  security: { push: true, mail: true },
};

/** Mailed whatever the preferences say: security news (a passkey added, the password changed …) and a broker refusing the person's link. */
export const ALWAYS_MAILED: readonly NewsKind[] = ['security', 'link_failed'];

export type { StoredPreferences } from '../ports/news-store.js';

export function preferencesOf(stored: StoredPreferences | undefined): NewsPreferences {
  const chosen = (kind: NewsKind): Readonly<Record<Channel, boolean>> => {
    const mine = stored?.[kind];
    const base = DEFAULT_NEWS_PREFERENCES[kind];
    return { push: mine?.push ?? base.push, mail: ALWAYS_MAILED.includes(kind) ? true : (mine?.mail ?? base.mail) };
  };
  return Object.fromEntries(NEWS_KINDS.map((kind) => [kind, chosen(kind)])) as NewsPreferences;
}

/** The words the settings page shows for each kind. */
export const NEWS_KIND_WORDS = {
  proposal_waiting: 'A proposal waits for your approval',
  position_alert: 'An alert on an open position (take profit, 21 days left, a short strike tested, stop, expiry, legs changed)',
  order_ended: 'A working order filled, partly filled or ended unfilled',
  link_failed: 'A broker refused your link, or your login at a broker ends within a day (always mailed too)',
  security: 'Security: a passkey added or removed, a key or app given the trade scope, your password changed',
} as const satisfies Record<NewsKind, string>;
