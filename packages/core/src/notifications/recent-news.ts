import { ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { isoTime } from '../words/time.js';
import type { NewsOutcome, ToldNews } from './news.js';

/** How many of the latest notifications the desk lists. */
export const RECENT_NEWS = 10;

/** One notification as the desk lists it: what it said, when, how it went, and the page it opens. */
export interface NewsView {
  readonly id: string;
  readonly title: string;
  /** ISO 8601: when the news happened. */
  readonly at: string;
  /** ISO 8601: when condor finished telling it; null while it waits. */
  readonly toldAt: string | null;
  readonly status: NewsOutcome['status'] | 'waiting';
  /** How it went, in words: "Pushed to 2 devices and mailed.", or why it was skipped. */
  readonly how: string;
  /** The page it opens, a path on condor. */
  readonly path: string;
}

const plural = (n: number, one: string): string => `${String(n)} ${one}${n === 1 ? '' : 's'}`;

/** How telling one piece of news went, in words. */
export function howItWent(outcome: NewsOutcome | null): string {
  if (outcome === null) return 'Waiting to be sent.';
  if (outcome.status !== 'told') return outcome.detail ?? 'Not sent.';
  const ways = [...(outcome.pushed > 0 ? [`pushed to ${plural(outcome.pushed, 'device')}`] : []), ...(outcome.mailed ? ['mailed'] : [])];
  if (ways.length === 0) return 'Sent.';
  const words = ways.join(' and ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

export const newsView = ({ news, outcome, toldAt }: ToldNews): NewsView => ({
  id: news.id,
  title: news.title,
  at: isoTime(news.createdAt),
  toldAt: toldAt === null ? null : isoTime(toldAt),
  status: outcome?.status ?? 'waiting',
  how: howItWent(outcome),
  path: news.path,
});

/** The person's latest notifications, newest first: theirs only. */
export function recentNews(services: Pick<Services, 'news'>, userId: string, limit = RECENT_NEWS): ResultAsync<readonly NewsView[], AppError> {
  return ResultAsync.fromSafePromise(services.news.recent(userId, limit)).map((told) => told.map(newsView));
}
