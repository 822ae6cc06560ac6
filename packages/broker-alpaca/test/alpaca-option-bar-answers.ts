import type { DailyBar, MarketDataError } from '@condor/core';
import { easternDay, easternTime, formatDay, hashString, parseDay, parseOcc, priceOption } from '@condor/core';
import type { FakeAnswer, ServedMarket } from './alpaca-market-answers.js';

/** Alpaca's historical option data begins here; nothing earlier is served. */
export const OPTION_BARS_SINCE = '2024-02-01';
/** Alpaca's most symbols per request, and its `limit` default and maximum (Market Data API reference, "Historical bars"). */
const MAX_SYMBOLS = 100;
const LIMIT = [1_000, 10_000] as const;

/** Whether a contract traded on a day: about four days in five, the same answer for the same symbol and day every time. */
export const seededTrading = (symbol: string, date: string): boolean => hashString(`${symbol}|${date}`) % 5 !== 0;

const badRequest = (message: string): FakeAnswer => ({ status: 400, body: { code: 40010001, message } });
const cents = (price: number): number => Math.max(0.01, Math.round(price * 100) / 100);

interface Row {
  readonly symbol: string;
  readonly bar: Record<string, unknown>;
}

/**
 * GET /v1beta1/options/bars as Alpaca documents it, rendered from a served market: for each OCC symbol (at most 100),
 * a daily bar on each of the underlying's sessions from `start` to `end` (and at most to the expiry) on which the
 * contract traded — `traded` decides, by default `seededTrading` — and none before February 2024. A bar's prices are
 * Black–Scholes at the session's open, high, low and close of the underlying, at the market's ATM IV of the day (0.2
 * where it keeps no IV history) and its rate and dividend yield. Rows are sorted by symbol, then time, and paged across
 * symbols by `limit` (at most `pageSize`): `{ bars: { SYMBOL: [{ t, o, h, l, c, v, n, vw }] }, next_page_token }`.
 */
export async function optionBarsAnswer(
  market: ServedMarket,
  q: URLSearchParams,
  pageSize: number,
  traded: (symbol: string, date: string) => boolean = seededTrading,
): Promise<FakeAnswer> {
  if (!['1Day', '1D'].includes(q.get('timeframe') ?? '')) return badRequest('this fake serves daily bars only (timeframe=1Day)');
  const symbols = (q.get('symbols') ?? '').split(',').filter((s) => s !== '');
  if (symbols.length === 0 || symbols.length > MAX_SYMBOLS) return badRequest(`symbols: between 1 and ${String(MAX_SYMBOLS)}`);
  const limit = Number(q.get('limit') ?? LIMIT[0]);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT[1]) return badRequest('invalid limit');
  const today = formatDay(easternDay(market.now()));
  const [start, end] = [(q.get('start') ?? today).slice(0, 10), (q.get('end') ?? today).slice(0, 10)];
  if (parseDay(start) === undefined || parseDay(end) === undefined) return badRequest('invalid start or end');
  const rows: Row[] = [];
  const underlying = new Map<string, Awaited<ReturnType<typeof underlyingDays>>>();
  for (const symbol of [...new Set(symbols)].sort()) {
    const contract = parseOcc(symbol);
    if (contract === undefined) continue;
    const from = [start, OPTION_BARS_SINCE].sort()[1]!;
    const to = [end, contract.expiry, today].sort()[0]!;
    if (to < from) continue;
    const key = `${contract.root}|${from}|${to}`;
    const days = underlying.get(key) ?? (await underlyingDays(market, contract.root, from, to));
    underlying.set(key, days);
    if (days === 'unknown') continue;
    if ('kind' in days) return { status: 500, body: { code: 50010000, message: `internal server error (${days.kind})` } };
    for (const { bar, volatility } of days.sessions) {
      if (!traded(symbol, bar.date)) continue;
      const years = Math.max(0.25, (parseDay(contract.expiry)! - parseDay(bar.date)!)) / 365;
      const at = (spot: number) => cents(priceOption({ type: contract.type, spot, strike: contract.strike, years, rate: days.rate, dividendYield: days.dividendYield, volatility }).price);
      const prices = [at(bar.open), at(bar.high), at(bar.low), at(bar.close)] as const;
      const volume = 1 + (hashString(`${symbol}|${bar.date}|v`) % 200);
      const t = new Date(easternTime(parseDay(bar.date)!, 0)).toISOString().replace('.000', '');
      rows.push({ symbol, bar: { t, o: prices[0], h: Math.max(...prices), l: Math.min(...prices), c: prices[3], v: volume, n: Math.ceil(volume / 3), vw: (prices[0] + prices[3]) / 2 } });
    }
  }
  const token = q.get('page_token');
  const offset = token === null ? 0 : Number(Buffer.from(token, 'base64').toString('utf8'));
  const size = Math.min(limit, pageSize);
  const bars: Record<string, Record<string, unknown>[]> = {};
  for (const { symbol, bar } of rows.slice(offset, offset + size)) (bars[symbol] ??= []).push(bar);
  return { status: 200, body: { bars, next_page_token: offset + size < rows.length ? Buffer.from(String(offset + size)).toString('base64') : null } };
}

interface UnderlyingDays {
  readonly sessions: readonly { readonly bar: DailyBar; readonly volatility: number }[];
  readonly rate: number;
  readonly dividendYield: number;
}

/** The underlying's sessions with the day's ATM IV, and the market's rate and yield; 'unknown' for a symbol the market does not trade. */
async function underlyingDays(market: ServedMarket, root: string, from: string, to: string): Promise<UnderlyingDays | MarketDataError | 'unknown'> {
  const [bars, ivs, rate, dividendYield] = await Promise.all([
    market.data.dailyBars(root, from, to),
    market.data.ivHistory(root, from, to),
    market.data.riskFreeRate(),
    market.data.dividendYield(root),
  ]);
  if (bars.isErr()) return bars.error.kind === 'unknown_symbol' ? 'unknown' : bars.error;
  if (rate.isErr()) return rate.error;
  if (dividendYield.isErr()) return dividendYield.error;
  if (ivs.isErr() && ivs.error.kind !== 'unsupported') return ivs.error;
  const ivByDate = new Map(ivs.isOk() ? ivs.value.map((point) => [point.date, point.volatility]) : []);
  return { sessions: bars.value.map((bar) => ({ bar, volatility: ivByDate.get(bar.date) ?? 0.2 })), rate: rate.value, dividendYield: dividendYield.value };
}
