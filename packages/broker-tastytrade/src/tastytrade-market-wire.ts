import type { OptionType } from '@condor/core';
import { items, isObject, object, toCompactSymbol, WireError, type Json } from './tastytrade-wire.js';

/**
 * Decoders of tastytrade's market answers (reference §3–§4): nested chains, `GET /market-data/by-type` quotes,
 * `GET /market-metrics` and its historic corporate events, equity instruments. Numbers come as decimal strings
 * (a few as JSON numbers) and every quote and metrics field is optional: one that is absent or unreadable is
 * left out rather than failing the whole answer.
 */

/** The most symbols one `GET /market-data/by-type` takes, all parameters together. */
export const MAX_QUOTE_SYMBOLS = 100;

/** A finite number from a decimal string or a JSON number, else undefined. */
function num(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: unknown): string | undefined => (typeof value === 'string' && DATE.test(value) ? value : undefined);

/** One contract of a nested chain. */
export interface ChainContract {
  /** As tastytrade writes it, the root padded to six characters: `SPY   261218P00720000`. */
  readonly occ: string;
  /** condor's compact form: `SPY261218P00720000`. */
  readonly symbol: string;
  readonly type: OptionType;
  readonly strike: number;
  readonly expiry: string;
  /** dxFeed's name for it (`.SPY261218P720`), the key a DXLink subscription would use. */
  readonly streamerSymbol: string;
}

/** One expiration of a nested chain with its contracts. */
export interface ChainExpiration {
  readonly date: string;
  readonly contracts: readonly ChainContract[];
}

/**
 * `GET /option-chains/{underlying}/nested`: the expirations of the standard chain whose root is the underlying,
 * 100 shares a contract. Other roots (SPXW beside SPX, an adjusted chain after a corporate action) are left out,
 * as the Alpaca adapter leaves them out.
 */
export function nestedExpirations(data: unknown, underlying: string): ChainExpiration[] {
  const out = new Map<string, ChainContract[]>();
  for (const raw of items(data, 'nested chain')) {
    const chain = object(raw, 'option chain');
    const root = typeof chain['root-symbol'] === 'string' ? chain['root-symbol'] : chain['underlying-symbol'];
    const type = chain['option-chain-type'];
    const size = num(chain['shares-per-contract']);
    if (root !== underlying || (type !== undefined && type !== 'Standard') || (size !== undefined && size !== 100)) continue;
    const expirations = chain.expirations ?? [];
    if (!Array.isArray(expirations)) throw new WireError('expirations is not an array');
    for (const rawExpiration of expirations) {
      const expiration = object(rawExpiration, 'expiration');
      const expiry = date(expiration['expiration-date']);
      if (expiry === undefined) throw new WireError('expiration-date is not a date');
      const strikes = expiration.strikes ?? [];
      if (!Array.isArray(strikes)) throw new WireError('strikes is not an array');
      const contracts = out.get(expiry) ?? [];
      for (const rawStrike of strikes) contracts.push(...strikeContracts(object(rawStrike, 'strike'), expiry));
      out.set(expiry, contracts);
    }
  }
  return [...out].map(([expiry, contracts]) => ({ date: expiry, contracts })).sort((a, b) => (a.date < b.date ? -1 : 1));
}

function strikeContracts(strike: Json, expiry: string): ChainContract[] {
  const price = num(strike['strike-price']);
  if (price === undefined || price <= 0) throw new WireError('strike-price is not a positive number');
  const contracts: ChainContract[] = [];
  for (const [field, type] of [['call', 'call'], ['put', 'put']] as const) {
    const occ = strike[field];
    if (typeof occ !== 'string') continue;
    const symbol = toCompactSymbol(occ);
    if (symbol === null) throw new WireError(`${field} ${occ} is not an OCC option symbol`);
    const given = strike[`${field}-streamer-symbol`];
    contracts.push({ occ, symbol, type, strike: price, expiry, streamerSymbol: typeof given === 'string' && given !== '' ? given : streamerSymbol(occ) });
  }
  return contracts;
}

const PADDED_OCC = /^([A-Z0-9.][A-Z0-9. ]{5})(\d{6})([CP])(\d{8})$/;

/**
 * dxFeed's streamer symbol of a padded OCC symbol: a dot, the root, `yymmdd`, `C` or `P`, and the strike
 * without trailing zeros. The nested chain names it too; this is for a contract it does not.
 * @example
 * streamerSymbol('SPY   261218P00720000'); // '.SPY261218P720'
 * streamerSymbol('X     260116C00012500'); // '.X260116C12.5'
 */
