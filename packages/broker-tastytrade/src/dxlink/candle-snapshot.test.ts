import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_FLAGS as F, type CandleEvent } from './candle-event.js';
import { CandleSnapshot } from './candle-snapshot.js';
import { candleEvent, feedRecords } from './compact-feed.js';

const FIELDS = ['eventType', 'eventSymbol', 'eventFlags', 'time', 'open', 'high', 'low', 'close', 'volume', 'impVolatility'] as const;
type Bar = Omit<CandleEvent, 'symbol' | 'flags'>;

const DAY = 86_400_000;
const bars = fc.uniqueArray(fc.integer({ min: 10_000, max: 30_000 }), { minLength: 1, maxLength: 60 }).chain((days) =>
  fc.tuple(...days.map((day) => fc.record({ time: fc.constant(day * DAY), open: price, high: price, low: price, close: price, volume: fc.nat(), impVolatility: iv }))),
);
const price = fc.double({ min: 1, max: 1_000, noNaN: true });
const iv = fc.oneof(fc.constant(Number.NaN), fc.double({ min: 0.01, max: 2, noNaN: true }));

const wire = (value: number): number | string => (Number.isFinite(value) ? value : 'NaN');

/** Events as the server writes them, newest first: BEGIN first, the end as a sentinel or on the oldest bar. */
function stream(history: readonly Bar[], sentinel: boolean, pending: readonly boolean[]): { flags: number; bar: Bar | null }[] {
  const newestFirst = [...history].sort((a, b) => b.time - a.time);
  const events: { flags: number; bar: Bar | null }[] = newestFirst.map((bar, i) => ({ flags: i === 0 ? F.snapshotBegin : 0, bar }));
  if (sentinel) events.push({ flags: F.remove | F.snapshotEnd, bar: null });
  else events[events.length - 1]!.flags |= F.snapshotEnd;
  // TX_PENDING anywhere but on the last event, which closes the transaction.
  return events.map((event, i) => (i < events.length - 1 && pending[i % pending.length] === true ? { ...event, flags: event.flags | F.txPending } : event));
}

function encode(events: readonly { flags: number; bar: Bar | null }[], order: readonly string[], nested: boolean): unknown {
  const values = events.flatMap(({ flags, bar }) =>
    order.map((field) => {
      if (field === 'eventType') return 'Candle';
      if (field === 'eventSymbol') return 'SPY{=d}';
      if (field === 'eventFlags') return flags;
      if (bar === null) return field === 'time' ? 0 : 'NaN';
      return wire(bar[field as keyof Bar]);
    }),
  );
  return nested ? [['Candle', values]] : ['Candle', values];
}

const sameBars = (decoded: readonly CandleEvent[], history: readonly Bar[]): void => {
  const expected = [...history].sort((a, b) => a.time - b.time);
  expect(decoded.map((c) => c.time)).toEqual(expected.map((b) => b.time));
  decoded.forEach((candle, i) => {
    const bar = expected[i]!;
    expect([candle.open, candle.high, candle.low, candle.close, candle.volume]).toEqual([bar.open, bar.high, bar.low, bar.close, bar.volume]);
    expect(Number.isNaN(candle.impVolatility) ? Number.isNaN(bar.impVolatility) : candle.impVolatility === bar.impVolatility).toBe(true);
  });
};

describe('the COMPACT decoder and the snapshot', () => {
  it('decodes any split of a history into frames, in any field order and either shape, with TX_PENDING noise, to the same bars', () => {
    fc.assert(
      fc.property(
        bars,
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        fc.shuffledSubarray([...FIELDS], { minLength: FIELDS.length }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 10 }),
        (history, sentinel, pending, order, nested, cuts) => {
          const events = stream(history, sentinel, pending);
          const snapshot = new CandleSnapshot();
          const fields = new Map([['Candle', order]]);
          let start = 0;
          for (let k = 0; start < events.length; k++) {
            const end = Math.min(events.length, start + cuts[k % cuts.length]!);
            expect(snapshot.complete).toBe(false);
            for (const record of feedRecords(encode(events.slice(start, end), order, nested), fields)) {
              const event = candleEvent(record);
              if (event) snapshot.accept(event);
            }
            start = end;
          }
          expect(snapshot.complete).toBe(true);
          sameBars(snapshot.candles(), history);
          // The current bar keeps updating after the snapshot: the snapshot does not take it.
          const newest = Math.max(...history.map((bar) => bar.time));
          snapshot.accept({ symbol: 'SPY{=d}', flags: 0, time: newest + DAY, open: 1, high: 1, low: 1, close: 1, volume: 1, impVolatility: 1 });
          sameBars(snapshot.candles(), history);
        },
      ),
    );
  });

  it('waits for TX_PENDING to clear after the end before it calls the snapshot complete', () => {
    fc.assert(
      fc.property(bars, (history) => {
        const snapshot = new CandleSnapshot();
        const events = stream(history, true, [false]);
        events[events.length - 1]!.flags |= F.txPending;
        for (const { flags, bar } of events) snapshot.accept({ symbol: 'SPY{=d}', flags, time: bar?.time ?? 0, open: bar?.open ?? Number.NaN, high: Number.NaN, low: Number.NaN, close: Number.NaN, volume: Number.NaN, impVolatility: Number.NaN });
        expect(snapshot.complete).toBe(false);
        const newest = Math.max(...history.map((bar) => bar.time));
        snapshot.accept({ symbol: 'SPY{=d}', flags: 0, time: newest, open: 9, high: 9, low: 9, close: 9, volume: 9, impVolatility: Number.NaN });
        expect(snapshot.complete).toBe(true);
        expect(snapshot.candles()).toHaveLength(history.length);
        expect(snapshot.candles().at(-1)!.close).toBe(9);
      }),
    );
  });

  it('takes an empty snapshot (flags 14, prices NaN) as complete and empty', () => {
    const snapshot = new CandleSnapshot();
    snapshot.accept({ symbol: 'SPY{=d}', flags: 14, time: 0, open: Number.NaN, high: Number.NaN, low: Number.NaN, close: Number.NaN, volume: Number.NaN, impVolatility: Number.NaN });
    expect(snapshot.complete).toBe(true);
    expect(snapshot.candles()).toEqual([]);
  });

  it('starts afresh on a second SNAPSHOT_BEGIN and drops what a REMOVE names', () => {
    const event = (time: number, flags: number): CandleEvent => ({ symbol: 'X{=d}', flags, time, open: 1, high: 1, low: 1, close: 1, volume: 1, impVolatility: Number.NaN });
    const snapshot = new CandleSnapshot();
    [event(3, F.snapshotBegin), event(2, 0), event(3, F.snapshotBegin), event(2, 0), event(1, 0), event(2, F.remove), event(0, F.snapshotSnip)].forEach((e) => {
      snapshot.accept(e);
    });
    expect(snapshot.complete).toBe(true);
    expect(snapshot.candles().map((c) => c.time)).toEqual([0, 1, 3]);
  });

  it('reads FULL objects and waits for a field order before reading COMPACT', () => {
    expect(feedRecords([{ eventType: 'Candle', eventSymbol: 'SPY{=d}', close: 2 }], new Map())).toEqual([{ type: 'Candle', values: { eventType: 'Candle', eventSymbol: 'SPY{=d}', close: 2 } }]);
    expect(() => feedRecords(['Candle', ['Candle', 'SPY{=d}']], new Map())).toThrow();
  });
});
