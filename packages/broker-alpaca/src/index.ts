/** @condor/broker-alpaca — a user's own Alpaca account (paper or live) as a Broker, over the Trading API. */
export { AlpacaBrokers, type AlpacaBrokersOptions } from './alpaca-brokers.js';
export { AlpacaBroker } from './alpaca-broker.js';
export { AlpacaHttp, ALPACA_TRADING_URLS, type AlpacaCredentials, type AlpacaHttpOptions, type AlpacaResponse } from './alpaca-http.js';
