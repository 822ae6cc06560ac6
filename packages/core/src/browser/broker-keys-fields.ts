import { BROKERS, KEYED_BROKERS, type KeyedBrokerName, type StoredKeys } from '../brokers/broker-table.js';
import { liveTradingRefusal } from '../brokers/live-trading.js';
import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';

/** One field of a broker's keys form: the name it is posted under (the broker's own word) and its label. */
export interface KeyFieldView {
  readonly name: string;
  readonly label: string;
}

/** One environment the form offers, in the broker's words. */
export interface EnvironmentChoice {
  readonly value: BrokerEnvironment;
  readonly words: string;
}

/** A broker the broker-keys page offers: its name, its two fields in its row's words, and its environments. */
export interface BrokerKeysChoice {
  readonly broker: KeyedBrokerName;
  readonly title: string;
  /** The row's `api_key` field, then its `api_secret` field. */
  readonly fields: readonly KeyFieldView[];
  /** Paper first; live only where the deployment allows live trading and the broker has it. */
  readonly environments: readonly EnvironmentChoice[];
  /** The broker has a live environment this deployment refuses: the page says live keys are not accepted. */
  readonly liveRefused: boolean;
}

/**
 * What each environment is at each broker, as the form says it. They are page words, kept beside the form rather
 * than in `BROKERS` while that table is being reworked; a keyed broker without a row here is a type error.
 */
const ENVIRONMENT_WORDS = {
  alpaca: { paper: 'Paper (no real money)', live: 'Live (real money)' },
  tastytrade: { paper: 'Paper = tastytrade’s sandbox (no real money)', live: 'Live = tastytrade production (real money)' },
} as const satisfies Record<KeyedBrokerName, Record<BrokerEnvironment, string>>;

const FIELD_ORDER: readonly (keyof StoredKeys)[] = ['api_key', 'api_secret'];

/** The brokers whose keys this deployment's page takes: those it has (`services.brokers.available`) that take keys, in the table's order. */
export function offeredBrokers(services: Services): readonly BrokerKeysChoice[] {
  return KEYED_BROKERS.filter((name) => services.brokers.available.includes(name)).map((broker) => {
    const { words, keys, capabilities } = BROKERS[broker];
    return {
      broker,
      title: words.name,
      fields: FIELD_ORDER.map((field) => ({ name: keys.formNames[field], label: keys.fields[field] })),
      environments: capabilities.environments
        .filter((environment) => liveTradingRefusal(environment, services) === null)
        .map((value) => ({ value, words: ENVIRONMENT_WORDS[broker][value] })),
      liveRefused: capabilities.environments.some((environment) => liveTradingRefusal(environment, services) !== null),
    };
  });
}

/**
 * The offered broker named by `asked` (a query or form value), else the first offered; null where the deployment
 * offers none.
 */
export function chosenBroker(offered: readonly BrokerKeysChoice[], asked: unknown): BrokerKeysChoice | null {
  return offered.find((choice) => choice.broker === asked) ?? offered[0] ?? null;
}

/**
 * A posted keys form as `set_broker_keys` takes it: each of the broker's form fields (`client_secret`,
 * `refresh_token` for tastytrade) under the parameter its row maps it to.
 *
 * @example keysFromForm('tastytrade', { client_secret: 'cs', refresh_token: 'rt' }) // { api_key: 'cs', api_secret: 'rt' }
 */
export function keysFromForm(broker: KeyedBrokerName, form: Readonly<Record<string, unknown>>): { api_key: unknown; api_secret: unknown } {
  const { formNames } = BROKERS[broker].keys;
  return { api_key: form[formNames.api_key], api_secret: form[formNames.api_secret] };
}
