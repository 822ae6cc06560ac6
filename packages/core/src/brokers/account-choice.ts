import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerAccountChoice } from '../ports/broker.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { brokerError } from './broker-errors.js';
import { BROKERS, type BrokerSpec } from './broker-table.js';
import { openCredentials } from './sealed-keys.js';

/** The accounts in words, for a message that names them. */
const choiceWords = (choices: readonly BrokerAccountChoice[]): string => choices.map((c) => `${c.accountNumber} (${c.description})`).join(', ');

/**
 * The accounts the link's login may trade, listed by the broker with the link's stored keys (whatever account was
 * chosen before is left out of the credentials, since the login is what lists them). BROKER_NOT_CONNECTED when the
 * broker refuses the login or it may trade none; SERVICE_NOT_CONFIGURED where the deployment cannot list them.
 */
export function tradeableAccounts(services: Services, link: BrokerLink): ResultAsync<readonly BrokerAccountChoice[], AppError> {
  const spec: BrokerSpec = BROKERS[link.broker];
  const listAccounts = services.brokers.listAccounts?.bind(services.brokers);
  if (listAccounts === undefined) {
    return errAsync(appError('SERVICE_NOT_CONFIGURED', { message: `The ${spec.words.short} broker cannot list accounts on this deployment.`, received: { broker: link.broker } }));
  }
  return openCredentials({ ...link, accountNumber: null, accountKey: null }, services).andThen((credentials) =>
    listAccounts({ ownerId: link.ownerId, broker: link.broker, environment: link.environment, credentials })
      .mapErr((error) => brokerError(error, (message) => appError('BROKER_NOT_CONNECTED', { message: `The broker refused the login: ${message}` })))
      .andThen((choices) => {
        const tradeable = choices.filter((c) => c.canTrade);
        if (tradeable.length > 0) return okAsync(tradeable);
        return errAsync(appError('BROKER_NOT_CONNECTED', { message: `This ${spec.words.short} login has no account it may trade${choices.length > 0 ? ` (${choiceWords(choices)})` : ''}.` }));
      }),
  );
}

/**
 * The link with the account to trade, for a broker whose login holds several (its row says `chooseAccount`; any
 * other link comes back as it is): the one `named`, else the one chosen before, else the only tradeable one.
 * Several and none named asks for `account_number`, naming them; a named one the login may not trade is refused.
 * connect_broker and the broker-keys page's account choice both go through it.
 */
export function accountToTrade(services: Services, link: BrokerLink, named: string | null): ResultAsync<BrokerLink, AppError> {
  const spec: BrokerSpec = BROKERS[link.broker];
  if (!spec.capabilities.chooseAccount) return okAsync(link);
  return tradeableAccounts(services, link).andThen((tradeable) => {
    const known = (number: string | null | undefined) => tradeable.find((c) => c.accountNumber === number);
    const chosen = named !== null ? known(named) : (known(link.accountNumber) ?? (tradeable.length === 1 ? tradeable[0] : undefined));
    if (chosen !== undefined) return okAsync({ ...link, accountNumber: chosen.accountNumber, ...(chosen.accountKey === undefined ? {} : { accountKey: chosen.accountKey }) });
    return errAsync(
      appError('VALIDATION_ERROR', {
        message:
          named === null
            ? `This ${spec.words.short} login holds ${String(tradeable.length)} accounts it may trade: ${choiceWords(tradeable)}. Name one as account_number.`
            : `account_number ${named} is not an account this ${spec.words.short} login may trade; it may trade ${choiceWords(tradeable)}.`,
        suggestion: 'Ask the person which account to trade, then call connect_broker again with account_number.',
        expected: `one of: ${tradeable.map((c) => c.accountNumber).join(', ')}`,
        received: { account_number: named },
      }),
    );
  });
}
