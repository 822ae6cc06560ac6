/** @condor/broker-alpaca — a user's own Alpaca account (paper or live) as a Broker, over the Trading API. */
export { AlpacaBrokers, type AlpacaBrokersOptions } from './alpaca-brokers.js';
export { AlpacaBroker } from './alpaca-broker.js';
export { AlpacaHttp, ALPACA_TRADING_URLS, type AlpacaCredentials, type AlpacaHttpOptions, type AlpacaResponse } from './alpaca-http.js';
export { AlpacaMarketData, ALPACA_DATA_URL, type AlpacaMarketDataOptions } from './alpaca-market-data.js';
export { AlpacaRateLimiter } from './alpaca-rate-limiter.js';
