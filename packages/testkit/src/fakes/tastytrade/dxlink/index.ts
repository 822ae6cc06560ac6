/** A local fake of tastytrade's DXLink quote streamer, written from `shared/reference/dxlink-candles.md`. */
export { DEFAULT_CANDLE_SPECS, FakeDxlink, type FakeDxlinkOptions, type FakeSubscription, type TokenUsage } from './fake-dxlink.js';
export { generateDailyCandles, type FakeCandle, type FakeCandleSpec } from './fake-dxlink-history.js';
export type { HistoryFault } from './fake-dxlink-session.js';
