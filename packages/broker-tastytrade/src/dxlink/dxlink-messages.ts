/** The fields asked for in each `Candle` event; the server answers the ones it sends, in its own order. */
export const CANDLE_FIELDS = [
  'eventSymbol',
  'eventType',
  'eventFlags',
  'time',
  'index',
  'sequence',
  'count',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'vwap',
  'impVolatility',
  'openInterest',
] as const;

/** What condor says it is in SETUP. */
const CLIENT_VERSION = '0.1-condor';

/** One `Candle` subscription: tastytrade's history has no `toTime` (tastyware/tastytrade#198), so it is trimmed on arrival. */
export interface CandleSubscription {
  readonly symbol: string;
  /** Epoch milliseconds: the oldest bar start wanted. */
  readonly fromTime: number;
}

export const setupMessage = (keepaliveSeconds: number) => ({
  type: 'SETUP',
  channel: 0,
  version: CLIENT_VERSION,
  keepaliveTimeout: keepaliveSeconds,
  acceptKeepaliveTimeout: keepaliveSeconds,
});

export const authMessage = (token: string) => ({ type: 'AUTH', channel: 0, token });

export const keepaliveMessage = () => ({ type: 'KEEPALIVE', channel: 0 });

/** A FEED channel on the HISTORY contract: with AUTO a `Candle` subscription with `fromTime` answers an empty snapshot (#353). */
export const historyChannelRequest = (channel: number) => ({ type: 'CHANNEL_REQUEST', channel, service: 'FEED', parameters: { contract: 'HISTORY' } });

export const feedSetupMessage = (channel: number) => ({
  type: 'FEED_SETUP',
  channel,
  acceptAggregationPeriod: 0,
  acceptDataFormat: 'COMPACT',
  acceptEventFields: { Candle: CANDLE_FIELDS },
});

export const subscribeMessage = (channel: number, subscriptions: readonly CandleSubscription[]) => ({
  type: 'FEED_SUBSCRIPTION',
  channel,
  add: subscriptions.map(({ symbol, fromTime }) => ({ type: 'Candle', symbol, fromTime })),
});

export const unsubscribeMessage = (channel: number, symbols: readonly string[]) => ({
  type: 'FEED_SUBSCRIPTION',
  channel,
  remove: symbols.map((symbol) => ({ type: 'Candle', symbol })),
});

/** What the server said, as far as the client acts on it. */
export type ServerMessage =
  | { readonly type: 'SETUP'; readonly keepaliveSeconds: number | null }
  | { readonly type: 'AUTH_STATE'; readonly state: string }
  | { readonly type: 'ERROR'; readonly error: string; readonly message: string }
  | { readonly type: 'CHANNEL_OPENED'; readonly channel: number }
  | { readonly type: 'FEED_CONFIG'; readonly channel: number; readonly eventFields: ReadonlyMap<string, readonly string[]> }
  | { readonly type: 'FEED_DATA'; readonly channel: number; readonly data: unknown }
  | { readonly type: 'IGNORED' };

const IGNORED: ServerMessage = { type: 'IGNORED' };

/** A text frame read as a server message; anything the client has no use for (KEEPALIVE, CHANNEL_CLOSED, bad JSON) is IGNORED. */
export function readServerMessage(text: string): ServerMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return IGNORED;
  }
  if (typeof parsed !== 'object' || parsed === null) return IGNORED;
  const message = parsed as Record<string, unknown>;
  const channel = typeof message.channel === 'number' ? message.channel : 0;
  switch (message.type) {
    case 'SETUP':
      return { type: 'SETUP', keepaliveSeconds: typeof message.keepaliveTimeout === 'number' ? message.keepaliveTimeout : null };
    case 'AUTH_STATE':
      return { type: 'AUTH_STATE', state: String(message.state) };
    case 'ERROR':
      return { type: 'ERROR', error: String(message.error), message: typeof message.message === 'string' ? message.message : '' };
    case 'CHANNEL_OPENED':
      return { type: 'CHANNEL_OPENED', channel };
    case 'FEED_CONFIG':
      return { type: 'FEED_CONFIG', channel, eventFields: eventFields(message.eventFields) };
    case 'FEED_DATA':
      return { type: 'FEED_DATA', channel, data: message.data };
    default:
      return IGNORED;
  }
}

function eventFields(value: unknown): ReadonlyMap<string, readonly string[]> {
  const fields = new Map<string, readonly string[]>();
  if (typeof value !== 'object' || value === null) return fields;
  for (const [type, names] of Object.entries(value)) {
    if (Array.isArray(names)) fields.set(type, names.filter((name): name is string => typeof name === 'string'));
  }
  return fields;
}
