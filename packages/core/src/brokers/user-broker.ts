import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Broker } from '../ports/broker.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { openCredentials } from './sealed-keys.js';
import { unlinkingOnRefusal } from './unlinking-broker.js';

const notConnected = (message: string): AppError => appError('BROKER_NOT_CONNECTED', { message });

/** Gate 5: the caller's broker link exists and was verified by connect_broker. */
export function checkBrokerConnected(userId: string, services: Services): ResultAsync<void, AppError> {
  return ResultAsync.fromSafePromise(services.brokerLinks.get(userId)).andThen((link) =>
    link?.connectedAt == null ? errAsync(notConnected('No active broker account is linked.')) : okAsync(undefined),
  );
}

/** The caller's connected broker account, its keys opened only for this call. */
export function userBroker(userId: string, services: Services): ResultAsync<{ broker: Broker; link: BrokerLink }, AppError> {
  return ResultAsync.fromSafePromise(services.brokerLinks.get(userId)).andThen((link) => {
    if (link?.connectedAt == null) return errAsync(notConnected('No active broker account is linked.'));
    return openCredentials(link, services).map((credentials) => ({
      link,
      broker: unlinkingOnRefusal(services.brokers.open({ ownerId: userId, broker: link.broker, environment: link.environment, credentials }), link, services),
    }));
  });
}
