import { DAY_MS } from '../calendar/days.js';
import { BROKERS, LOGIN_BROKERS, type BrokerLoginSpec } from './broker-table.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { loginEndingNews } from '../notifications/news-of.js';

/** How long before a login at a broker ends its person is told. */
export const LOGIN_NOTICE_MS = DAY_MS;

/** How many links are read at a time. */
const LINKS_PER_PAGE = 500;

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
    for await (const link of loginsEndingWithin(services, now - lastsMs, now + LOGIN_NOTICE_MS - lastsMs)) {
      if (link.broker !== broker || link.loggedInAt == null) continue;
      const news = loginEndingNews({ ownerId: link.ownerId, loggedInAt: link.loggedInAt }, words.short, link.loggedInAt + lastsMs, now, services.ids);
      if (await services.news.add(news)) added += 1;
    }
  }
  return added;
}

/** Every link logged in within [from, before), page after page: a page starts at the last login time seen, whose links are not given twice. */
async function* loginsEndingWithin(services: Services, from: number, before: number): AsyncGenerator<BrokerLink> {
  const seen = new Set<string>();
  let cursor = from;
  for (;;) {
    const page = await services.brokerLinks.loginsBetween(cursor, before, LINKS_PER_PAGE);
    const fresh = page.filter((link) => !seen.has(link.ownerId));
    for (const link of fresh) {
      seen.add(link.ownerId);
      yield link;
    }
    const last = page.at(-1)?.loggedInAt;
    if (page.length < LINKS_PER_PAGE || fresh.length === 0 || last == null) return;
    // Links that share the page's last login time may go on past it: the next page starts at that time, not after.
    cursor = last;
  }
}
