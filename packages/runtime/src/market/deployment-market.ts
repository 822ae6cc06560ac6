import { SIMULATED_SOURCE, type Clock, type MarketData, type MarketSource } from '@condor/core';
import type { SimMarketData } from '@condor/broker-sim';
import { AlpacaMarketData } from '@condor/broker-alpaca';
import type { TastytradeBrokers } from '@condor/broker-tastytrade';
import { SERVER_LOGIN_OWNER } from '../adapters/server-login-token-cache.js';
import type { RuntimeConfig } from '../config/load-config.js';

/** Where the market data comes from besides the configuration: the simulated market, the tastytrade brokers, the clock. */
export interface MarketSources {
  readonly simulated: SimMarketData;
  /** The brokers users trade through: the server's own login shares their client (and its User-Agent and host). */
  readonly tastytrade: TastytradeBrokers;
  readonly clock: Clock;
}

/** Where the market of people without a data link comes from (design §17). */
export function deploymentSource(config: RuntimeConfig): MarketSource {
  switch (config.marketData.source) {
    case 'sim':
      return SIMULATED_SOURCE;
    case 'alpaca':
      return { id: 'deployment:alpaca', simulated: false, words: "Alpaca's market data, read with this deployment's own key pair" };
    case 'tastytrade':
      return { id: 'deployment:tastytrade', simulated: false, words: "tastytrade's market data, read with this deployment's own grant" };
  }
}

/** The simulated market, Alpaca's market data with the server's key pair, or tastytrade's with the server's own grant. */
export function marketDataOf(config: RuntimeConfig, sources: MarketSources): MarketData {
  const source = config.marketData;
  switch (source.source) {
    case 'sim':
      return sources.simulated;
    case 'alpaca':
      return new AlpacaMarketData({
        credentials: { apiKey: source.keyId, apiSecret: source.secretKey },
        ...(source.dataUrl === null ? {} : { dataBaseUrl: source.dataUrl }),
        ...(config.alpacaUrls.paper === null ? {} : { tradingBaseUrl: config.alpacaUrls.paper }),
        now: () => sources.clock.now(),
      });
    case 'tastytrade':
      return sources.tastytrade.loginMarketData({
        ownerId: SERVER_LOGIN_OWNER,
        environment: source.environment,
        credentials: { kind: 'tastytrade', clientSecret: source.clientSecret, refreshToken: source.refreshToken, accountNumber: null },
      });
  }
}
