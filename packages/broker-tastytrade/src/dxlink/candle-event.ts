/** dxFeed's `eventFlags` bits, by which a time series marks the snapshot it is sending. */
export const EVENT_FLAGS = {
  txPending: 0x01,
  remove: 0x02,
  snapshotBegin: 0x04,
  snapshotEnd: 0x08,
  snapshotSnip: 0x10,
} as const;

/** One `Candle` event as DXLink sent it; a price it did not have is NaN (a removal, an empty snapshot, no IV). */
export interface CandleEvent {
  /** As the server wrote it: `SPY{=d}` for a subscription to `SPY{=1d}`. */
  readonly symbol: string;
  readonly flags: number;
  /** The bar's start, epoch milliseconds. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  /** Annualised (0.2 = 20 %); NaN where tastytrade has none. */
  readonly impVolatility: number;
}

export const hasFlag = (event: CandleEvent, flag: number): boolean => (event.flags & flag) !== 0;

/** DXLink's JSON numbers: NaN and the infinities travel as strings, and a field may be null. */
export function dxNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}
