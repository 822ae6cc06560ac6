import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { FrameStyle } from './fake-dxlink-frames.js';
import { generateDailyCandles, type FakeCandle, type FakeCandleSpec } from './fake-dxlink-history.js';
import { FakeDxlinkSession, type HistoryFault } from './fake-dxlink-session.js';

export interface FakeDxlinkOptions extends Partial<FrameStyle> {
  /** Epoch milliseconds: token expiry and the last session of the history. Default the system clock. */
  readonly now?: () => number;
  /** The symbols with a daily history (default SPY, QQQ, IWM, AAPL). */
  readonly symbols?: Readonly<Record<string, FakeCandleSpec>>;
  /** Years of history (default 6). */
  readonly years?: number;
  /** The server's keepalive timeout, seconds (default 60); silence that long ends the connection with ERROR TIMEOUT. */
  readonly keepaliveSeconds?: number;
  /** A FEED_SUBSCRIPTION message longer than this closes the socket with 1009 (default 16 KiB). */
  readonly maxSubscriptionBytes?: number;
  /** The quote token's lifetime, seconds (default 24 h). */
  readonly tokenSeconds?: number;
}

/** What one quote token was used for. */
export interface TokenUsage {
  /** Connections authorized with it. */
  readonly connections: number;
  /** Candle subscriptions made on them. */
  readonly subscriptions: number;
}

/** One Candle subscription the fake received. */
export interface FakeSubscription {
  readonly token: string;
  readonly symbol: string;
  readonly fromTime: number | null;
  readonly contract: string;
}

export const DEFAULT_CANDLE_SPECS: Readonly<Record<string, FakeCandleSpec>> = {
  SPY: { price: 605, iv: 0.152 },
  QQQ: { price: 520, iv: 0.198 },
  IWM: { price: 210, iv: 0.221 },
  AAPL: { price: 230, iv: 0.2618 },
};

/**
 * A local stand-in for tastytrade's DXLink quote streamer (`shared/reference/dxlink-candles.md`): a real `ws`
 * server on 127.0.0.1 serving daily `Candle` histories (`years` of generated sessions per symbol, with
 * `impVolatility`) and reproducing each quirk of the reference (see FakeDxlinkSession). Tokens come from
 * `issueToken` (the REST fake's `GET /api-quote-tokens`); connections and subscriptions are counted per token, and
 * histories can be made to drop or stall part way.
 */
export class FakeDxlink {
  readonly subscriptions: FakeSubscription[] = [];
  private readonly options: FakeDxlinkOptions;
  private readonly tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  private readonly usageByToken = new Map<string, { connections: number; subscriptions: number }>();
  private readonly histories = new Map<string, { readonly minute: number; readonly newestFirst: readonly FakeCandle[] }>();
  private readonly faults: HistoryFault[] = [];
  private server: WebSocketServer | null = null;
  private address = '';
  private open = 0;
  private style: FrameStyle;

  constructor(options: FakeDxlinkOptions = {}) {
    this.options = options;
    this.style = { eventsPerFrame: options.eventsPerFrame ?? 100, shape: options.shape ?? 'flat', end: options.end ?? 'sentinel', pendingEnd: options.pendingEnd ?? false };
  }

  /** The streamer's URL, `ws://127.0.0.1:<port>/`; empty until started. */
  get url(): string {
    return this.address;
  }

  /** Sockets open now. */
  get openConnections(): number {
    return this.open;
  }

  /** Listens on 127.0.0.1, a free port; answers the URL. */
  async start(): Promise<string> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    this.server = server;
    server.on('connection', (socket) => {
      this.open++;
      socket.on('close', () => this.open--);
      new FakeDxlinkSession(socket, {
        style: () => this.style,
        keepaliveSeconds: () => this.options.keepaliveSeconds ?? 60,
        maxSubscriptionBytes: () => this.options.maxSubscriptionBytes ?? 16_384,
        tokenIsValid: (token) => this.tokenIsValid(token),
        authorized: (token) => this.usageOf(token).connections++,
        subscribed: (entry) => {
          this.subscriptions.push(entry);
          this.usageOf(entry.token).subscriptions++;
        },
        dailyHistory: (ticker) => this.dailyHistory(ticker),
        takeFault: () => this.faults.shift() ?? null,
      });
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    this.address = `ws://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;
    return this.address;
  }

  /** Cuts every open socket, so no test waits on one. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }

  /** A new quote token, as `GET /api-quote-tokens` answers it (`data`). */
  issueToken(level = 'api'): Record<string, string> {
    const now = this.now();
    const token = `dxlink.${randomBytes(18).toString('base64url')}`;
    const expiresAt = now + (this.options.tokenSeconds ?? 86_400) * 1000;
    this.tokens.set(token, { expiresAt, revoked: false });
    return { token, 'dxlink-url': this.address, level, 'issued-at': new Date(now).toISOString(), 'expires-at': new Date(expiresAt).toISOString() };
  }

  /** Every token issued so far is refused from now on (ERROR UNAUTHORIZED). */
  revokeTokens(): void {
    for (const state of this.tokens.values()) state.revoked = true;
  }

  /** Every token issued, oldest first. */
  get issuedTokens(): string[] {
    return [...this.tokens.keys()];
  }

  usage(token: string): TokenUsage {
    return { ...this.usageOf(token) };
  }

  /** The next `times` histories with candles stop after `afterFrames` frames: the socket cut (`drop`) or silent (`stall`). */
  failNextHistories(kind: HistoryFault['kind'], options: { readonly afterFrames?: number; readonly times?: number } = {}): void {
    for (let i = 0; i < (options.times ?? 1); i++) this.faults.push({ kind, afterFrames: options.afterFrames ?? 2 });
  }

  /** Changes how histories are written from the next subscription on. */
  restyle(style: Partial<FrameStyle>): void {
    this.style = { ...this.style, ...style };
  }

  /** The fake's daily candles of a ticker, newest first; null for one it does not know. */
  dailyHistory(ticker: string): readonly FakeCandle[] | null {
    const spec = (this.options.symbols ?? DEFAULT_CANDLE_SPECS)[ticker];
    if (spec === undefined) return null;
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    const kept = this.histories.get(ticker);
    if (kept?.minute === minute) return kept.newestFirst;
    const newestFirst = generateDailyCandles(ticker, spec, { now, years: this.options.years ?? 6 }).reverse();
    this.histories.set(ticker, { minute, newestFirst });
    return newestFirst;
  }

  private tokenIsValid(token: string): boolean {
    const state = this.tokens.get(token);
    return state !== undefined && !state.revoked && state.expiresAt > this.now();
  }

  private usageOf(token: string): { connections: number; subscriptions: number } {
    let usage = this.usageByToken.get(token);
    if (!usage) {
      usage = { connections: 0, subscriptions: 0 };
      this.usageByToken.set(token, usage);
    }
    return usage;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
