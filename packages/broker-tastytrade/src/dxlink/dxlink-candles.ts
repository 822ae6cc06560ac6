import type { MarketDataError } from '@condor/core';
import { err, ok, ResultAsync, type Result } from 'neverthrow';
import type { CandleEvent } from './candle-event.js';
import { CandleSnapshot } from './candle-snapshot.js';
import { canonicalCandleSymbol } from './candle-symbol.js';
import { DxlinkConnection, type ConnectionEnd } from './dxlink-connection.js';
import type { CandleSubscription } from './dxlink-messages.js';
import { realTimers, wsSocket, type SocketFactory, type Timers } from './dxlink-socket.js';
import type { QuoteTokenSource } from './quote-tokens.js';

export interface DxlinkCandlesOptions {
  /** Default: a `ws` socket. */
  readonly socketFactory?: SocketFactory;
  /** Default: the process's timers. */
  readonly timers?: Timers;
  /** The connection is closed once no history has been asked for this long (default 60 s). */
  readonly idleMs?: number;
  /** A history with no event for this long and no end yet is partial (default 5 s). */
  readonly quietMs?: number;
  /** Declared in SETUP, seconds (default 60); KEEPALIVE goes every half of it, or of the server's if shorter, at most every 30 s. */
  readonly keepaliveSeconds?: number;
  /** How long SETUP, AUTH and the channel may take (default 10 s). */
  readonly handshakeMs?: number;
  /** The waits before connecting again after a connection failed or dropped; as many retries as entries (default 250 ms, 1 s, 4 s). */
  readonly backoffMs?: readonly number[];
  /** Subscriptions per FEED_SUBSCRIPTION message (default 32); halved each time the server closes with 1009. */
  readonly subscriptionsPerMessage?: number;
}

/** A symbol's candles as the stream gave them, ascending by time: the whole history, or what came before it stopped. */
export type CandleHistory =
  | { readonly complete: true; readonly candles: readonly CandleEvent[] }
  | { readonly complete: false; readonly candles: readonly CandleEvent[]; readonly stoppedBy: 'closed' | 'quiet' };

type HistoryResult = Result<CandleHistory, MarketDataError>;

interface Pending {
  readonly subscription: CandleSubscription;
  readonly key: string;
  snapshot: CandleSnapshot;
  sent: boolean;
  stopQuiet: (() => void) | null;
  readonly waiters: ((result: HistoryResult) => void)[];
}

/**
 * A link's candle histories over DXLink: one connection at a time, opened on demand with the link's quote token,
 * shared by every request in flight (one subscription per symbol; a second request for a symbol joins the first
 * when that one reaches back far enough), and closed once idle. The server closing with 1009 halves the
 * subscriptions per message and subscribes again; a refused token is renewed once; a connection that fails or
 * drops makes the next one wait a backoff. A history cut short (the socket closed, or quiet with no end, which
 * also closes the socket and so ends the others in flight) is answered as partial, never as whole.
 * @example
 * const candles = new DxlinkCandles(new QuoteTokens(requests, now), { idleMs: 60_000 });
 * const history = await candles.history('SPY{=1d}', Date.parse('2023-01-01')); // Ok({ complete: true, candles: [...] })
 */
export class DxlinkCandles {
  private readonly pending = new Map<string, Pending>();
  private readonly settings: Required<DxlinkCandlesOptions>;
  private connection: DxlinkConnection | null = null;
  private ready = false;
  private opening = false;
  private token: string | null = null;
  private failures = 0;
  private renewedToken = false;
  private perMessage: number;
  private stopIdle: (() => void) | null = null;

  constructor(
    private readonly tokens: QuoteTokenSource,
    options: DxlinkCandlesOptions = {},
  ) {
    this.settings = {
      socketFactory: options.socketFactory ?? wsSocket,
      timers: options.timers ?? realTimers,
      idleMs: options.idleMs ?? 60_000,
      quietMs: options.quietMs ?? 5_000,
      keepaliveSeconds: options.keepaliveSeconds ?? 60,
      handshakeMs: options.handshakeMs ?? 10_000,
      backoffMs: options.backoffMs ?? [250, 1_000, 4_000],
      subscriptionsPerMessage: options.subscriptionsPerMessage ?? 32,
    };
    this.perMessage = this.settings.subscriptionsPerMessage;
  }

  /** Whether a connection is open or opening. */
  get connected(): boolean {
    return this.connection !== null || this.opening;
  }

  /** The candles of `symbol` (e.g. `SPY{=1d}`) from `fromTime` on (epoch ms), or from earlier when joining a request that asked for more. */
  history(symbol: string, fromTime: number): ResultAsync<CandleHistory, MarketDataError> {
    return new ResultAsync(this.request({ symbol, fromTime }));
  }

  /** Closes the connection now; histories in flight end partial. */
  close(): void {
    this.stopIdle?.();
    const connection = this.connection;
    this.detach();
    connection?.close();
    for (const pending of [...this.pending.values()]) this.finishPartial(pending, 'closed');
  }

  private async request(subscription: CandleSubscription): Promise<HistoryResult> {
    const key = canonicalCandleSymbol(subscription.symbol);
    const existing = this.pending.get(key);
    if (existing !== undefined) {
      const joined = new Promise<HistoryResult>((resolve) => existing.waiters.push(resolve));
      if (existing.subscription.fromTime <= subscription.fromTime) return joined;
      await joined;
      return this.request(subscription);
    }
    const pending: Pending = { subscription, key, snapshot: new CandleSnapshot(), sent: false, stopQuiet: null, waiters: [] };
    const answered = new Promise<HistoryResult>((resolve) => pending.waiters.push(resolve));
    this.pending.set(key, pending);
    this.stopIdle?.();
    this.stopIdle = null;
    if (this.ready) this.send([pending]);
    else this.connect();
    return answered;
  }

