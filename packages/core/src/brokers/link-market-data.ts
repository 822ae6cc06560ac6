import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { CorporateEvents, DailyBar, IvPoint, MarketData, MarketDataError, MarketSession, MarketSource, OptionBarHistory, OptionContract, ProviderIvRank, Quote } from '../ports/market-data.js';

type Opened = ResultAsync<MarketData | null, AppError>;

/**
 * A market that names its source: its session carries `source`, and its failures name where the prices would have
 * come from. The market behind it is opened on first use and once per call (a person's own link: their keys are
 * opened only when a price is wanted).
 */
export class LinkMarketData implements MarketData {
  private opening: ResultAsync<MarketData, MarketDataError> | null = null;

  constructor(
    private readonly source: MarketSource,
    private readonly open: () => Opened,
    /** Who serves it, in words ("tastytrade"), named in its failures; null for a market whose failures say it already. */
    private readonly provider: string | null = null,
  ) {}

  session(): ResultAsync<MarketSession, MarketDataError> {
    return this.use((market) => market.session().map((session) => ({ ...session, source: this.source })));
  }
  isTradeable(symbol: string): ResultAsync<boolean, MarketDataError> {
    return this.use((market) => market.isTradeable(symbol));
  }
  quote(symbol: string): ResultAsync<Quote, MarketDataError> {
    return this.use((market) => market.quote(symbol));
  }
  expirations(symbol: string): ResultAsync<readonly string[], MarketDataError> {
    return this.use((market) => market.expirations(symbol));
  }
  optionChain(symbol: string, expiry: string): ResultAsync<readonly OptionContract[], MarketDataError> {
    return this.use((market) => market.optionChain(symbol, expiry));
  }
  dailyBars(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError> {
    return this.use((market) => market.dailyBars(symbol, fromDate, toDate));
  }
  ivHistory(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly IvPoint[], MarketDataError> {
    return this.use((market) => market.ivHistory(symbol, fromDate, toDate));
  }
  /** The provider's rank where it publishes one; none (null parts) where it does not, so core ranks the history itself. */
  ivRankToday(symbol: string): ResultAsync<ProviderIvRank, MarketDataError> {
    return this.use((market) => market.ivRankToday?.(symbol) ?? okAsync({ rank: null, percentile: null }));
  }
  /** The provider's option bars where it keeps them; `unsupported` where it does not (this method is always there). */
  optionBars(symbols: readonly string[], fromDate: string, toDate: string): ResultAsync<OptionBarHistory, MarketDataError> {
    return this.use(
      (market) =>
        market.optionBars?.(symbols, fromDate, toDate) ?? errAsync<OptionBarHistory, MarketDataError>({ kind: 'unsupported', message: 'This market keeps no option bars' }),
    );
  }
  riskFreeRate(): ResultAsync<number, MarketDataError> {
    return this.use((market) => market.riskFreeRate());
  }
  dividendYield(symbol: string): ResultAsync<number, MarketDataError> {
    return this.use((market) => market.dividendYield(symbol));
  }
  events(symbol: string, fromDate: string, toDate: string): ResultAsync<CorporateEvents, MarketDataError> {
    return this.use((market) => market.events(symbol, fromDate, toDate));
  }

  private use<T>(ask: (market: MarketData) => ResultAsync<T, MarketDataError>): ResultAsync<T, MarketDataError> {
    this.opening ??= this.open()
      .mapErr((error): MarketDataError => ({ kind: 'not_served', message: `${this.provider ?? 'The market'} cannot serve your market data: ${error.message}`, suggestion: error.suggestion ?? null }))
      .andThen((market) =>
        market === null
          ? errAsync<MarketData, MarketDataError>({
              kind: 'not_served',
              message: `This deployment cannot read ${this.provider === null ? 'this' : `${this.provider}'s`} market data for your account.`,
              suggestion: 'Ask the operator to update condor; meanwhile research on the simulated market by linking the simulated broker.',
            })
          : okAsync(market),
      );
    return this.opening.andThen((market) => ask(market).mapErr((error) => this.named(error)));
  }

  /** A failure of the person's market, saying whose market it was. */
  private named(error: MarketDataError): MarketDataError {
    if (this.provider === null || (error.kind !== 'unavailable' && error.kind !== 'not_served')) return error;
    return { ...error, message: error.message.includes(this.provider) ? error.message : `${this.source.words}: ${error.message}` };
  }
}
