import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { BROKERS, KEYED_BROKERS } from '../brokers/broker-table.js';
import { liveTradingRefusal } from '../brokers/live-trading.js';
import { secretsMissing } from '../brokers/sealed-keys.js';
import { setBrokerKeys, storeBrokerKeys } from '../brokers/set-broker-keys.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import type { BrowserCaller } from './browser-session.js';
import { chosenBroker, offeredBrokers, type BrokerKeysChoice } from './broker-keys-fields.js';
import { offeredLogins, type LoginChoice } from './broker-login-offer.js';
import { findLink } from './links.js';

const expiredLink = (): AppError =>
  appError('NOT_FOUND', { message: 'This broker-keys link has expired or was already used. Ask for a new one with get_broker_keys_link.', seeTool: 'get_broker_keys_link' });

/** What the broker-keys page shows before the form: until when the link works and whether live keys are accepted. */
export function brokerKeysForm(services: Services, caller: BrowserCaller, linkToken: string): ResultAsync<{ expiresAt: number; liveAllowed: boolean }, AppError> {
  return findLink(services, linkToken, 'broker_keys', caller.userId).andThen(({ link, expired }) =>
    expired || link.usedAt !== null ? errAsync(expiredLink()) : ResultAsync.fromSafePromise(Promise.resolve({ expiresAt: link.expiresAt, liveAllowed: services.config.liveTradingEnabled === true })),
  );
}

/** The broker-keys page: until when the link works, the brokers it takes keys for, and the one whose form it shows. */
export interface BrokerKeysPageView {
  readonly expiresAt: number;
  readonly liveAllowed: boolean;
  readonly brokers: readonly BrokerKeysChoice[];
  /** The broker asked for (`?broker=`) when offered, else the first offered; null where the deployment takes no keys. */
  readonly selected: BrokerKeysChoice | null;
  /** The brokers linked by logging in there (Schwab), where the deployment offers them. */
  readonly logins: readonly LoginChoice[];
}

/** The broker-keys page's view model, for the broker `asked` (a query value, checked here). */
export function brokerKeysPage(services: Services, caller: BrowserCaller, linkToken: string, asked: unknown): ResultAsync<BrokerKeysPageView, AppError> {
  return brokerKeysForm(services, caller, linkToken).map((form) => {
    const brokers = offeredBrokers(services);
    return { ...form, brokers, selected: chosenBroker(brokers, asked), logins: offeredLogins(services) };
  });
}

/**
 * Stores the key pair typed on the broker-keys page (sealed, as set_broker_keys does, under its parameter names;
 * `broker` defaults as there); the link is used up.
 */
export function setBrokerKeysByLink(
  services: Services,
  caller: BrowserCaller,
  linkToken: string,
  input: { api_key: unknown; api_secret: unknown; environment: unknown; broker?: unknown },
): ResultAsync<{ keyHint: string; environment: 'paper' | 'live' }, AppError> {
  return brokerKeysForm(services, caller, linkToken).andThen(() => {
    const broker = v.safeParse(setBrokerKeys.input.entries.broker, input.broker);
    if (!broker.success) {
      return errAsync(appError('VALIDATION_ERROR', { message: `Choose one of the brokers: ${KEYED_BROKERS.join(', ')}.` }));
    }
    const parsed = v.safeParse(setBrokerKeys.input, { api_key: input.api_key, api_secret: input.api_secret, broker: broker.output, environment: input.environment ?? 'paper' });
    if (!parsed.success) {
      const { fields } = BROKERS[broker.output].keys;
      return errAsync(appError('VALIDATION_ERROR', { message: `Enter the ${fields.api_key} and the ${fields.api_secret} (each 1–4,096 characters), and paper or live.` }));
    }
    const refusal = liveTradingRefusal(parsed.output.environment, services) ?? (services.secrets === null ? secretsMissing() : null);
    if (refusal !== null) return errAsync(refusal);
    // The link is used up first (one winner of concurrent submits), so two forms can never both store a pair.
    return ResultAsync.fromSafePromise(services.singleUseLinks.markUsed(services.digest.sha256(linkToken), services.clock.now())).andThen((won) =>
      won
        ? storeBrokerKeys(services, caller.userId, parsed.output).map((stored) => ({ keyHint: stored.link.key_hint ?? '', environment: parsed.output.environment }))
        : errAsync(expiredLink()),
    );
  });
}
