import type { DailyBar, OptionType } from '@condor/core';
import { easternDay, formatDay } from '@condor/core';
import { WireError } from './alpaca-wire.js';

/**
 * Decoders of Alpaca's market-data answers (reference §2.4–2.7). The Trading API sends numbers as
 * strings, the Market Data API as JSON numbers; both are accepted. Every snapshot field is optional.
 */

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown, what: string): Json {
  if (!isObject(value)) throw new WireError(`${what} is not an object`);
  return value;
}

/** A finite number from a JSON number or numeric string, else undefined. */
function num(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

function required(json: Json, field: string): number {
  const n = num(json[field]);
  if (n === undefined) throw new WireError(`${field} is not a number`);
  return n;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The `next_page_token` of a paged answer (older docs call it `page_token`); undefined on the last page. */
export function nextPageToken(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const token = str(body.next_page_token) ?? str(body.page_token);
  return token === undefined || token === '' ? undefined : token;
}

/** GET /v2/assets/{symbol}: tradeable only for an active, tradable US equity (the INVALID_TICKER rule). */
export function isTradeableAsset(body: unknown): boolean {
  const asset = object(body, 'asset');
  return asset.class === 'us_equity' && asset.status === 'active' && asset.tradable === true;
}

/** One standard contract of GET /v2/options/contracts. */
export interface WireContract {
  readonly symbol: string;
  readonly type: OptionType;
  readonly strike: number;
  readonly expiry: string;
  readonly openInterest: number;
}

/**
 * The standard contracts of a page: those of `underlying` with 100 shares per contract. Adjusted ones
 * (size other than 100, or a root such as 'XLU1' after a corporate action) are left out.
 */
export function standardContracts(body: unknown, underlying: string): WireContract[] {
  const page = object(body, 'contracts answer');
  const raw = page.option_contracts ?? [];
  if (!Array.isArray(raw)) throw new WireError('option_contracts is not an array');
  const out: WireContract[] = [];
  for (const item of raw) {
    const contract = object(item, 'option contract');
    const root = str(contract.root_symbol) ?? str(contract.underlying_symbol);
    if (str(contract.size) !== undefined && num(contract.size) !== 100) continue;
    if (root !== underlying || str(contract.underlying_symbol) !== underlying) continue;
    const type = contract.type;
    const symbol = str(contract.symbol);
    const expiry = str(contract.expiration_date);
    if ((type !== 'call' && type !== 'put') || symbol === undefined || expiry === undefined) throw new WireError('option contract lacks type, symbol or expiration_date');
    out.push({ symbol, type, strike: required(contract, 'strike_price'), expiry, openInterest: Math.max(0, num(contract.open_interest) ?? 0) });
  }
  return out;
}

/** What a snapshot says about one contract; each part absent when Alpaca sent none or an unreadable one. */
export interface WireSnapshot {
  readonly bid?: number;
  readonly ask?: number;
  /** Epoch ms of the quote. */
  readonly quoteTime?: number;
  readonly last?: number;
  readonly volume?: number;
  readonly impliedVolatility?: number;
  /** In Alpaca's units: theta per day, vega per 1 point of volatility. */
  readonly greeks?: { readonly delta: number; readonly gamma: number; readonly theta: number; readonly vega: number };
}

/** The `snapshots` map of a GET /v1beta1/options/snapshots page, by OCC symbol. */
export function snapshots(body: unknown): Map<string, WireSnapshot> {
  const page = object(body, 'snapshots answer');
  const map = page.snapshots ?? {};
  if (!isObject(map)) throw new WireError('snapshots is not an object');
  const out = new Map<string, WireSnapshot>();
  for (const [symbol, value] of Object.entries(map)) {
    if (!isObject(value)) continue;
    const quote = isObject(value.latestQuote) ? value.latestQuote : {};
    const trade = isObject(value.latestTrade) ? value.latestTrade : {};
    const daily = isObject(value.dailyBar) ? value.dailyBar : {};
    const g = isObject(value.greeks) ? value.greeks : undefined;
    const time = str(quote.t) === undefined ? Number.NaN : Date.parse(quote.t as string);
    const delta = num(g?.delta);
    const gamma = num(g?.gamma);
    const theta = num(g?.theta);
    const vega = num(g?.vega);
    out.set(symbol, {
      ...defined('bid', num(quote.bp)),
      ...defined('ask', num(quote.ap)),
      ...defined('quoteTime', Number.isFinite(time) ? time : undefined),
      ...defined('last', num(trade.p)),
      ...defined('volume', num(daily.v)),
      ...defined('impliedVolatility', num(value.impliedVolatility)),
      ...(delta !== undefined && gamma !== undefined && theta !== undefined && vega !== undefined ? { greeks: { delta, gamma, theta, vega } } : {}),
    });
  }
  return out;
}

const defined = <K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, number>>;

/** GET /v2/stocks/{symbol}/trades/latest: the price and epoch-ms time of the last trade. */
export function latestTrade(body: unknown): { readonly price: number; readonly time: number } {
  const trade = object(object(body, 'latest trade answer').trade, 'trade');
  const time = Date.parse(str(trade.t) ?? '');
  const price = required(trade, 'p');
  if (!Number.isFinite(time)) throw new WireError('trade.t is not a time');
  return { price, time };
}

/** GET /v2/stocks/{symbol}/quotes/latest: bid and ask, undefined when absent. */
export function latestQuote(body: unknown): { readonly bid?: number; readonly ask?: number } {
  const answer = object(body, 'latest quote answer');
  const quote = isObject(answer.quote) ? answer.quote : {};
  return { ...defined('bid', num(quote.bp)), ...defined('ask', num(quote.ap)) };
}

/** The bars of a GET /v2/stocks/{symbol}/bars page; a daily bar's `t` is midnight New York time. */
export function dailyBars(body: unknown): DailyBar[] {
  const page = object(body, 'bars answer');
  const raw = page.bars ?? []; // null when the range has no bars
  if (!Array.isArray(raw)) throw new WireError('bars is not an array');
  return raw.map(dailyBar);
}

function dailyBar(item: unknown): DailyBar {
  const bar = object(item, 'bar');
  const time = Date.parse(str(bar.t) ?? '');
  if (!Number.isFinite(time)) throw new WireError('bar.t is not a time');
  // Midnight New York (04:00/05:00 UTC) or midnight UTC: half a day later is the session's date either way.
  return {
    date: formatDay(easternDay(time + 43_200_000)),
    open: required(bar, 'o'),
    high: required(bar, 'h'),
    low: required(bar, 'l'),
    close: required(bar, 'c'),
    volume: required(bar, 'v'),
  };
}

/**
 * GET /v1beta1/options/bars: `{ bars: { SYMBOL: [{ t, o, h, l, c, v, n, vw }] }, next_page_token }`, sorted by symbol,
 * then time; a page may end inside one symbol's bars. `bars` is empty (or null) when nothing traded.
 */
export function optionBars(body: unknown): [string, DailyBar][] {
  const page = object(body, 'option bars answer');
  const raw = page.bars ?? {};
  const bySymbol = object(raw, 'bars');
  const out: [string, DailyBar][] = [];
  for (const [symbol, list] of Object.entries(bySymbol)) {
    if (!Array.isArray(list)) throw new WireError(`bars of ${symbol} is not an array`);
    for (const item of list) out.push([symbol, dailyBar(item)]);
  }
  return out;
}

/** One cash dividend of GET /v1/corporate-actions: the symbol, the ex-date and the amount per share (`rate`). */
export interface WireDividend {
  readonly symbol: string;
  readonly exDate: string;
  readonly amount: number;
}

/** The `corporate_actions.cash_dividends` of a GET /v1/corporate-actions page (the key is absent when there are none). */
export function cashDividends(body: unknown): WireDividend[] {
  const actions = object(object(body, 'corporate actions answer').corporate_actions ?? {}, 'corporate_actions');
  const raw = actions.cash_dividends ?? [];
  if (!Array.isArray(raw)) throw new WireError('cash_dividends is not an array');
  return raw.map((item) => {
    const dividend = object(item, 'cash dividend');
    const symbol = str(dividend.symbol);
    const exDate = str(dividend.ex_date);
    if (symbol === undefined || exDate === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(exDate)) throw new WireError('cash dividend lacks symbol or ex_date');
    const amount = required(dividend, 'rate');
    if (amount < 0) throw new WireError('cash dividend rate is negative');
    return { symbol, exDate, amount };
  });
}
