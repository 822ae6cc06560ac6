import type { CandleEvent } from './candle-event.js';
import { candleEvent, feedRecords, UnconfiguredEventType } from './compact-feed.js';
import * as message from './dxlink-messages.js';
import type { CandleSubscription } from './dxlink-messages.js';
import type { DxlinkSocket, SocketFactory, Timers } from './dxlink-socket.js';

/** How a connection ended, as far as its owner acts on it. */
export type ConnectionEnd =
  /** Closed by its owner. */
  | { readonly kind: 'closed' }
  /** The server refused the quote token (`ERROR UNAUTHORIZED`). */
  | { readonly kind: 'unauthorized'; readonly words: string }
  /** A subscription message was too large (close code 1009). */
  | { readonly kind: 'too_large' }
  /** Never got as far as an open feed channel. */
  | { readonly kind: 'unreachable'; readonly words: string }
  /** Dropped once open: the network, or the server (`ERROR TIMEOUT` when keepalives stopped). */
  | { readonly kind: 'dropped'; readonly words: string };

export interface ConnectionListener {
  /** The feed channel is open: subscriptions may be sent. */
  ready(): void;
  candles(events: readonly CandleEvent[]): void;
  /** Once. */
  ended(end: ConnectionEnd): void;
}

export interface ConnectionSettings {
  readonly socketFactory: SocketFactory;
  readonly timers: Timers;
  /** Declared in SETUP, seconds. */
  readonly keepaliveSeconds: number;
  /** How long the handshake may take before the connection is given up. */
  readonly handshakeMs: number;
}

/** The feed channel: odd numbers are the client's. */
const FEED_CHANNEL = 1;
const MAX_KEEPALIVE_MS = 30_000;
const TOO_LARGE = 1009;

/**
 * One DXLink socket: SETUP, AUTH with the quote token, one FEED channel on the HISTORY contract with COMPACT
 * `Candle` fields, KEEPALIVE every half of the shorter of both sides' timeouts (at most 30 s), and FEED_DATA
 * decoded by the FEED_CONFIG's field order, kept back while that order has not come yet.
 */
export class DxlinkConnection {
  private readonly socket: DxlinkSocket;
  private readonly fields = new Map<string, readonly string[]>();
  private readonly waitingForConfig: unknown[] = [];
  private opened = false;
  private authSent = false;
  private isReady = false;
  private lastError: { readonly error: string; readonly message: string } | null = null;
  private endedBy: ConnectionEnd | null = null;
  private stopKeepalive: (() => void) | null = null;
  private readonly stopHandshake: () => void;

  constructor(
    readonly url: string,
    private readonly token: string,
    private readonly settings: ConnectionSettings,
    private readonly listener: ConnectionListener,
  ) {
    this.socket = settings.socketFactory(url, {
      open: () => {
        this.opened = true;
        this.send(message.setupMessage(settings.keepaliveSeconds));
      },
      message: (text) => {
        this.receive(text);
      },
      close: (code, reason) => {
        this.closed(code, reason);
      },
    });
    this.stopHandshake = settings.timers.after(settings.handshakeMs, () => {
      if (!this.isReady) this.end({ kind: 'unreachable', words: `no open feed channel within ${settings.handshakeMs} ms` });
    });
  }

  subscribe(subscriptions: readonly CandleSubscription[], perMessage: number): void {
    for (let start = 0; start < subscriptions.length; start += perMessage) {
      this.send(message.subscribeMessage(FEED_CHANNEL, subscriptions.slice(start, start + perMessage)));
    }
  }

  unsubscribe(symbols: readonly string[]): void {
    if (symbols.length > 0) this.send(message.unsubscribeMessage(FEED_CHANNEL, symbols));
  }

  close(): void {
    this.end({ kind: 'closed' });
  }

  private end(end: ConnectionEnd): void {
    this.endedBy ??= end;
    this.socket.close(1000);
  }

  private receive(text: string): void {
    const received = message.readServerMessage(text);
    switch (received.type) {
      case 'SETUP':
        this.keepAlive(received.keepaliveSeconds);
        if (!this.authSent) this.authorize();
        return;
      case 'AUTH_STATE':
        if (received.state === 'UNAUTHORIZED' && !this.authSent) this.authorize();
        if (received.state === 'AUTHORIZED') this.send(message.historyChannelRequest(FEED_CHANNEL));
        return;
      case 'CHANNEL_OPENED':
        if (received.channel !== FEED_CHANNEL || this.isReady) return;
        this.send(message.feedSetupMessage(FEED_CHANNEL));
        this.isReady = true;
        this.stopHandshake();
        this.listener.ready();
        return;
      case 'FEED_CONFIG':
        for (const [type, names] of received.eventFields) if (names.length > 0) this.fields.set(type, names);
        this.waitingForConfig.splice(0).forEach((data) => {
          this.decode(data);
        });
        return;
      case 'FEED_DATA':
        if (received.channel === FEED_CHANNEL) this.decode(received.data);
        return;
      case 'ERROR':
        this.lastError = received;
        if (received.error === 'UNAUTHORIZED') this.end({ kind: 'unauthorized', words: received.message || 'the quote token was refused' });
        return;
      case 'IGNORED':
        return;
    }
  }

  private authorize(): void {
    this.authSent = true;
    this.send(message.authMessage(this.token));
  }

  private decode(data: unknown): void {
    try {
      const events = feedRecords(data, this.fields)
        .map(candleEvent)
        .filter((event) => event !== null);
      if (events.length > 0) this.listener.candles(events);
    } catch (cause) {
      if (!(cause instanceof UnconfiguredEventType)) throw cause;
      this.waitingForConfig.push(data);
    }
  }

  private keepAlive(serverSeconds: number | null): void {
    const seconds = Math.min(this.settings.keepaliveSeconds, serverSeconds ?? this.settings.keepaliveSeconds);
    const every = Math.min(MAX_KEEPALIVE_MS, (seconds * 1000) / 2);
    const beat = (): void => {
      this.stopKeepalive = this.settings.timers.after(every, () => {
        this.send(message.keepaliveMessage());
        beat();
      });
    };
    this.stopKeepalive?.();
    beat();
  }

  private send(body: unknown): void {
    this.socket.send(JSON.stringify(body));
  }

  private closed(code: number, reason: string): void {
    this.stopKeepalive?.();
    this.stopHandshake();
    this.listener.ended(this.endedBy ?? this.endOf(code, reason));
  }

  private endOf(code: number, reason: string): ConnectionEnd {
    if (code === TOO_LARGE) return { kind: 'too_large' };
    const said = this.lastError === null ? `closed with code ${code}${reason === '' ? '' : ` (${reason})`}` : `${this.lastError.error}: ${this.lastError.message}`;
    if (this.lastError?.error === 'UNAUTHORIZED') return { kind: 'unauthorized', words: said };
    return this.opened && this.authSent ? { kind: 'dropped', words: said } : { kind: 'unreachable', words: said };
  }
}
