import { errAsync, type ResultAsync } from 'neverthrow';
import type { KeyedBrokerName } from '../brokers/broker-table.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { accountsToChoose, type AccountsToChoose } from './broker-account-choice.js';
import { keysFromForm, offeredBrokers } from './broker-keys-fields.js';
import { brokerKeysForm, setBrokerKeysByLink } from './broker-keys-page.js';
import type { BrowserCaller } from './browser-session.js';

/** The page after saving: which broker's keys, the key's hint only, and the accounts to choose among, if any. */
export interface BrokerKeysSaved {
  readonly broker: KeyedBrokerName;
  readonly title: string;
  readonly keyHint: string;
  readonly environment: BrokerEnvironment;
  readonly accounts: AccountsToChoose;
}

/**
 * Stores the keys of a posted broker-keys form: `broker` (default: the first the page offers) must be one the page
 * offers, and its row maps its own form fields (`client_secret`, `refresh_token`) onto set_broker_keys' `api_key`
 * and `api_secret`. Then, for a broker whose login holds several accounts, lists the ones it may trade with the
 * keys just stored. Nothing posted is ever given back.
 */
export function saveBrokerKeysForm(
  services: Services,
  caller: BrowserCaller,
  linkToken: string,
  form: Readonly<Record<string, unknown>>,
): ResultAsync<BrokerKeysSaved, AppError> {
  return brokerKeysForm(services, caller, linkToken).andThen(() => {
    const offered = offeredBrokers(services);
    const asked = form['broker'];
    const choice = asked === undefined || asked === null ? offered[0] : offered.find((c) => c.broker === asked);
    if (choice === undefined) {
      return errAsync(
        offered.length === 0
          ? appError('SERVICE_NOT_CONFIGURED', { message: 'This server links no broker that takes keys.' })
          : appError('VALIDATION_ERROR', { message: `Choose one of the brokers this server takes keys for: ${offered.map((c) => c.title).join(', ')}.` }),
      );
    }
    const keys = keysFromForm(choice.broker, form);
    return setBrokerKeysByLink(services, caller, linkToken, { ...keys, broker: choice.broker, environment: form['environment'] ?? 'paper' }).andThen((saved) =>
      accountsToChoose(services, caller).map((accounts) => ({ broker: choice.broker, title: choice.title, ...saved, accounts })),
    );
  });
}
