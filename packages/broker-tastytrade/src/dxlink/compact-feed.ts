import { dxNumber, type CandleEvent } from './candle-event.js';

/** The fields of each event type, in the order the server's FEED_CONFIG said it sends them. */
export type EventFields = ReadonlyMap<string, readonly string[]>;

/** One event of a FEED_DATA message, its values by field name. */
export interface FeedRecord {
  readonly type: string;
  readonly values: Readonly<Record<string, unknown>>;
}

/** A payload naming an event type whose field order the server has not sent yet. */
export class UnconfiguredEventType extends Error {}

/**
 * The events of a FEED_DATA `data` payload. COMPACT comes flat (`["Candle", [f1…fK, f1…fK]]`, type and values
 * alternating) or in the older nested shape (`[["Candle", [f1…fK, …]]]`); values are read by the FEED_CONFIG's
 * order, never by the order asked for. FULL objects (`[{eventType, …}]`) are read as they are.
 * @throws UnconfiguredEventType when a COMPACT group's type has no field order yet: keep the payload until one comes.
 * @example
 * feedRecords(['Candle', ['Candle', 'SPY{=d}', 1.5]], new Map([['Candle', ['eventType', 'eventSymbol', 'close']]]));
 * // [{ type: 'Candle', values: { eventType: 'Candle', eventSymbol: 'SPY{=d}', close: 1.5 } }]
 */
export function feedRecords(data: unknown, fields: EventFields): FeedRecord[] {
  if (!Array.isArray(data)) return [];
  const list: readonly unknown[] = data;
  const groups: (readonly [unknown, unknown])[] = [];
  if (typeof list[0] === 'string') {
    for (let i = 0; i + 1 < list.length; i += 2) groups.push([list[i], list[i + 1]]);
  } else {
    for (const entry of list) {
      if (Array.isArray(entry)) groups.push([entry[0], entry[1]]);
      else if (typeof entry === 'object' && entry !== null) groups.push([null, entry]);
    }
  }
  return groups.flatMap(([type, values]) => (type === null ? fullRecord(values) : compactRecords(type, values, fields)));
}

function compactRecords(type: unknown, values: unknown, fields: EventFields): FeedRecord[] {
  if (typeof type !== 'string' || !Array.isArray(values)) return [];
  const flat: readonly unknown[] = values;
  const names = fields.get(type);
  if (names === undefined || names.length === 0) throw new UnconfiguredEventType(type);
  const records: FeedRecord[] = [];
  for (let start = 0; start + names.length <= flat.length; start += names.length) {
    const record: Record<string, unknown> = {};
    names.forEach((name, i) => {
      record[name] = flat[start + i];
    });
    records.push({ type, values: record });
  }
  return records;
}

function fullRecord(values: unknown): FeedRecord[] {
  const record = values as Record<string, unknown>;
  return typeof record.eventType === 'string' ? [{ type: record.eventType, values: record }] : [];
}

/** A `Candle` record as a candle event; null for another type or one without a symbol. */
export function candleEvent(record: FeedRecord): CandleEvent | null {
  const { values } = record;
  if (record.type !== 'Candle' || typeof values.eventSymbol !== 'string') return null;
  const flags = dxNumber(values.eventFlags);
  return {
    symbol: values.eventSymbol,
    flags: Number.isFinite(flags) ? flags : 0,
    time: dxNumber(values.time),
    open: dxNumber(values.open),
    high: dxNumber(values.high),
    low: dxNumber(values.low),
    close: dxNumber(values.close),
    volume: dxNumber(values.volume),
    impVolatility: dxNumber(values.impVolatility),
  };
}
