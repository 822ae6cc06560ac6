/** @condor/broker-tastytrade — a user's own tastytrade account (sandbox or production) as a Broker, and tastytrade's chains, quotes and market metrics as a MarketData, over the Open API. */
export { TastytradeBrokers, type DryRunBroker, type TastytradeBrokersOptions, type TastytradeCredentials, type TastytradeLogin } from './tastytrade-brokers.js';
export { TastytradeBroker, type TastytradeBrokerOptions } from './tastytrade-broker.js';
export { TastytradeHttp, TASTYTRADE_API_URLS, TASTYTRADE_ORDER_API_VERSION, type TastytradeHttpOptions, type TastytradeResponse } from './tastytrade-http.js';
export { TastytradeMarketData, type TastytradeIvRank, type TastytradeMarketDataOptions } from './tastytrade-market-data.js';
export { MemoryTokenCache, TastytradeTokens, type CachedToken, type TokenCache, type TokenGrant } from './tastytrade-tokens.js';
export { TastytradeSession } from './tastytrade-session.js';
export { toCompactSymbol, toTastytradeSymbol } from './tastytrade-wire.js';
export { TastytradeCandles, type SessionCandle } from './tastytrade-candles.js';
export { DxlinkCandles, type CandleHistory, type DxlinkCandlesOptions } from './dxlink/dxlink-candles.js';
export { QuoteTokens, type QuoteToken, type QuoteTokenSource } from './dxlink/quote-tokens.js';
export { realTimers, wsSocket, type DxlinkSocket, type SocketEvents, type SocketFactory, type Timers } from './dxlink/dxlink-socket.js';
export { canonicalCandleSymbol, candleSymbol } from './dxlink/candle-symbol.js';
