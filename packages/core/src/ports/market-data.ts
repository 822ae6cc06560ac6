import type { ResultAsync } from 'neverthrow';

/** Why a market-data request failed. Adapters map their transport failures onto these. */
export type MarketDataError =
  /** The symbol is not known to the market, or is known but not tradeable (halted, OTC, delisted). */
  | { readonly kind: 'unknown_symbol' }
  /** The provider refused the request for now (an HTTP 429); try again after the given delay. */
  | { readonly kind: 'rate_limited'; readonly retryAfterSeconds: number }
  /** The provider could not answer (network, outage, malformed reply, no data for the time asked). */
  | { readonly kind: 'unavailable'; readonly message: string }
  /** The provider does not offer this kind of data at all (Alpaca keeps no implied-volatility history). */
  | { readonly kind: 'unsupported'; readonly message: string }
  /**
   * A person's link cannot serve market data (a revoked grant, a sandbox without quotes, unreadable keys): the
   * message names the broker and says why, the suggestion what the person can do. `loginAt` names the broker of a
   * link made by logging in there whose login ended or was refused: the person logs in there again.
   */
  | { readonly kind: 'not_served'; readonly message: string; readonly suggestion: string | null; readonly loginAt?: string };

/**
 * Which session a market's prices belong to: `regular` while the exchange's regular session is under way;
 * `demo` while the exchange is closed and a simulated market runs a labelled demo session of its own, so the
 * service can be tried at any hour (its prices move and are fresh, and are as synthetic as the rest);
 * `closed` otherwise, when quotes are those of the last close.
 */
export type SessionKind = 'regular' | 'demo' | 'closed';

/**
 * Where a market's prices come from (design §17): a person's own link, the deployment's market, or the simulated one.
 * A proposal keeps its `id`, and confirm refuses it once the person's market has another.
 */
export interface MarketSource {
  /** Stable and short: 'simulated', 'tastytrade:live', 'alpaca:paper', 'deployment:alpaca'. */
  readonly id: string;
  readonly simulated: boolean;
  /** For a person: "your tastytrade account's market (live), read with your own link". */
  readonly words: string;
}

/** The trading session at the market's current time. Times are epoch ms. */
export interface MarketSession {
  /** Set by core's choice of market (a person's market names its source); adapters leave it out. */
  readonly source?: MarketSource;
  readonly kind: SessionKind;
  /** Whether the prices are synthetic (a simulated market). */
  readonly simulated: boolean;
  /** When the session under way ends (a demo session ends when the exchange opens); null when closed. */
  readonly closesAt: number | null;
  /** When the exchange's next regular session opens (after the one under way, if any). */
  readonly nextOpen: number;
  /** When the exchange's last regular session closed: the time of a closed market's quotes. */
  readonly lastClose: number;
}

/** The right an option contract grants. */
export type OptionType = 'call' | 'put';

/** The latest quote of an underlying. Prices in dollars per share. */
export interface Quote {
  /** The underlying's ticker, upper case, e.g. 'SPY'. */
  readonly symbol: string;
  readonly bid: number;
  readonly ask: number;
  /** The last trade price. */
  readonly last: number;
  /** When the quote was taken, epoch ms: now in a session (regular or demo), the last close when the market is closed (see `session`). */
  readonly time: number;
}

/**
 * Sensitivities of one contract, per share, in the units of `priceOption`: delta per $1 of the
 * underlying, gamma per $1, theta per year, vega per 1.00 (100 points) of volatility.
 */
export interface OptionGreeks {
  readonly delta: number;
  readonly gamma: number;
  readonly theta: number;
  readonly vega: number;
}

/** One listed option contract with its current market. Prices in dollars per share. */
export interface OptionContract {
  /** The OCC symbol in its compact (Alpaca) form: root, YYMMDD, C or P, strike × 1000 in 8 digits, e.g. 'SPY261218C00450000'. */
  readonly symbol: string;
  readonly type: OptionType;
  readonly strike: number;
  /** The expiration date, 'YYYY-MM-DD'. */
  readonly expiry: string;
  /** 0 when nobody bids. */
  readonly bid: number;
  readonly ask: number;
  /** The last trade price, absent when the contract has not traded. */
  readonly last?: number;
  /** The implied volatility (annualised, 0.2 = 20 %), null when the provider has none. */
  readonly volatility: number | null;
  /** Null when the provider has none. */
  readonly greeks: OptionGreeks | null;
  /** Open contracts as of the previous close. */
  readonly openInterest: number;
  /** Contracts traded today so far. */
  readonly volume: number;
  /** When the bid and ask were taken, epoch ms. */
  readonly quoteTime: number;
}

/** One regular-session day of an underlying. Prices in dollars per share, not adjusted for dividends. */
export interface DailyBar {
  /** The session's date, 'YYYY-MM-DD' (exchange time). */
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Shares traded. */
  readonly volume: number;
}

