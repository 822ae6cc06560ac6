import { errAsync, type ResultAsync } from 'neverthrow';
import type { Broker, BrokerError } from '../ports/broker.js';

/**
 * A broker whose every call fails with the same error: what an adapter opens for an account it cannot serve
 * (another broker's, or one without keys).
 * @example
 * if (access.broker !== 'alpaca') return failingBroker({ kind: 'unavailable', message: `AlpacaBrokers only opens Alpaca accounts, not ${access.broker}` });
 */
export function failingBroker(error: BrokerError): Broker {
  const failure = (): ResultAsync<never, BrokerError> => errAsync(error);
  return { verify: failure, positions: failure, orders: failure, submit: failure, orderByClientId: failure, cancel: failure };
}