  private connect(): void {
    if (this.connection !== null || this.opening) return;
    this.opening = true;
    void this.open();
  }

  private async open(): Promise<void> {
    const { backoffMs, timers } = this.settings;
    const wait = this.failures === 0 ? 0 : (backoffMs[Math.min(this.failures, backoffMs.length) - 1] ?? 0);
    if (wait > 0) await new Promise<void>((resolve) => timers.after(wait, resolve));
    const token = await this.tokens.current();
    this.opening = false;
    if (token.isErr()) {
      this.failAll(token.error);
      return;
    }
    if (this.pending.size === 0) return;
    this.token = token.value.token;
    const connection: DxlinkConnection = new DxlinkConnection(token.value.url, token.value.token, this.settings, {
      ready: () => {
        this.onReady();
      },
      candles: (events) => {
        this.onCandles(events);
      },
      ended: (end) => {
        if (this.connection === connection) this.onEnded(end, connection.url);
      },
    });
    this.connection = connection;
  }

  private onReady(): void {
    this.ready = true;
    this.renewedToken = false;
    this.send([...this.pending.values()].filter((pending) => !pending.sent));
  }

  private send(list: readonly Pending[]): void {
    if (list.length === 0) return;
    for (const pending of list) {
      pending.sent = true;
      this.watchQuiet(pending);
    }
    this.connection?.subscribe(
      list.map((pending) => pending.subscription),
      this.perMessage,
    );
  }

  private onCandles(events: readonly CandleEvent[]): void {
    const touched = new Set<Pending>();
    for (const event of events) {
      const pending = this.pending.get(canonicalCandleSymbol(event.symbol));
      if (pending === undefined || !pending.sent) continue;
      pending.snapshot.accept(event);
      touched.add(pending);
    }
    for (const pending of touched) {
      if (!pending.snapshot.complete) {
        this.watchQuiet(pending);
        continue;
      }
      this.failures = 0;
      this.finish(pending, ok({ complete: true, candles: pending.snapshot.candles() }));
    }
  }

  private watchQuiet(pending: Pending): void {
    pending.stopQuiet?.();
    pending.stopQuiet = this.settings.timers.after(this.settings.quietMs, () => {
      this.finishPartial(pending, 'quiet');
      // A stalled stream is not asked again on the same socket: the retry gets a fresh connection.
      this.close();
    });
  }

  private finishPartial(pending: Pending, stoppedBy: 'closed' | 'quiet'): void {
    this.finish(pending, ok({ complete: false, candles: pending.snapshot.candles(), stoppedBy }));
  }

  private finish(pending: Pending, result: HistoryResult): void {
    pending.stopQuiet?.();
    if (this.pending.get(pending.key) !== pending) return;
    this.pending.delete(pending.key);
    if (pending.sent) this.connection?.unsubscribe([pending.subscription.symbol]);
    for (const resolve of pending.waiters) resolve(result);
    if (this.pending.size === 0 && this.connection !== null) this.idleSoon();
  }

  private idleSoon(): void {
    this.stopIdle?.();
    this.stopIdle = this.settings.timers.after(this.settings.idleMs, () => {
      this.stopIdle = null;
      if (this.pending.size > 0) return;
      const connection = this.connection;
      this.detach();
      connection?.close();
    });
  }

  private detach(): void {
    this.connection = null;
    this.ready = false;
  }

  private onEnded(end: ConnectionEnd, url: string): void {
    this.detach();
    this.stopIdle?.();
    this.stopIdle = null;
    switch (end.kind) {
      case 'closed':
        break;
      case 'too_large':
        if (this.perMessage === 1) {
          this.failAll(unavailable(`tastytrade's quote streamer refused even a single candle subscription as too large`));
          return;
        }
        this.perMessage = Math.max(1, Math.floor(this.perMessage / 2));
        break;
      case 'unauthorized':
        if (this.token !== null) this.tokens.refused(this.token);
        if (this.renewedToken) {
          this.failAll(unavailable(`tastytrade's quote streamer refused a newly issued quote token (${end.words})`));
          return;
        }
        this.renewedToken = true;
        break;
      case 'unreachable':
        this.failures++;
        if (this.failures > this.settings.backoffMs.length) {
          this.failAll(unavailable(`condor could not reach tastytrade's quote streamer at ${url} (${end.words})`));
          return;
        }
        break;
      case 'dropped':
        this.failures++;
        for (const pending of [...this.pending.values()]) if (pending.sent) this.finishPartial(pending, 'closed');
        break;
    }
    this.retryAll();
  }

  /** Every request still waiting starts again on a new connection. */
  private retryAll(): void {
    if (this.pending.size === 0) return;
    for (const pending of this.pending.values()) {
      pending.stopQuiet?.();
      pending.snapshot = new CandleSnapshot();
      pending.sent = false;
    }
    this.connect();
  }

  private failAll(error: MarketDataError): void {
    this.renewedToken = false;
    for (const pending of [...this.pending.values()]) this.finish(pending, err(error));
  }
}

const unavailable = (message: string): MarketDataError => ({ kind: 'unavailable', message });