/**
 * Daily bars of option contracts as a provider recorded their trades (design §17): what traded history a backtest's
 * modelled prices can be set against.
 */
export interface OptionBarHistory {
  /** The first session the provider keeps option bars for, 'YYYY-MM-DD' (Alpaca: 2024-02-01); nothing earlier is asked for. */
  readonly since: string;
  /**
   * By OCC symbol (compact form, as `OptionContract.symbol`), each contract's bars ascending, dollars per share and
   * contracts traded. Sparse: a day the contract did not trade has no bar, and a contract with no trade in the range
   * has no entry. A bar is end-of-day: its close is the session's last trade.
   */
  readonly bars: ReadonlyMap<string, readonly DailyBar[]>;
}

/** The underlying's 30-day at-the-money implied volatility at one session's close: the series IV rank is computed from. */
export interface IvPoint {
  /** The session's date, 'YYYY-MM-DD'. */
  readonly date: string;
  /** Annualised, 0.2 = 20 %. */
  readonly volatility: number;
}

/** A cash dividend of an underlying: the ex-dividend date and the amount per share in dollars. */
export interface Dividend {
  readonly exDate: string;
  readonly amount: number;
}

/**
 * The scheduled events of an underlying in a date range, ascending. A list is null when the provider does not know
 * that kind of event (Alpaca publishes dividends but no earnings calendar): unknown, never guessed as none.
 */
export interface CorporateEvents {
  /** Earnings report dates ('YYYY-MM-DD'). */
  readonly earnings: readonly string[] | null;
  readonly dividends: readonly Dividend[] | null;
}

/** The provider's own ranking of today's implied volatility against its past year, 0–100 as core's `ivRank`; null parts it has none for. */
export interface ProviderIvRank {
  readonly rank: number | null;
  readonly percentile: number | null;
}

/**
 * Prices of underlyings and their options, as a market (simulated or a broker's API) knows them now.
 * Symbols are underlying tickers; an unknown or non-tradeable one fails every lookup with
 * `unknown_symbol`. Times are epoch ms; dates are 'YYYY-MM-DD' in exchange time.
 */
export interface MarketData {
  /** The session under way now: whether quotes are live, and when the market next opens or closes. */
  session(): ResultAsync<MarketSession, MarketDataError>;
  /** Whether the symbol can be traded now: false for unknown, halted, OTC-only or delisted symbols. */
  isTradeable(symbol: string): ResultAsync<boolean, MarketDataError>;
  /** The underlying's latest bid, ask and last trade. */
  quote(symbol: string): ResultAsync<Quote, MarketDataError>;
  /** The listed expiration dates that have not yet expired, ascending ('YYYY-MM-DD'). */
  expirations(symbol: string): ResultAsync<readonly string[], MarketDataError>;
  /**
   * Every contract of one expiration, calls and puts, ordered by strike, then call before put.
   * An expiration that is not listed gives an empty list.
   */
  optionChain(symbol: string, expiry: string): ResultAsync<readonly OptionContract[], MarketDataError>;
  /**
   * Completed sessions from `fromDate` to `toDate`, both inclusive, ascending; sessions outside the
   * provider's history are left out.
   */
  dailyBars(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError>;
  /**
   * The 30-day ATM implied volatility at each completed session's close in the range, ascending, as
   * `dailyBars`; `unsupported` from a provider that keeps no such history.
   */
  ivHistory(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly IvPoint[], MarketDataError>;
  /**
   * Today's IV rank and percentile as the provider publishes them (tastytrade's market metrics). A capability:
   * absent where the provider publishes none, and core ranks the `ivHistory` itself.
   */
  ivRankToday?(symbol: string): ResultAsync<ProviderIvRank, MarketDataError>;
  /**
   * Daily bars of the given option contracts from `fromDate` to `toDate`, both inclusive, sparse (no bar on a day
   * without trades; see `OptionBarHistory`), clamped to the provider's history. A capability: absent where the
   * market keeps none, or `unsupported` from a market that wraps another (a person's link) whose provider keeps none.
   * @example
   * market.optionBars?.(['SPY240621P00500000'], '2024-05-01', '2024-05-31'); // Ok({ since: '2024-02-01', bars: Map { 'SPY240621P00500000' => [...] } })
   */
  optionBars?(symbols: readonly string[], fromDate: string, toDate: string): ResultAsync<OptionBarHistory, MarketDataError>;
  /** The risk-free rate the market prices options with, annualised and continuously compounded (0.04 = 4 %). */
  riskFreeRate(): ResultAsync<number, MarketDataError>;
  /** The underlying's dividend yield, annualised and continuously compounded (0 for none). */
  dividendYield(symbol: string): ResultAsync<number, MarketDataError>;
  /** Earnings dates and cash dividends (one entry per ex-date, amounts going ex that day added up) from `fromDate` to `toDate`, both inclusive. */
  events(symbol: string, fromDate: string, toDate: string): ResultAsync<CorporateEvents, MarketDataError>;
}
