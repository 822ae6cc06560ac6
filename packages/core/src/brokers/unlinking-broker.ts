import { errAsync, ResultAsync } from 'neverthrow';
import type { Broker, BrokerError, OrderReplacement } from '../ports/broker.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { linkFailedNews } from '../notifications/news-of.js';
import { BROKERS } from './broker-table.js';

/**
 * The broker of a connected link, which marks the link unconnected as soon as the broker refuses its credentials (a
 * revoked grant, a regenerated secret): every later trading call then answers BROKER_NOT_CONNECTED at the gate,
 * before reaching the broker again, until the person enters the keys anew and connects. Keys entered meanwhile are
 * never undone (`disconnectIfUnchanged`). The person is told (design §18), once per refusal of a link.
 */
export function unlinkingOnRefusal(broker: Broker, link: BrokerLink, services: Services): Broker {
  const watched =
    <A extends unknown[], T>(call: (...args: A) => ResultAsync<T, BrokerError>) =>
    (...args: A): ResultAsync<T, BrokerError> =>
      call(...args).orElse((error) =>
        error.kind === 'auth_failed'
          ? ResultAsync.fromSafePromise(unlinked(link, error.message, services)).andThen(() => errAsync(error))
          : errAsync(error),
      );
  const dryRun = broker.dryRun?.bind(broker);
  return {
    verify: watched(() => broker.verify()),
    positions: watched(() => broker.positions()),
    orders: watched((which: 'open' | 'all') => broker.orders(which)),
    submit: watched((order: Parameters<Broker['submit']>[0]) => broker.submit(order)),
    orderByClientId: watched((clientOrderId: string) => broker.orderByClientId(clientOrderId)),
    cancel: watched((orderId: string) => broker.cancel(orderId)),
    replace: watched((replacement: OrderReplacement) => broker.replace(replacement)),
    ...(dryRun === undefined ? {} : { dryRun: watched((order: Parameters<Broker['submit']>[0]) => dryRun(order)) }),
  };
}

async function unlinked(link: BrokerLink, reason: string, services: Services): Promise<void> {
  const now = services.clock.now();
  if (!(await services.brokerLinks.disconnectIfUnchanged(link.ownerId, link.updatedAt, now))) return;
  const refusal = `${BROKERS[link.broker].words.name} refused condor’s keys for your ${link.environment} account (${reason.slice(0, 200)}).`;
  await services.news.add(linkFailedNews(link.ownerId, BROKERS[link.broker].words.name, link.updatedAt, refusal, now, services.ids));
}
