import type { WebSocket } from 'ws';
import type { FakeCandle } from './fake-dxlink-history.js';
import { compactData, SERVER_CANDLE_FIELDS, snapshotFrames, type FrameStyle } from './fake-dxlink-frames.js';

/** What a history subscription meets: dropped (the socket cut) or stalled (no more frames, no end) after some frames. */
export interface HistoryFault {
  readonly kind: 'drop' | 'stall';
  readonly afterFrames: number;
}

/** What one connection asks of the fake as a whole. */
export interface SessionServer {
  readonly style: () => FrameStyle;
  readonly keepaliveSeconds: () => number;
  readonly maxSubscriptionBytes: () => number;
  tokenIsValid(token: string): boolean;
  authorized(token: string): void;
  subscribed(entry: { readonly token: string; readonly symbol: string; readonly fromTime: number | null; readonly contract: string }): void;
  /** The daily candles of a ticker, newest first; null for one the fake does not know. */
  dailyHistory(ticker: string): readonly FakeCandle[] | null;
  takeFault(): HistoryFault | null;
}

interface Channel {
  readonly contract: string;
  fields: readonly string[];
  configSent: boolean;
  readonly streams: Map<string, { stopped: boolean }>;
}

const DAILY = /^(.+)\{=1?d\}$/;

/**
 * One DXLink connection at the fake, from the protocol in the reference: SETUP, AUTH (a bad or expired token:
 * ERROR UNAUTHORIZED, then the close), FEED channels with their contract, FEED_SETUP, and the first subscription's
 * FEED_CONFIG in the server's own field order. A daily `Candle` subscription streams its history newest first over
 * several frames under the renamed period (`{=1d}` comes back `{=d}`), then one live update of the newest bar; on
 * the AUTO contract, or for a symbol it does not know, an empty snapshot. A subscription message over the size
 * limit closes the socket with 1009; silence past the keepalive timeout, with ERROR TIMEOUT.
 */
