import type { Broker, BrokerAccess, BrokerEnvironment, BrokerName, Brokers } from '@condor/core';
import { failingBroker } from '@condor/core';
import { AlpacaBroker } from './alpaca-broker.js';
import { ALPACA_TRADING_URLS, AlpacaHttp } from './alpaca-http.js';

export interface AlpacaBrokersOptions {
  /** Trading API host per environment (tests point both at a local fake). */
  readonly baseUrls?: Partial<Record<BrokerEnvironment, string>>;
  /** Per request attempt, milliseconds (default 10 s). */
  readonly timeoutMs?: number;
  /** Epoch milliseconds (default the system clock). */
  readonly now?: () => number;
  /** Waits between GET retries (default a timer). */
  readonly sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Opens users' own Alpaca accounts with the key pair they linked, on the environment (paper or live) they chose.
 * @example
 * const brokers = new AlpacaBrokers();
 * const broker = brokers.open({ ownerId: 'u1', broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey, apiSecret } });
 */
export class AlpacaBrokers implements Brokers {
  readonly available: readonly BrokerName[] = ['alpaca'];

  constructor(private readonly options: AlpacaBrokersOptions = {}) {}

  open(access: BrokerAccess): Broker {
    if (access.broker !== 'alpaca') return failingBroker({ kind: 'unavailable', message: `AlpacaBrokers only opens Alpaca accounts, not ${access.broker}` });
    if (access.credentials?.kind !== 'alpaca') return failingBroker({ kind: 'auth_failed', message: 'No Alpaca API keys are linked to this account.' });
    return new AlpacaBroker(
      new AlpacaHttp({
        baseUrl: this.options.baseUrls?.[access.environment] ?? ALPACA_TRADING_URLS[access.environment],
        environment: access.environment,
        credentials: access.credentials,
        timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        now: this.options.now ?? (() => Date.now()),
        sleep: this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      }),
    );
  }
}
