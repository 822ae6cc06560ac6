import type { Channel, News } from './news.js';
import { ALWAYS_MAILED, type NewsPreferences } from './preferences.js';

/** At most this many news told to one person in any window; security news is told however many came before. */
export const NEWS_RATE = { told: 12, windowMs: 10 * 60_000 } as const;

/** What the teller knows when it decides how to tell one piece of news. */
export interface DeliveryFacts {
  readonly now: number;
  readonly preferences: NewsPreferences;
  /** The person's devices with notifications on. */
  readonly devices: number;
  /** The account's address, and whether its owner proved it is theirs. */
  readonly address: { readonly email: string; readonly verified: boolean } | null;
  /** The person has newer news of the same topic. */
  readonly superseded: boolean;
  /** News told to the person within the last `NEWS_RATE.windowMs`. */
  readonly toldRecently: number;
  /** Which channels this deployment has (no VAPID key or no mail server: that channel is off). */
  readonly configured: Readonly<Record<Channel, boolean>>;
}

export type DeliveryPlan =
  | { readonly tell: true; readonly push: boolean; readonly mailTo: string | null }
  | { readonly tell: false; readonly detail: string };

/**
 * How one piece of news is told, or why not: not after it stopped mattering, not when newer news of its topic replaces
 * it, not beyond the person's rate (security news excepted), and on each channel the person chose that exists for
 * them. News mail goes only to an address its owner verified; mail that always goes (`ALWAYS_MAILED`) goes to the
 * account's address, verified or not: it may be the only way to warn the account's owner.
 */
export function planDelivery(news: News, facts: DeliveryFacts): DeliveryPlan {
  if (facts.now >= news.expiresAt) return { tell: false, detail: 'It no longer mattered when condor could tell it.' };
  if (facts.superseded) return { tell: false, detail: 'Newer news on the same subject replaced it.' };
  const alwaysMailed = ALWAYS_MAILED.includes(news.kind);
  if (news.kind !== 'security' && facts.toldRecently >= NEWS_RATE.told) {
    return { tell: false, detail: `Not sent: you had ${String(NEWS_RATE.told)} notifications in the last ${String(NEWS_RATE.windowMs / 60_000)} minutes.` };
  }
  const chosen = facts.preferences[news.kind];
  const push = facts.configured.push && chosen.push && facts.devices > 0;
  const mailable = facts.address !== null && facts.configured.mail && (alwaysMailed || (chosen.mail && facts.address.verified));
  const mailTo = mailable ? facts.address.email : null;
  if (!push && mailTo === null) return { tell: false, detail: nowhere(facts, chosen) };
  return { tell: true, push, mailTo };
}

function nowhere(facts: DeliveryFacts, chosen: Readonly<Record<Channel, boolean>>): string {
  if (!chosen.push && !chosen.mail) return 'You turned this kind of news off.';
  if (chosen.mail && facts.address !== null && !facts.address.verified && facts.configured.mail) return 'Not sent: verify your email address to get it by mail.';
  if (chosen.push && facts.devices === 0) return 'Not sent: no device has notifications turned on.';
  return 'Not sent: this condor has no way to reach you on the channels you chose.';
}
