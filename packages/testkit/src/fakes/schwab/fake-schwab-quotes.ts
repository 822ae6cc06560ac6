import { parseOcc, type Contract, type FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import { optionContractJson } from './fake-schwab-option-contract.js';

/** Dividends the fake's quotes carry in `fundamental` (ex-dates on weekdays, around the default clock's 2026). */
export interface FakeDividendSpec {
  readonly yieldPercent: number;
  readonly payAmount: number;
  readonly exDate: string;
  readonly nextExDate: string;
}

/** Where quotes come from: the market model, the clock, and the dividends each symbol carries. */
export interface QuoteSource {
  readonly market: FakeMarket;
  readonly now: () => number;
  readonly dividends: Readonly<Record<string, FakeDividendSpec>>;
}

/** `GET /quotes?symbols=…`: equity and option quotes by symbol, unknown symbols under `errors.invalidSymbols`. */
export function quotesJson(symbols: readonly string[], source: QuoteSource): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const symbol of symbols) {
    const contract = parseOcc(symbol);
    if (contract !== null && source.market.listed(contract)) answer[symbol] = optionQuote(contract, source);
    else if (source.market.price(symbol) !== undefined) answer[symbol] = equityQuote(symbol, source);
    else invalid.push(symbol);
  }
  if (invalid.length > 0) answer.errors = { invalidSymbols: invalid };
  return answer;
}

function equityQuote(symbol: string, { market, now, dividends }: QuoteSource): Record<string, unknown> {
  const price = market.price(symbol) ?? 0;
  const dividend = dividends[symbol];
  const at = now();
  return {
    assetMainType: 'EQUITY',
    assetSubType: symbol === 'AAPL' ? 'COE' : 'ETF',
    quoteType: 'NBBO',
    realtime: true,
    ssid: 1_281_357_639,
    symbol,
    quote: {
      '52WeekHigh': round2(price * 1.12),
      '52WeekLow': round2(price * 0.8),
      askPrice: round2(price + 0.01),
      askSize: 300,
      bidPrice: round2(price - 0.01),
      bidSize: 200,
      closePrice: round2(price * 0.997),
      highPrice: round2(price * 1.004),
      lastPrice: price,
      lowPrice: round2(price * 0.993),
      mark: price,
      netChange: round2(price * 0.003),
      openPrice: round2(price * 0.998),
      quoteTime: at,
      securityStatus: 'Normal',
      totalVolume: 51_240_000,
      tradeTime: at,
    },
    reference: { cusip: '78462F103', description: `${symbol} fake`, exchange: 'P', exchangeName: 'NYSE Arca' },
    fundamental: {
      avg10DaysVolume: 60_000_000,
      divAmount: dividend === undefined ? 0 : round2(dividend.payAmount * 4),
      divFreq: dividend === undefined ? 0 : 4,
      divPayAmount: dividend?.payAmount ?? 0,
      divYield: dividend?.yieldPercent ?? 0,
      ...(dividend === undefined ? {} : { divExDate: `${dividend.exDate}T05:00:00Z`, nextDivExDate: `${dividend.nextExDate}T04:00:00Z` }),
      eps: 0,
      peRatio: 0,
    },
  };
}

function optionQuote(contract: Contract, { market, now }: QuoteSource): Record<string, unknown> {
  const row = optionContractJson(contract, market, now);
  return {
    assetMainType: 'OPTION',
    symbol: contract.symbol,
    realtime: true,
    quote: {
      askPrice: row.ask,
      bidPrice: row.bid,
      lastPrice: row.last,
      mark: row.mark,
      delta: row.delta,
      gamma: row.gamma,
      theta: row.theta,
      vega: row.vega,
      rho: row.rho,
      volatility: row.volatility,
      openInterest: row.openInterest,
      totalVolume: row.totalVolume,
      quoteTime: row.quoteTimeInLong,
      underlyingPrice: market.price(contract.root),
    },
    reference: { contractType: contract.type, description: row.description, underlying: contract.root, strikePrice: contract.strike },
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
