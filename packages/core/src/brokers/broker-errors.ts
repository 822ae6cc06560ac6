import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerError } from '../ports/broker.js';

/** A broker failure as the caller sees it; `rejected` becomes `whenRejected` (each tool knows what was refused). */
export function brokerError(error: BrokerError, whenRejected: (message: string) => AppError): AppError {
  switch (error.kind) {
    case 'auth_failed':
      if (error.loginAt !== undefined) {
        return appError('BROKER_NOT_CONNECTED', {
          message: `The broker refused the login: ${error.message}`,
          suggestion: `Open the broker keys page (get_broker_keys_link) and log in at ${error.loginAt} again; your positions stay as they are.`,
          seeTool: 'get_broker_keys_link',
        });
      }
      return appError('BROKER_NOT_CONNECTED', {
        message: `The broker refused the credentials: ${error.message}`,
        suggestion:
          'Check that the key pair belongs to the environment you chose (paper keys only work with paper, live keys with live), then call set_broker_keys and connect_broker again.',
        seeTool: 'set_broker_keys',
      });
    case 'rate_limited':
      return appError('BROKER_RATE_LIMITED', {
        message: `The broker's rate limit was hit; retry in ${String(error.retryAfterSeconds)} seconds.`,
        retryAfterSeconds: error.retryAfterSeconds,
      });
    case 'rejected':
      return whenRejected(error.message);
    case 'unavailable':
      return appError('SERVICE_UNAVAILABLE', {
        message: 'The broker did not answer.',
        suggestion: 'Retry in a minute.',
        retryAfterSeconds: 30,
      });
  }
}
