import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Broker } from '../ports/broker.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { BROKERS } from './broker-table.js';
import { loginEndsWords } from '../words/broker-login.js';
import { loginEndsAt } from './link-view.js';
import { loginAgain, openCredentials } from './sealed-keys.js';
import { unlinkingOnRefusal } from './unlinking-broker.js';

const notConnected = (message: string): AppError => appError('BROKER_NOT_CONNECTED', { message });

/** Gate 5: the caller's broker link exists and was verified by connect_broker. */
export function checkBrokerConnected(userId: string, services: Services): ResultAsync<void, AppError> {
  return ResultAsync.fromSafePromise(services.brokerLinks.get(userId)).andThen((link) =>
    link?.connectedAt == null ? errAsync(notConnectedLink(link, services)) : okAsync(undefined),
  );
}

/**
 * Why there is no account to trade, in the words of the link: a login at a broker that ended, or that the broker
 * refused (log in there again), or one whose account is not chosen yet; else no account linked.
 */
function notConnectedLink(link: BrokerLink | undefined, services: Services): AppError {
  const endsAt = link === undefined ? null : loginEndsAt(link);
  if (link === undefined || endsAt === null) return notConnected('No active broker account is linked.');
  const { short } = BROKERS[link.broker].words;
  if (endsAt <= services.clock.now()) return loginAgain(short, loginEndsWords(short, endsAt, services.clock.now()));
  if (link.accountKey == null) {
    return appError('BROKER_NOT_CONNECTED', {
      message: `Your ${short} login has no account chosen yet.`,
      suggestion: 'Ask the person to choose the account on the broker keys page, then call connect_broker.',
      seeTool: 'connect_broker',
    });
  }
  return loginAgain(short, `${short} stopped accepting condor’s access to your login.`);
}

/** The caller's connected broker account, its keys opened only for this call. */
export function userBroker(userId: string, services: Services): ResultAsync<{ broker: Broker; link: BrokerLink }, AppError> {
  return ResultAsync.fromSafePromise(services.brokerLinks.get(userId)).andThen((link) => {
    if (link?.connectedAt == null) return errAsync(notConnectedLink(link, services));
    const refusal = unusableHere(link, services);
    if (refusal !== null) return errAsync(refusal);
    return openCredentials(link, services).map((credentials) => ({
      link,
      broker: unlinkingOnRefusal(services.brokers.open({ ownerId: userId, broker: link.broker, environment: link.environment, credentials }), link, services),
    }));
  });
}

/** A link whose broker this deployment no longer offers (Schwab's app settings removed since): said in words, never a crash. */
function unusableHere(link: BrokerLink, services: Services): AppError | null {
  if (services.brokers.available.includes(link.broker)) return null;
  const { short } = BROKERS[link.broker].words;
  return appError('BROKER_NOT_CONNECTED', {
    message: `Your ${short} ${link.environment} link cannot be used here: this deployment no longer offers ${short}.`,
    suggestion: `Link an account this deployment offers (${services.brokers.available.join(', ')}), or ask the operator.`,
    seeTool: 'connect_broker',
  });
}