export function streamerSymbol(occ: string): string {
  const match = PADDED_OCC.exec(occ);
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) throw new WireError(`${occ} is not an OCC option symbol`);
  return `.${match[1].trimEnd()}${match[2]}${match[3]}${String(Number(match[4]) / 1000)}`;
}

/** What a by-type item says about one symbol; each price absent when tastytrade sent none or an unreadable one. */
export interface WireQuote {
  readonly symbol: string;
  readonly bid?: number;
  readonly ask?: number;
  readonly last?: number;
  readonly mark?: number;
  readonly volume?: number;
  readonly openInterest?: number;
  /** Epoch ms of `updated-at`. */
  readonly time?: number;
}

/** The items of a `GET /market-data/by-type` answer. */
export function quoteItems(data: unknown): WireQuote[] {
  return items(data, 'market data').flatMap((raw) => {
    if (!isObject(raw) || typeof raw.symbol !== 'string') return [];
    const time = typeof raw['updated-at'] === 'string' ? Date.parse(raw['updated-at']) : Number.NaN;
    return [
      {
        symbol: raw.symbol,
        ...defined('bid', num(raw.bid)),
        ...defined('ask', num(raw.ask)),
        ...defined('last', num(raw.last)),
        ...defined('mark', num(raw.mark) ?? num(raw.mid)),
        ...defined('volume', num(raw.volume)),
        ...defined('openInterest', num(raw['open-interest'])),
        ...defined('time', Number.isFinite(time) ? time : undefined),
      },
    ];
  });
}

const defined = <K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, number>>;

/**
 * The query of one by-type call: each kind's key repeated without brackets (`equity=SPY&equity-option=…`), as
 * the official clients send it.
 */
export function byTypeQuery(symbols: readonly { readonly kind: 'equity' | 'equity-option'; readonly symbol: string }[]): string {
  const query = new URLSearchParams();
  for (const { kind, symbol } of symbols) query.append(kind, symbol);
  return query.toString();
}

/** A list cut into runs of at most `size`, in order. */
export function batches<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

/** What `GET /market-metrics` says about one underlying, in tastytrade's units; null where it says nothing. */
export interface WireMetrics {
  readonly symbol: string;
  /** `implied-volatility-index`, annualised (0.26 = 26 %). */
  readonly ivIndex: number | null;
  /** `implied-volatility-index-rank`, 0–1. */
  readonly ivRank: number | null;
  /** `implied-volatility-percentile`, 0–1. */
  readonly ivPercentile: number | null;
  /** `dividend-yield`, annual and simple (0.0035 = 0.35 %). */
  readonly dividendYield: number | null;
  readonly dividendExDate: string | null;
  /** The next report's date, from a visible `earnings` block; null without one. */
  readonly nextEarnings: string | null;
}

/** The items of a `GET /market-metrics` answer. */
export function metricsItems(data: unknown): WireMetrics[] {
  return items(data, 'market metrics').flatMap((raw) => {
    if (!isObject(raw) || typeof raw.symbol !== 'string') return [];
    const earnings = isObject(raw.earnings) && raw.earnings.visible !== false ? raw.earnings : {};
    return [
      {
        symbol: raw.symbol,
        ivIndex: num(raw['implied-volatility-index']) ?? null,
        ivRank: num(raw['implied-volatility-index-rank']) ?? null,
        ivPercentile: num(raw['implied-volatility-percentile']) ?? null,
        dividendYield: num(raw['dividend-yield']) ?? null,
        dividendExDate: date(raw['dividend-ex-date']) ?? null,
        nextEarnings: date(earnings['expected-report-date']) ?? null,
      },
    ];
  });
}

/** One past corporate event: its date and, for a dividend, the amount per share. */
export interface WireOccurrence {
  readonly date: string;
  readonly amount?: number;
}

/**
 * The items of `GET /market-metrics/historic-corporate-events/{dividends|earnings-reports}/{symbol}`:
 * `occurred-date` (a dividend's ex-date) with `amount` or `eps`.
 */
export function occurrences(data: unknown): WireOccurrence[] {
  return items(data, 'corporate events').flatMap((raw) => {
    const occurred = isObject(raw) ? date(raw['occurred-date']) : undefined;
    if (!isObject(raw) || occurred === undefined) return [];
    return [{ date: occurred, ...defined('amount', num(raw.amount)) }];
  });
}

/** `GET /instruments/equities/{symbol}`: tradeable when active and not closing-only. */
export function isTradeableEquity(data: unknown): boolean {
  const equity = object(data, 'equity');
  return equity.active === true && equity['is-closing-only'] !== true && (equity['instrument-type'] ?? 'Equity') === 'Equity';
}
