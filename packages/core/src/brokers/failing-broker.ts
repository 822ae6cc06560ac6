import { errAsync, type ResultAsync } from 'neverthrow';
import type { Broker, BrokerError } from '../ports/broker.js';

/**
 * A broker whose every call fails with the same error: what an adapter opens for an account it cannot serve
 * (another broker's, or one without keys).
 * @example
 * if (access.credentials === null) return failingBroker({ kind: 'auth_failed', message: 'no keys are stored for this account' });
 */
export function failingBroker(error: BrokerError): Broker {
  const failure = (): ResultAsync<never, BrokerError> => errAsync(error);
  return { verify: failure, positions: failure, orders: failure, submit: failure, orderByClientId: failure, cancel: failure, replace: failure };
}
