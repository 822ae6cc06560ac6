import type { Services } from '../services.js';
import { NEWS_RATE, planDelivery } from './delivery-plan.js';
import type { News, NewsOutcome } from './news.js';
import { newsMail, newsUrl } from './news-mail.js';
import { preferencesOf } from './preferences.js';

export type NewsServices = Pick<Services, 'clock' | 'news' | 'pushDevices' | 'newsPreferences' | 'users' | 'push' | 'mail' | 'config'>;

/**
 * Tells one piece of news the teller leased (`holder`): decides how (`planDelivery`), pushes to each of the person's
 * devices (forgetting one whose service says it is gone), mails, and records how it ended. A push or mail that fails
 * leaves the news failed, not retried: the push sender has retried already, and a second mail risks a duplicate.
 */
export async function tellNews(news: News, holder: string, services: NewsServices): Promise<NewsOutcome> {
  const now = services.clock.now();
  const [stored, devices, user, superseded, toldRecently] = await Promise.all([
    services.newsPreferences.get(news.ownerId),
    services.pushDevices.list(news.ownerId),
    services.users.findById(news.ownerId),
    services.news.superseded(news),
    services.news.toldSince(news.ownerId, now - NEWS_RATE.windowMs),
  ]);
  const plan = planDelivery(news, {
    now,
    preferences: preferencesOf(stored),
    devices: devices.length,
    address: user === undefined ? null : { email: user.email, verified: (user.emailVerifiedAt ?? null) !== null },
    superseded,
    toldRecently,
    configured: { push: services.push !== null, mail: services.mail !== null },
  });
  let outcome: NewsOutcome;
  if (!plan.tell) {
    outcome = { status: 'skipped', pushed: 0, mailed: false, detail: plan.detail };
  } else {
    const pushed = plan.push ? await pushAll(news, devices, now, services) : 0;
    const mailed = plan.mailTo !== null && services.mail !== null && (await services.mail.send(newsMail(news, plan.mailTo, services.config.publicUrl))) === 'sent';
    const told = pushed > 0 || mailed;
    outcome = { status: told ? 'told' : 'failed', pushed, mailed, detail: told ? null : 'No device and no mail server took it.' };
  }
  await services.news.finish(news.id, holder, outcome, now);
  return outcome;
}

async function pushAll(news: News, devices: Awaited<ReturnType<NewsServices['pushDevices']['list']>>, now: number, services: NewsServices): Promise<number> {
  const push = services.push;
  if (push === null) return 0;
  const delivery = {
    title: news.title,
    body: news.body,
    url: newsUrl(news.path, services.config.publicUrl),
    topic: news.topic,
    ttlSeconds: Math.max(1, Math.ceil((news.expiresAt - now) / 1000)),
    urgency: news.urgency,
  };
  const answers = await Promise.all(devices.map((device) => push.send(device, delivery)));
  let delivered = 0;
  for (const [i, answer] of answers.entries()) {
    const device = devices[i];
    if (device === undefined) continue;
    if (answer === 'delivered') {
      delivered += 1;
      await services.pushDevices.pushed(device.id, now);
    } else if (answer === 'gone') {
      await services.pushDevices.removeEndpoint(device.endpoint);
    }
  }
  return delivered;
}
