import type { FakeCandle } from './fake-dxlink-history.js';

export const FLAGS = { txPending: 0x01, remove: 0x02, begin: 0x04, end: 0x08, snip: 0x10 } as const;

/** The Candle fields the fake can send, in the order it sends them (not the order a client asks). */
export const SERVER_CANDLE_FIELDS = [
  'eventType',
  'eventSymbol',
  'eventTime',
  'eventFlags',
  'index',
  'time',
  'sequence',
  'count',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'vwap',
  'bidVolume',
  'askVolume',
  'impVolatility',
  'openInterest',
] as const;

/** How the fake writes a history. */
export interface FrameStyle {
  /** Events per FEED_DATA message. */
  readonly eventsPerFrame: number;
  /** COMPACT as one flat array (`["Candle", [...]]`) or the older nested shape (`[["Candle", [...]]]`). */
  readonly shape: 'flat' | 'nested';
  /** The end as a price-less REMOVE|END sentinel after the oldest bar, or as END on the oldest bar itself. */
  readonly end: 'sentinel' | 'flagged';
  /** The end also carries TX_PENDING, cleared only by the live update that follows it. */
  readonly pendingEnd: boolean;
}

/** One event: flags and a candle, or a price-less marker. */
export interface FakeEvent {
  readonly flags: number;
  readonly candle: FakeCandle | null;
}

const NO_PRICES: FakeCandle = { time: 0, open: Number.NaN, high: Number.NaN, low: Number.NaN, close: Number.NaN, volume: Number.NaN, impVolatility: Number.NaN };

/**
 * A history as the server sends it: newest first, SNAPSHOT_BEGIN on the first event, TX_PENDING on every event of
 * every third frame (never the last), the end as `style.end` says. No candle at all: one empty-snapshot event
 * (flags 14, prices NaN), as AUTO's answer to a history subscription.
 */
export function snapshotFrames(newestFirst: readonly FakeCandle[], style: FrameStyle): FakeEvent[][] {
  if (newestFirst.length === 0) return [[{ flags: FLAGS.begin | FLAGS.end | FLAGS.remove, candle: null }]];
  const events: FakeEvent[] = newestFirst.map((candle, i) => ({ flags: i === 0 ? FLAGS.begin : 0, candle }));
  const pending = style.pendingEnd ? FLAGS.txPending : 0;
  if (style.end === 'sentinel') events.push({ flags: FLAGS.remove | FLAGS.end | pending, candle: null });
  else {
    const oldest = events.length - 1;
    events[oldest] = { flags: (events[oldest]?.flags ?? 0) | FLAGS.end | pending, candle: events[oldest]?.candle ?? null };
  }
  const frames: FakeEvent[][] = [];
  for (let start = 0; start < events.length; start += style.eventsPerFrame) frames.push(events.slice(start, start + style.eventsPerFrame));
  return frames.map((frame, k) => (k % 3 === 1 && k < frames.length - 1 ? frame.map((event) => ({ ...event, flags: event.flags | FLAGS.txPending })) : frame));
}

/** A FEED_DATA `data` payload of events, COMPACT, values in `fields` order; NaN travels as the string "NaN". */
export function compactData(symbol: string, events: readonly FakeEvent[], fields: readonly string[], shape: FrameStyle['shape']): unknown[] {
  const values = events.flatMap((event) => fields.map((field) => fieldValue(field, symbol, event)));
  return shape === 'flat' ? ['Candle', values] : [['Candle', values]];
}

function fieldValue(field: string, symbol: string, { flags, candle }: FakeEvent): unknown {
  const c = candle ?? NO_PRICES;
  const number = (value: number): number | string => (Number.isFinite(value) ? value : 'NaN');
  switch (field) {
    case 'eventType':
      return 'Candle';
    case 'eventSymbol':
      return symbol;
    case 'eventFlags':
      return flags;
    case 'index':
      return c.time * 4_194_304;
    case 'time':
      return c.time;
    case 'sequence':
    case 'eventTime':
      return 0;
    case 'count':
      return candle === null ? 0 : 1_000;
    case 'open':
    case 'high':
    case 'low':
    case 'close':
    case 'volume':
    case 'impVolatility':
      return number(c[field]);
    case 'vwap':
      return number(Math.round(((c.high + c.low + c.close) / 3) * 100) / 100);
    default:
      return 'NaN';
  }
}
