import { normalCdf, normalPdf } from '@condor/core';
import { generateDailyCandles } from '../tastytrade/dxlink/fake-dxlink-history.js';
import { newYorkDate, occ, parseOcc, type Contract, type FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import type { SchwabAnswer } from './fake-schwab-oauth.js';

const DAY_MS = 86_400_000;
const VOLATILITY = 0.2;
const RATE = 0.0425;

/** Dividends the fake's quotes carry in `fundamental` (ex-dates on weekdays, around the default clock's 2026). */
export interface FakeDividendSpec {
  readonly yieldPercent: number;
  readonly payAmount: number;
  readonly exDate: string;
  readonly nextExDate: string;
}

const DEFAULT_DIVIDENDS: Readonly<Record<string, FakeDividendSpec>> = {
  SPY: { yieldPercent: 1.15, payAmount: 1.74, exDate: '2025-12-19', nextExDate: '2026-03-20' },
  AAPL: { yieldPercent: 0.44, payAmount: 0.26, exDate: '2026-02-09', nextExDate: '2026-05-11' },
  QQQ: { yieldPercent: 0.55, payAmount: 0.71, exDate: '2025-12-22', nextExDate: '2026-03-23' },
  IWM: { yieldPercent: 1.1, payAmount: 0.6, exDate: '2025-12-17', nextExDate: '2026-03-18' },
};

/**
 * The `/marketdata/v1` endpoints: quotes (equity and option, unknown symbols under `errors.invalidSymbols`),
 * chains keyed `"yyyy-MM-dd:DTE"` → `"strike"` → `[contract]` with bid/ask/mark, greeks (Schwab's units: theta per
 * day, vega per volatility point) and `volatility` in percent, the expiration chain, daily price history (candles
 * stamped at midnight US Central) and market hours. Prices come from the tastytrade fake's market model.
 */
export class FakeSchwabMarket {
  constructor(
    readonly market: FakeMarket,
    private readonly now: () => number,
    private readonly dividends: Readonly<Record<string, FakeDividendSpec>> = DEFAULT_DIVIDENDS,
  ) {}

  answer(method: string, path: string, query: URLSearchParams): SchwabAnswer | null {
    if (method !== 'GET') return null;
    if (path === '/marketdata/v1/quotes') return ok(this.quotes((query.get('symbols') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')));
    const single = /^\/marketdata\/v1\/([^/]+)\/quotes$/.exec(path);
    if (single) return ok(this.quotes([decodeURIComponent(single[1] ?? '')]));
    if (path === '/marketdata/v1/chains') return this.chain(query);
    if (path === '/marketdata/v1/expirationchain') return this.expirationChain(query.get('symbol') ?? '');
    if (path === '/marketdata/v1/pricehistory') return this.priceHistory(query);
    if (path === '/marketdata/v1/markets') return ok(this.hours((query.get('markets') ?? '').split(','), query.get('date') ?? newYorkDate(this.now())));
    const one = /^\/marketdata\/v1\/markets\/([a-z]+)$/.exec(path);
    if (one) return ok(this.hours([one[1] ?? ''], query.get('date') ?? newYorkDate(this.now())));
    return null;
  }

  private quotes(symbols: readonly string[]): Record<string, unknown> {
    const answer: Record<string, unknown> = {};
    const invalid: string[] = [];
    for (const symbol of symbols) {
      const contract = parseOcc(symbol);
      if (contract !== null && this.market.listed(contract)) answer[symbol] = this.optionQuote(contract);
      else if (this.market.price(symbol) !== undefined) answer[symbol] = this.equityQuote(symbol);
      else invalid.push(symbol);
    }
    if (invalid.length > 0) answer.errors = { invalidSymbols: invalid };
    return answer;
  }

  private equityQuote(symbol: string): Record<string, unknown> {
    const price = this.market.price(symbol) ?? 0;
    const dividend = this.dividends[symbol];
    const now = this.now();
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
        quoteTime: now,
        securityStatus: 'Normal',
        totalVolume: 51_240_000,
        tradeTime: now,
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

  private optionQuote(contract: Contract): Record<string, unknown> {
    const row = this.contractJson(contract);
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
        underlyingPrice: this.market.price(contract.root),
      },
      reference: { contractType: contract.type, description: row.description, underlying: contract.root, strikePrice: contract.strike },
    };
  }

  /** `GET /chains?symbol&contractType&fromDate&toDate…`: the maps of the expirations in the range. */
  private chain(query: URLSearchParams): SchwabAnswer {
    const symbol = query.get('symbol') ?? '';
    const price = this.market.price(symbol);
    if (price === undefined) return ok({ symbol, status: 'FAILED', callExpDateMap: {}, putExpDateMap: {} });
    const from = query.get('fromDate') ?? '0000-01-01';
    const to = query.get('toDate') ?? '9999-12-31';
    const type = query.get('contractType') ?? 'ALL';
    const callExpDateMap: Record<string, Record<string, unknown[]>> = {};
    const putExpDateMap: Record<string, Record<string, unknown[]>> = {};
    let count = 0;
    for (const expiration of this.expirations(symbol).filter((e) => e.date >= from && e.date <= to)) {
      const key = `${expiration.date}:${String(expiration.dte)}`;
      for (const strike of this.strikes(price)) {
        for (const cp of ['C', 'P'] as const) {
          if ((cp === 'C' && type === 'PUT') || (cp === 'P' && type === 'CALL')) continue;
          const map = cp === 'C' ? callExpDateMap : putExpDateMap;
          const byStrike = (map[key] ??= {});
          byStrike[strike.toFixed(1)] = [this.contractJson({ symbol: occ(symbol, expiration.date, cp, strike), root: symbol, expiration: expiration.date, type: cp, strike })];
          count++;
        }
      }
    }
    return ok({
      symbol,
      status: 'SUCCESS',
      strategy: 'SINGLE',
      interval: 0,
      isDelayed: false,
      isIndex: false,
      interestRate: RATE * 100,
      underlyingPrice: price,
      volatility: 29,
      daysToExpiration: 0,
      numberOfContracts: count,
      assetMainType: 'EQUITY',
      assetSubType: 'ETF',
      isChainTruncated: false,
      callExpDateMap,
      putExpDateMap,
    });
  }

  private expirationChain(symbol: string): SchwabAnswer {
    if (this.market.price(symbol) === undefined) return { status: 400, body: { errors: [{ id: 'fake', status: '400', title: 'Bad Request', detail: `Symbol ${symbol} not found`, source: { parameter: 'symbol' } }] } };
    return ok({
      expirationList: this.expirations(symbol).map((e) => ({ expirationDate: e.date, daysToExpiration: e.dte, expirationType: isThirdFriday(e.date) ? 'S' : 'W', settlementType: 'P', optionRoots: symbol, standard: true })),
    });
  }

  /** `GET /pricehistory`: daily candles from `startDate` to `endDate` (epoch ms), at midnight US Central. */
  private priceHistory(query: URLSearchParams): SchwabAnswer {
    const symbol = query.get('symbol') ?? '';
    const price = this.market.price(symbol);
    if (price === undefined) return ok({ symbol, empty: true, candles: [] });
    if (query.get('frequencyType') !== 'daily') return { status: 400, body: { errors: [{ id: 'fake', status: '400', title: 'Bad Request', detail: 'The fake serves daily candles only', source: { parameter: 'frequencyType' } }] } };
    const end = Number(query.get('endDate') ?? this.now());
    const start = Number(query.get('startDate') ?? end - 365 * DAY_MS);
    const candles = generateDailyCandles(symbol, { price, iv: VOLATILITY }, { now: this.now(), years: 20 })
      // The generator stamps midnight New York; Schwab stamps midnight Central, an hour later.
      .map((c) => ({ open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume, datetime: c.time + 3_600_000 }))
      .filter((c) => c.datetime >= start && c.datetime <= end);
    const previous = candles.at(-1);
    return ok({ symbol, empty: candles.length === 0, ...(previous === undefined ? {} : { previousClose: previous.close, previousCloseDate: previous.datetime }), candles });
  }

  /** `GET /markets`: each market's session hours on `date`; a weekend is `isOpen: false` with no hours. */
  private hours(markets: readonly string[], date: string): Record<string, unknown> {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const open = weekday !== 0 && weekday !== 6;
    const offset = easternOffset(date);
    const at = (time: string): string => `${date}T${time}${offset}`;
    const answer: Record<string, unknown> = {};
    for (const market of markets) {
      if (market === 'equity') {
        answer.equity = {
          EQ: {
            date,
            marketType: 'EQUITY',
            product: 'EQ',
            productName: 'equity',
            isOpen: open,
            ...(open ? { sessionHours: { preMarket: [{ start: at('07:00:00'), end: at('09:30:00') }], regularMarket: [{ start: at('09:30:00'), end: at('16:00:00') }], postMarket: [{ start: at('16:00:00'), end: at('20:00:00') }] } } : {}),
          },
        };
      }
      if (market === 'option') {
        answer.option = {
          EQO: { date, marketType: 'OPTION', product: 'EQO', productName: 'equity option', isOpen: open, ...(open ? { sessionHours: { regularMarket: [{ start: at('09:30:00'), end: at('16:00:00') }] } } : {}) },
          IND: { date, marketType: 'OPTION', product: 'IND', productName: 'index option', isOpen: open, ...(open ? { sessionHours: { regularMarket: [{ start: at('09:30:00'), end: at('16:15:00') }] } } : {}) },
        };
      }
    }
    return answer;
  }

  /** One contract of a chain, greeks from Black–Scholes at a 20 % volatility with a small smile. */
  private contractJson(contract: Contract): Record<string, number | string | boolean> & { bid: number; ask: number; last: number; mark: number } {
    const price = this.market.price(contract.root) ?? contract.strike;
    const mark = this.market.mark(contract);
    const dte = Math.max(0, Math.round((Date.parse(`${contract.expiration}T00:00:00Z`) - Date.parse(`${newYorkDate(this.now())}T00:00:00Z`)) / DAY_MS));
    const years = Math.max(dte, 0.5) / 365;
    const volatility = VOLATILITY + 0.1 * Math.abs(Math.log(contract.strike / price));
    const d1 = (Math.log(price / contract.strike) + (RATE + (volatility * volatility) / 2) * years) / (volatility * Math.sqrt(years));
    const call = contract.type === 'C';
    const delta = call ? normalCdf(d1) : normalCdf(d1) - 1;
    const gamma = normalPdf(d1) / (price * volatility * Math.sqrt(years));
    const vegaPerPoint = (price * normalPdf(d1) * Math.sqrt(years)) / 100;
    const thetaPerDay = -(price * normalPdf(d1) * volatility) / (2 * Math.sqrt(years)) / 365;
    const bid = round2(Math.max(0, mark - 0.03));
    const ask = round2(mark + 0.03);
    const now = this.now();
    return {
      putCall: call ? 'CALL' : 'PUT',
      symbol: contract.symbol,
      description: `${contract.root} ${contract.expiration} ${String(contract.strike)} ${call ? 'Call' : 'Put'}`,
      exchangeName: 'OPR',
      bid,
      ask,
      last: mark,
      mark,
      bidSize: 10,
      askSize: 12,
      bidAskSize: '10X12',
      lastSize: 1,
      highPrice: ask,
      lowPrice: bid,
      openPrice: 0,
      closePrice: mark,
      totalVolume: Math.round(500 * Math.exp(-Math.abs(contract.strike - price) / (price * 0.05))),
      tradeTimeInLong: now,
      quoteTimeInLong: now,
      netChange: 0,
      volatility: round3(volatility * 100),
      delta: round3(delta),
      gamma: round3(gamma),
      theta: round3(thetaPerDay),
      vega: round3(vegaPerPoint),
      rho: 0,
      openInterest: Math.round(2000 * Math.exp(-Math.abs(contract.strike - price) / (price * 0.08))),
      timeValue: round2(Math.max(0, mark - Math.max(0, call ? price - contract.strike : contract.strike - price))),
      theoreticalOptionValue: mark,
      theoreticalVolatility: 29,
      strikePrice: contract.strike,
      expirationDate: `${contract.expiration}T20:00:00.000+00:00`,
      daysToExpiration: dte,
      expirationType: isThirdFriday(contract.expiration) ? 'S' : 'W',
      lastTradingDay: Date.parse(`${contract.expiration}T20:00:00Z`),
      multiplier: 100,
      settlementType: 'P',
      deliverableNote: '100 ' + contract.root,
      percentChange: 0,
      markChange: 0,
      markPercentChange: 0,
      intrinsicValue: round2(Math.max(0, call ? price - contract.strike : contract.strike - price)),
      extrinsicValue: round2(Math.max(0, mark - Math.max(0, call ? price - contract.strike : contract.strike - price))),
      optionRoot: contract.root,
      exerciseType: 'A',
      high52Week: ask,
      low52Week: bid,
      nonStandard: false,
      pennyPilot: true,
      inTheMoney: call ? price > contract.strike : contract.strike > price,
      mini: false,
    };
  }

  private expirations(symbol: string): { readonly date: string; readonly dte: number }[] {
    const nested = this.market.nestedChain(symbol) as { items: { expirations: { 'expiration-date': string; 'days-to-expiration': number }[] }[] } | null;
    return (nested?.items[0]?.expirations ?? []).map((e) => ({ date: e['expiration-date'], dte: e['days-to-expiration'] }));
  }

  private strikes(price: number): number[] {
    const step = price >= 200 ? 5 : 1;
    const strikes: number[] = [];
    for (let strike = Math.ceil((price * 0.85) / step) * step; strike <= price * 1.15; strike += step) strikes.push(strike);
    return strikes;
  }
}

const ok = (body: unknown): SchwabAnswer => ({ status: 200, body });
const round2 = (value: number): number => Math.round(value * 100) / 100;
const round3 = (value: number): number => Math.round(value * 1000) / 1000;
const isThirdFriday = (date: string): boolean => Number(date.slice(8, 10)) >= 15 && Number(date.slice(8, 10)) <= 21;

/** New York's UTC offset on a date, as Schwab writes it (`-05:00` or `-04:00`). */
function easternOffset(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const hour = Number(noon.toLocaleString('en-US', { timeZone: 'America/New_York', hour: '2-digit', hour12: false }));
  return `-0${String(12 - hour)}:00`;
}
