import { ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import { CHANNELS, NEWS_KINDS, type Channel, type NewsKind } from './news.js';
import { ALWAYS_MAILED, preferencesOf, type NewsPreferences, type StoredPreferences } from './preferences.js';

/** The form field of one kind on one channel (`news.position_alert.mail`): a checkbox, sent only when ticked. */
export const preferenceField = (kind: NewsKind, channel: Channel): string => `news.${kind}.${channel}`;

/** Whether a kind's channel is the person's to turn off: security mail is not. */
export const isFixedChoice = (kind: NewsKind, channel: Channel): boolean => channel === 'mail' && ALWAYS_MAILED.includes(kind);

/** What the person gets on which channel: their choices over the defaults. */
export function personPreferences(services: Pick<Services, 'newsPreferences'>, userId: string): ResultAsync<NewsPreferences, never> {
  return ResultAsync.fromSafePromise(services.newsPreferences.get(userId)).map(preferencesOf);
}

/**
 * Stores the person's choice from the settings form: every kind on every channel, on where its field is among `ticked`
 * (an unticked checkbox is not sent), security mail on whatever was sent. Fields it does not know are ignored.
 */
export function setPersonPreferences(services: Pick<Services, 'newsPreferences' | 'clock'>, userId: string, ticked: ReadonlySet<string>): ResultAsync<NewsPreferences, never> {
  const chosen = Object.fromEntries(
    NEWS_KINDS.map((kind) => [kind, Object.fromEntries(CHANNELS.map((channel) => [channel, isFixedChoice(kind, channel) || ticked.has(preferenceField(kind, channel))]))]),
  ) as StoredPreferences;
  return ResultAsync.fromSafePromise(services.newsPreferences.set(userId, chosen, services.clock.now())).map(() => preferencesOf(chosen));
}
