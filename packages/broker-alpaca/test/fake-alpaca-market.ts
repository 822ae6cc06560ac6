import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from '@condor/testkit';
import { AlpacaMarketAnswers, type FakeAnswer, type ServedMarket } from './alpaca-market-answers.js';
import { optionBarsAnswer, seededTrading } from './alpaca-option-bar-answers.js';
import { keyPairOf, type FakeKeyPair } from './fake-key-pairs.js';

/** One request the fake received: the label of the key pair it was sent with, null when no pair matched. */
export interface RecordedMarketRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly keyPair: string | null;
}

export interface FakeAlpacaMarketOptions {
  /** The market served, on the clock it stands on. */
  readonly market: ServedMarket;
  /** The key pairs accepted (one per person); more with `addKeyPair`. */
  readonly keyPairs: readonly FakeKeyPair[];
}

/**
 * A local stand-in for Alpaca's Market Data API host (`CONDOR_ALPACA_DATA_URL`), answering from any core
 * `MarketData`: `GET /v2/stocks/{symbol}/trades/latest`, `/quotes/latest` and `/bars` (daily), `GET
 * /v1beta1/options/snapshots/{underlying}` and `GET /v1/corporate-actions` (cash dividends), as `AlpacaMarketAnswers`
 * renders them, and `GET /v1beta1/options/bars` (historical daily option bars since February 2024, sparse: none on a
 * day the contract did not trade, as `optionBarsTraded` says) as `optionBarsAnswer` renders them, with `X-RateLimit-*` headers on every answer. Only the listed key pairs get in (401 otherwise), and
 * every request is recorded with its pair's label, so a test can count one person's requests apart from another's.
 * The Trading API's assets and option contracts are `FakeAlpaca`'s, given the same market.
 * @example
 * const data = new FakeAlpacaMarket({ market: { data: new SimMarketData(clock), now: () => clock.now() }, keyPairs: [paperKeyPair('alice')] });
 * const url = await data.start(); // CONDOR_ALPACA_DATA_URL
 * data.requestsBy('alice').length;
 */
export class FakeAlpacaMarket {
  readonly requests: RecordedMarketRequest[] = [];
  /** The renderer: its `pageSizes` and `omitGreeks` can be changed. */
  readonly answers: AlpacaMarketAnswers;
  /** Whether a contract traded on a day, so has a bar: by default a seeded rule per symbol and day (about four days in five). */
  optionBarsTraded: (symbol: string, date: string) => boolean = seededTrading;
  private readonly pairs: FakeKeyPair[];
  private readonly scripted: { prefix: string; answer: FakeAnswer }[] = [];
  private readonly loopback = new LoopbackServer((req, res) => void this.handle(req, res));

  constructor(private readonly options: FakeAlpacaMarketOptions) {
    this.answers = new AlpacaMarketAnswers(options.market);
    this.pairs = [...options.keyPairs];
  }

  /** Listens on 127.0.0.1, a free port; answers the base URL. */
  start(): Promise<string> {
    return this.loopback.start();
  }

  stop(): Promise<void> {
    return this.loopback.stop();
  }

  /** Accepts one more key pair from now on. */
  addKeyPair(pair: FakeKeyPair): void {
    this.pairs.push(pair);
  }

  /** Requests sent with the pair labelled `label`, optionally only those whose path starts with `prefix`. */
  requestsBy(label: string, prefix = '/'): RecordedMarketRequest[] {
    return this.requests.filter((r) => r.keyPair === label && r.path.startsWith(prefix));
  }

  /** The next request whose path starts with `prefix` answers 429 with `X-RateLimit-Reset: resetEpochSeconds`. */
  rateLimitNext(prefix: string, resetEpochSeconds: number): void {
    const headers = { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetEpochSeconds) };
    this.scripted.push({ prefix, answer: { status: 429, body: { code: 42910000, message: 'too many requests.' }, headers } });
  }

  /** The next request whose path starts with `prefix` answers `status` with `message`. */
  failNext(prefix: string, status: number, message: string): void {
    this.scripted.push({ prefix, answer: { status, body: { code: status * 100_000, message } } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const pair = keyPairOf(this.pairs, req.headers);
    this.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), keyPair: pair?.label ?? null });
    const answer = pair === undefined ? { status: 401, body: { code: 40110000, message: 'request is not authorized' } } : this.takeScripted(url.pathname) ?? (await this.route(req.method ?? 'GET', url));
    if (res.destroyed) return;
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'X-RateLimit-Limit': '200',
      'X-RateLimit-Remaining': '199',
      'X-RateLimit-Reset': String(Math.ceil(this.options.market.now() / 1000) + 60),
      ...answer.headers,
    });
    res.end(JSON.stringify(answer.body));
  }

  private takeScripted(path: string): FakeAnswer | undefined {
    const at = this.scripted.findIndex((s) => path.startsWith(s.prefix));
    return at < 0 ? undefined : this.scripted.splice(at, 1)[0]?.answer;
  }

  private async route(method: string, url: URL): Promise<FakeAnswer> {
    if (method !== 'GET') return { status: 405, body: { code: 40510000, message: 'method not allowed' } };
    if (url.pathname === '/v1beta1/options/bars') return optionBarsAnswer(this.options.market, url.searchParams, this.answers.pageSizes.optionBars, this.optionBarsTraded);
    return (await this.answers.data(url)) ?? { status: 404, body: { code: 40410000, message: `no route ${url.pathname}` } };
  }
}
