/** A faithful local fake of tastytrade's Open API, written from its documentation (`shared/reference/tastytrade.md`). */
export { DEFAULT_ACCOUNTS, FakeTastytrade, type FakeTastytradeOptions } from './fake-tastytrade.js';
export { ACCESS_TOKEN_SECONDS } from './fake-tastytrade-grant.js';
export { DEFAULT_METRICS } from './fake-tastytrade-quotes.js';
export { isRefusal, readOrderRequest } from './fake-tastytrade-orders.js';
export { DEFAULT_CANDLE_SPECS, FakeDxlink, generateDailyCandles, type FakeCandle, type FakeCandleSpec, type FakeDxlinkOptions, type FakeSubscription, type HistoryFault, type TokenUsage } from './dxlink/index.js';
