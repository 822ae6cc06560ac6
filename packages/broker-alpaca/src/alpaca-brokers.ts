import type { Broker, BrokerAccess, BrokerEnvironment, BrokerName, Brokers, MarketData } from '@condor/core';
import { failingBroker, unservedMarket } from '@condor/core';
import { AlpacaMarketData } from './alpaca-market-data.js';
import { AlpacaBroker } from './alpaca-broker.js';
import { ALPACA_TRADING_URLS, AlpacaHttp } from './alpaca-http.js';

export interface AlpacaBrokersOptions {
  /** Trading API host per environment (tests point both at a local fake). */
  readonly baseUrls?: Partial<Record<BrokerEnvironment, string>>;
  /** The market-data host (`CONDOR_ALPACA_DATA_URL`; a local fake in tests). */
  readonly dataBaseUrl?: string;
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

  /**
   * A person's own market (design §17): option chains, quotes and daily bars read with their key pair, under the pair's
   * own request budget; the trading host of their environment says which symbols trade.
   */
  marketData(access: BrokerAccess): MarketData {
    if (access.credentials?.kind !== 'alpaca') return unservedMarket('Alpaca cannot serve your market data: no Alpaca API keys are linked.', 'Set them on the broker-keys page (/broker-keys), then connect.');
    return new AlpacaMarketData({
      credentials: { apiKey: access.credentials.apiKey, apiSecret: access.credentials.apiSecret },
      tradingBaseUrl: this.options.baseUrls?.[access.environment] ?? ALPACA_TRADING_URLS[access.environment],
      ...(this.options.dataBaseUrl === undefined ? {} : { dataBaseUrl: this.options.dataBaseUrl }),
      ...(this.options.now === undefined ? {} : { now: this.options.now }),
      ...(this.options.sleep === undefined ? {} : { sleep: this.options.sleep }),
    });
  }
}
