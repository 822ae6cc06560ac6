import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import { legalText } from '../legal/documents.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import type { BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import type { Caller } from '../operations/operation.js';
import type { Services } from '../services.js';
import { accountToTrade } from './account-choice.js';
import { brokerError } from './broker-errors.js';
import { linkView } from './link-view.js';
import { liveTradingRefusal } from './live-trading.js';
import { BROKER_NAMES, BROKERS, DEFAULT_BROKER, type BrokerSpec } from './broker-table.js';
import { BrokerLinkView, ENVIRONMENTS } from './schemas.js';
import { loginAgain, openCredentials } from './sealed-keys.js';

type Input = { authorization_confirmed: boolean; broker?: BrokerName | undefined; environment?: 'paper' | 'live' | undefined; account_number?: string | undefined };

export const connectBroker = defineOperation({
  name: 'connect_broker',
  title: 'Connect the broker',
  description:
    'Links your brokerage account after you read the broker-authorization document (get_legal_document) and confirm it ' +
    `(authorization_confirmed=true); verifies the credentials with the broker. broker ${BROKER_NAMES.map((name) => `"${name}" ${BROKERS[name].words.connect}`).join('; ')}.`,
  input: v.strictObject({
    authorization_confirmed: v.pipe(v.boolean(), v.description('True once the user has read and accepted the broker-authorization document.')),
    broker: v.optional(v.pipe(v.picklist(BROKER_NAMES), v.description('Default: the broker of your stored keys, else sim.'))),
    environment: v.optional(v.pipe(v.picklist(ENVIRONMENTS), v.description('Default: the environment of your stored keys, else paper.'))),
    account_number: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^[A-Za-z0-9-]{1,32}$/, 'account_number is the broker’s account number, e.g. 5WT00001.'),
        v.description('Where one login holds several accounts (tastytrade): the one to trade. Default: the one chosen before, or the only tradeable one.'),
      ),
    ),
  }),
  output: v.object({
    link: BrokerLinkView,
    account: v.object({ account_id: v.string(), buying_power: v.number(), spreads_allowed: v.boolean() }),
  }),
  access: 'trading',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/broker/connection' },
  annotations: { ...WRITE, idempotentHint: true, openWorldHint: true },
  errors: ['AUTHORIZATION_NOT_CONFIRMED', 'BROKER_NOT_CONNECTED', 'VALIDATION_ERROR', 'SERVICE_NOT_CONFIGURED', 'BROKER_RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'ONBOARDING_REQUIRED'],
  handler: (input, { services, caller }) =>
    authorized(input, caller, services)
      .andThen(() => ResultAsync.fromSafePromise(services.brokerLinks.get(caller.userId)))
      .andThen((stored) => linkToVerify(input, stored, caller, services))
      .andThen((link) => accountToTrade(services, link, input.account_number ?? null))
      .andThen((link) =>
        openCredentials(link, services).andThen((credentials) =>
          services.brokers
            .open({ ownerId: caller.userId, broker: link.broker, environment: link.environment, credentials })
            .verify()
            .mapErr((error) => brokerError(error, (message) => appError('BROKER_NOT_CONNECTED', { message: `The broker refused the account: ${message}` })))
            .andThen((account) => {
              const connected: BrokerLink = { ...link, connectedAt: services.clock.now(), updatedAt: services.clock.now() };
              return ResultAsync.fromSafePromise(services.brokerLinks.put(connected)).map(() => ({
                link: linkView(connected),
                account: { account_id: account.accountId, buying_power: account.buyingPower, spreads_allowed: account.spreadsAllowed },
              }));
            }),
        ),
      ),
});

/** The broker-authorization document's current version was read, and the user confirmed it. */
function authorized(input: Input, caller: Caller, services: Services): ResultAsync<void, AppError> {
  const { version } = legalText('broker-authorization');
  return ResultAsync.fromSafePromise(services.onboarding.hasRead(caller.userId, 'broker-authorization', version)).andThen((read) =>
    read && input.authorization_confirmed
      ? okAsync(undefined)
      : errAsync(
          appError('AUTHORIZATION_NOT_CONFIRMED', {
            message: read
              ? 'authorization_confirmed must be true: the user has to confirm the broker authorization.'
              : `The broker-authorization document (version ${version}) has not been read yet.`,
            received: { authorization_confirmed: input.authorization_confirmed },
            seeTool: 'get_legal_document',
          }),
        ),
  );
}

/** The link connect_broker verifies: the stored keys' broker, or a broker that takes no keys (by default the simulated one). */
function linkToVerify(input: Input, stored: BrokerLink | undefined, caller: Caller, services: Services): ResultAsync<BrokerLink, AppError> {
  const broker = input.broker ?? stored?.broker ?? DEFAULT_BROKER;
  const [only] = BROKERS[broker].capabilities.environments.length === 1 ? BROKERS[broker].capabilities.environments : [];
  const environment = input.environment ?? (stored !== undefined && stored.broker === broker ? stored.environment : (only ?? 'paper'));
  if (!services.brokers.available.includes(broker)) {
    const why = BROKERS[broker].login === null ? '' : ` ${BROKERS[broker].words.short} is offered only where the deployment has registered its app and enabled live trading.`;
    return errAsync(
      appError('SERVICE_NOT_CONFIGURED', {
        message: `The ${broker} broker is not available on this deployment.${why} Available: ${services.brokers.available.join(', ')}.`,
        suggestion: `Connect one of: ${services.brokers.available.join(', ')}.`,
        received: { broker },
      }),
    );
  }
  const refusal = liveTradingRefusal(environment, services);
  if (refusal !== null) return errAsync(refusal);
  const spec: BrokerSpec = BROKERS[broker];
  if (!spec.capabilities.environments.includes(environment)) {
    return errAsync(appError('SERVICE_NOT_CONFIGURED', { message: `The ${spec.words.short} broker has no ${environment} environment.`, received: { environment } }));
  }
  if (spec.login !== null) {
    const loggedIn = stored !== undefined && stored.broker === broker && stored.loggedInAt != null && stored.apiSecret !== null;
    return loggedIn ? okAsync(stored) : errAsync(loginAgain(spec.words.short, `You have not logged in at ${spec.words.short} yet.`));
  }
  if (spec.keys === null) {
    return okAsync({ ownerId: caller.userId, broker, environment, apiKey: null, apiSecret: null, keyHint: null, connectedAt: null, updatedAt: services.clock.now() });
  }
  if (stored === undefined || stored.broker !== broker || stored.environment !== environment || stored.apiKey === null) {
    return errAsync(
      appError('BROKER_NOT_CONNECTED', {
        message: `No ${broker} ${environment} keys are stored for you.`,
        suggestion: `Call set_broker_keys with your ${broker} ${environment} key pair, then connect_broker again.`,
        seeTool: 'set_broker_keys',
      }),
    );
  }
  return okAsync(stored);
}
