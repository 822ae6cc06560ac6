import { generateDailyCandles } from '../tastytrade/dxlink/fake-dxlink-history.js';
import { newYorkDate, occ, type FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import { marketHoursJson } from './fake-schwab-market-hours.js';
import type { SchwabAnswer } from './fake-schwab-oauth.js';
import { DAY_MS, isThirdFriday, optionContractJson, RATE, VOLATILITY } from './fake-schwab-option-contract.js';
import { quotesJson, type FakeDividendSpec, type QuoteSource } from './fake-schwab-quotes.js';

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

  private get quoteSource(): QuoteSource {
    return { market: this.market, now: this.now, dividends: this.dividends };
  }

  answer(method: string, path: string, query: URLSearchParams): SchwabAnswer | null {
    if (method !== 'GET') return null;
    if (path === '/marketdata/v1/quotes') return ok(quotesJson((query.get('symbols') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''), this.quoteSource));
    const single = /^\/marketdata\/v1\/([^/]+)\/quotes$/.exec(path);
    if (single) return ok(quotesJson([decodeURIComponent(single[1] ?? '')], this.quoteSource));
    if (path === '/marketdata/v1/chains') return this.chain(query);
    if (path === '/marketdata/v1/expirationchain') return this.expirationChain(query.get('symbol') ?? '');
    if (path === '/marketdata/v1/pricehistory') return this.priceHistory(query);
    if (path === '/marketdata/v1/markets') return ok(marketHoursJson((query.get('markets') ?? '').split(','), query.get('date') ?? newYorkDate(this.now())));
    const one = /^\/marketdata\/v1\/markets\/([a-z]+)$/.exec(path);
    if (one) return ok(marketHoursJson([one[1] ?? ''], query.get('date') ?? newYorkDate(this.now())));
    return null;
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
          byStrike[strike.toFixed(1)] = [optionContractJson({ symbol: occ(symbol, expiration.date, cp, strike), root: symbol, expiration: expiration.date, type: cp, strike }, this.market, this.now)];
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