export class FakeDxlinkSession {
  private token: string | null = null;
  private readonly channels = new Map<number, Channel>();
  private silence: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly server: SessionServer,
  ) {
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.receive(Buffer.isBuffer(data) ? data.toString('utf8') : '');
    });
    socket.on('close', () => {
      this.closed = true;
      if (this.silence) clearTimeout(this.silence);
      for (const channel of this.channels.values()) for (const stream of channel.streams.values()) stream.stopped = true;
    });
    this.listen();
  }

  private listen(): void {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => {
      this.send({ type: 'ERROR', channel: 0, error: 'TIMEOUT', message: 'No keepalive received within the timeout' });
      this.socket.close(1000, 'timeout');
    }, this.server.keepaliveSeconds() * 1000);
  }

  private receive(raw: string): void {
    this.listen();
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      this.send({ type: 'ERROR', channel: 0, error: 'INVALID_MESSAGE', message: 'Not JSON' });
      return;
    }
    const channel = typeof message.channel === 'number' ? message.channel : 0;
    switch (message.type) {
      case 'SETUP':
        this.send({ type: 'SETUP', channel: 0, version: '1.0-fake', keepaliveTimeout: this.server.keepaliveSeconds(), acceptKeepaliveTimeout: 60 });
        this.send({ type: 'AUTH_STATE', channel: 0, state: 'UNAUTHORIZED' });
        return;
      case 'AUTH':
        this.authorize(typeof message.token === 'string' ? message.token : '');
        return;
      case 'KEEPALIVE':
        return;
    }
    if (this.token === null) {
      this.send({ type: 'ERROR', channel, error: 'UNAUTHORIZED', message: 'Authorize first' });
      return;
    }
    if (message.type === 'CHANNEL_REQUEST') this.openChannel(channel, message.parameters);
    else if (message.type === 'FEED_SETUP') this.feedSetup(channel, message.acceptEventFields);
    else if (message.type === 'FEED_SUBSCRIPTION') this.subscription(channel, message, raw);
    else if (message.type === 'CHANNEL_CANCEL') {
      this.stopAll(channel);
      this.channels.delete(channel);
      this.send({ type: 'CHANNEL_CLOSED', channel });
    } else this.send({ type: 'ERROR', channel, error: 'BAD_ACTION', message: `Unexpected ${String(message.type)}` });
  }

  private authorize(token: string): void {
    if (!this.server.tokenIsValid(token)) {
      this.send({ type: 'ERROR', channel: 0, error: 'UNAUTHORIZED', message: 'Invalid or expired token' });
      this.socket.close(1000, 'unauthorized');
      return;
    }
    this.token = token;
    this.server.authorized(token);
    this.send({ type: 'AUTH_STATE', channel: 0, state: 'AUTHORIZED', userId: 'fake-user' });
  }

  private openChannel(channel: number, parameters: unknown): void {
    const contract = typeof parameters === 'object' && parameters !== null && 'contract' in parameters ? String(parameters.contract) : 'AUTO';
    this.channels.set(channel, { contract, fields: ['eventType', 'eventSymbol'], configSent: false, streams: new Map() });
    this.send({ type: 'CHANNEL_OPENED', channel, service: 'FEED', parameters: { contract } });
  }

  private feedSetup(channel: number, accept: unknown): void {
    const open = this.channels.get(channel);
    if (!open) return;
    const asked = typeof accept === 'object' && accept !== null && 'Candle' in accept && Array.isArray(accept.Candle) ? (accept.Candle as unknown[]) : [];
    open.fields = SERVER_CANDLE_FIELDS.filter((field) => field === 'eventType' || field === 'eventSymbol' || asked.includes(field));
  }

  private subscription(channel: number, message: Record<string, unknown>, raw: string): void {
    if (Buffer.byteLength(raw) > this.server.maxSubscriptionBytes()) {
      this.socket.close(1009, 'Message too big');
      return;
    }
    const open = this.channels.get(channel);
    if (!open) return;
    if (message.reset === true) this.stopAll(channel);
    for (const entry of entries(message.remove)) stopStream(open, entry.symbol);
    for (const entry of entries(message.add)) {
      this.server.subscribed({ token: this.token ?? '', symbol: entry.symbol, fromTime: entry.fromTime, contract: open.contract });
      if (!open.configSent) {
        open.configSent = true;
        this.send({ type: 'FEED_CONFIG', channel, dataFormat: 'COMPACT', aggregationPeriod: 0, eventFields: { Candle: open.fields } });
      }
      void this.stream(channel, open, entry);
    }
  }

  private async stream(channel: number, open: Channel, entry: { readonly symbol: string; readonly fromTime: number | null }): Promise<void> {
    stopStream(open, entry.symbol);
    const state = { stopped: false };
    open.streams.set(entry.symbol, state);
    const daily = DAILY.exec(entry.symbol);
    const renamed = daily ? `${daily[1] ?? ''}{=d}` : entry.symbol;
    const history = daily && open.contract === 'HISTORY' ? (this.server.dailyHistory(daily[1] ?? '') ?? []) : [];
    const wanted = history.filter((candle) => entry.fromTime === null || candle.time >= entry.fromTime);
    const style = this.server.style();
    const frames = snapshotFrames(wanted, style);
    const fault = wanted.length > 0 ? this.server.takeFault() : null;
    for (const [k, frame] of frames.entries()) {
      await new Promise((resolve) => setImmediate(resolve));
      if (state.stopped || this.closed) return;
      if (fault && k === fault.afterFrames) {
        if (fault.kind === 'drop') this.socket.terminate();
        return;
      }
      this.send({ type: 'FEED_DATA', channel, data: compactData(renamed, frame, open.fields, style.shape) });
    }
    const newest = wanted[0];
    await new Promise((resolve) => setImmediate(resolve));
    if (newest && !state.stopped && !this.closed) this.send({ type: 'FEED_DATA', channel, data: compactData(renamed, [{ flags: 0, candle: newest }], open.fields, style.shape) });
  }

  private stopAll(channel: number): void {
    for (const stream of this.channels.get(channel)?.streams.values() ?? []) stream.stopped = true;
  }

  private send(message: unknown): void {
    if (!this.closed) this.socket.send(JSON.stringify(message));
  }
}

function stopStream(channel: Channel, symbol: string): void {
  const stream = channel.streams.get(symbol);
  if (stream) stream.stopped = true;
}

function entries(list: unknown): { readonly symbol: string; readonly fromTime: number | null }[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { symbol, fromTime } = entry as Record<string, unknown>;
    return typeof symbol === 'string' ? [{ symbol, fromTime: typeof fromTime === 'number' ? fromTime : null }] : [];
  });
}
