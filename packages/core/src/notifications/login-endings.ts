import { DAY_MS } from '../calendar/days.js';
import { BROKERS, LOGIN_BROKERS, type BrokerLoginSpec } from '../brokers/broker-table.js';
import type { Services } from '../services.js';
import { loginEndingNews } from './news-of.js';

/** How long before a login at a broker ends its person is told. */
export const LOGIN_NOTICE_MS = DAY_MS;

/** The most links one look tells of (the rest are told at the next look: each once, by its key). */
const LINKS_PER_LOOK = 500;

/**
 * Stores the news of every login at a broker that ends within a day and was not told before (Schwab's logins last
 * 7 days). Run by the position monitor each round; the news' key makes each login told once, whichever instance
 * looks, and a login renewed since is another login. Gives how many were added.
 */
export async function tellEndingLogins(services: Services): Promise<number> {
  const now = services.clock.now();
  let added = 0;
  for (const broker of LOGIN_BROKERS) {
    const { login, words }: { login: BrokerLoginSpec | null; words: { short: string } } = BROKERS[broker];
    if (login?.lastsMs == null) continue;
    const lastsMs = login.lastsMs;
    const links = await services.brokerLinks.loginsBetween(now - lastsMs, now + LOGIN_NOTICE_MS - lastsMs, LINKS_PER_LOOK);
    for (const link of links) {
      if (link.broker !== broker || link.loggedInAt == null) continue;
      const news = loginEndingNews({ ownerId: link.ownerId, loggedInAt: link.loggedInAt }, words.short, link.loggedInAt + lastsMs, now, services.ids);
      if (await services.news.add(news)) added += 1;
    }
  }
  return added;
}
