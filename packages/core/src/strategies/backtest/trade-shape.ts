import type { CondorStrikes, FillRule } from '../types.js';
import { sharedColumns, type Columns } from '../../columns/columns.js';
import { legsInTheMoney, type ExpiryLegs } from './fees.js';
import { optionPrice } from './lean-pricing.js';
import type { LegPath } from './leg-quotes.js';
import { quoteBook, type ExpiryBook, type QuoteBook } from './expiry-book.js';
import { nearestExpiry } from './expiries.js';
import type { RunContext, ScheduledEntry } from './run-context.js';
import { shortStrike } from './short-strikes.js';
import { strikeIncrement } from './strikes.js';

const DAYS_PER_YEAR = 365;

/**
 * One entry's condor and its whole life up to expiry, which depend on the short delta, wing width,
 * expiry and entry session only — never on the exit rules or the capital — so every rule set of a
 * run that shares them reuses one.
 */
export interface TradeShape {
  readonly entry: ScheduledEntry;
  readonly expiryIndex: number;
  /** 'YYYY-MM-DD'. */
  readonly expiry: string;
  /** Calendar days from the entry to the expiry. */
  readonly dte: number;
  readonly strikes: CondorStrikes;
  /** Net credit per share at the run's fill rule. */
  readonly credit: number;
  readonly wingWidth: number;
  /** The debit to close at the fill rule at session entry.index + k, for k = 0 … expiryIndex − entry.index − 1. */
  readonly debits: Float64Array;
  /** The condor's intrinsic value at the expiry close. */
  readonly settlement: number;
  /** The mids of the short put and short call at entry, added: the sale proceeds the opening order's fees are taken on. */
  readonly entrySoldMids: number;
  /** The long legs' quotes (sold by a closing order), at position `offset` + k for session entry.index + k. */
  readonly longPut: LegPath;
  readonly longCall: LegPath;
  readonly offset: number;
  /** The legs exercised or assigned when the trade is held to expiry. */
  readonly expiryLegs: ExpiryLegs;
  /** Held-to-expiry expected value of one contract in dollars, under the entry's forecast volatility. */
  readonly expectedValuePerContract: number;
}

/** Why a scheduled entry has no trade, before capital is considered. */
export type ShapeSkip = 'gate' | 'no_expiry' | 'no_credit';

/** What the condor pays at expiry, per share. */
export function condorIntrinsic(strikes: CondorStrikes, spot: number): number {
  const put = Math.max(0, strikes.shortPut - spot) - Math.max(0, strikes.longPut - spot);
  const call = Math.max(0, spot - strikes.shortCall) - Math.max(0, spot - strikes.longCall);
  return put + call;
}

/** A leg's model price at entry under the entry's forecast volatility, per share. */
type LegPrice = (type: 'put' | 'call', strike: number) => number;

/** Leg prices of one entry and expiry, each computed once for every wing width that shares the leg. */
function legPrices(context: RunContext, entry: ScheduledEntry, years: number): LegPrice {
  const { rate, dividendYield, sessions } = context.history;
  const spot = sessions[entry.index]?.close ?? Number.NaN;
  const volatility = entry.forecastVolatility;
  // Strikes are positive: puts keyed by the strike, calls by its negative.
  const prices = new Map<number, number>();
  return (type, strike) => {
    const key = type === 'put' ? strike : -strike;
    let price = prices.get(key);
    if (price === undefined) {
      price = optionPrice({ type, spot, strike, years, rate, dividendYield, volatility });
      prices.set(key, price);
    }
    return price;
  };
}

/** E[credit − payout at expiry] of one contract under a flat forecast volatility (options-math §2.5), dollars. */
function expectedValuePerContract(context: RunContext, price: LegPrice, strikes: CondorStrikes, credit: number, years: number): number {
  const legs = price('put', strikes.shortPut) - price('put', strikes.longPut) + price('call', strikes.shortCall) - price('call', strikes.longCall);
  const value = (credit - Math.exp(context.history.rate * years) * legs) * 100;
  return Number.isFinite(value) ? value : 0;
}

/** The short strikes of an entry and expiry at a target delta, or null when a side has none. */
function shortStrikes(book: ExpiryBook, shortDelta: number): { shortPut: number; shortCall: number } | null {
  const atEntry = book.markets[0]?.market;
  if (atEntry === undefined) return null;
  const increment = strikeIncrement(atEntry.spot);
  const shortPut = shortStrike(atEntry, 'put', shortDelta, increment);
  const shortCall = shortStrike(atEntry, 'call', shortDelta, increment);
  return shortPut === null || shortCall === null ? null : { shortPut, shortCall };
}

const mid = (path: LegPath, at: number): number => ((path.bid[at] ?? 0) + (path.ask[at] ?? 0)) / 2;

interface CondorLegs {
  readonly shortPut: LegPath;
  readonly shortCall: LegPath;
  readonly longPut: LegPath;
  readonly longCall: LegPath;
}

/** The credit to open at position `at`: the natural credit, or inside the band, never past the natural. */
function openingCredit(legs: CondorLegs, at: number, fill: FillRule): number {
  const natural = (legs.shortPut.bid[at] ?? 0) + (legs.shortCall.bid[at] ?? 0) - (legs.longPut.ask[at] ?? 0) - (legs.longCall.ask[at] ?? 0);
  if (fill.kind === 'natural') return natural;
  const midCredit = mid(legs.shortPut, at) + mid(legs.shortCall, at) - mid(legs.longPut, at) - mid(legs.longCall, at);
  return Math.max(natural, midCredit - fill.worstFromMid);
}

/** The debit to close at each close from `offset` on, written into `debits` (one per close): ask(shorts) − bid(longs), or inside the band. */
function closingDebits(legs: CondorLegs, offset: number, fill: FillRule, debits: Float64Array): Float64Array {
  const { length } = debits;
  const { shortPut, shortCall, longPut, longCall } = legs;
  for (let k = 0; k < length; k++) {
    const at = offset + k;
    let debit = (shortPut.ask[at] ?? 0) + (shortCall.ask[at] ?? 0) - (longPut.bid[at] ?? 0) - (longCall.bid[at] ?? 0);
    if (fill.kind === 'band') debit = Math.min(debit, mid(shortPut, at) + mid(shortCall, at) - mid(longPut, at) - mid(longCall, at) + fill.worstFromMid);
    // A negative debit could only come from an arbitrage in the modelled smile; closing costs at least nothing.
    debits[k] = Math.max(0, debit);
  }
  return debits;
}

interface Expiry {
  readonly index: number;
  readonly dte: number;
}

/** What every wing width of one entry and expiry shares. */
interface EntryExpiry {
  readonly entry: ScheduledEntry;
  readonly expiry: Expiry;
  readonly book: ExpiryBook;
  readonly price: LegPrice;
  readonly shorts: { shortPut: number; shortCall: number };
}

function buildShape(context: RunContext, { entry, expiry, book, price, shorts }: EntryExpiry, wingWidth: number, columns: Columns): TradeShape | ShapeSkip {
  const { fill } = context.settings.execution;
  const strikes: CondorStrikes = {
    longPut: shorts.shortPut - wingWidth,
    shortPut: shorts.shortPut,
    shortCall: shorts.shortCall,
    longCall: shorts.shortCall + wingWidth,
  };
  if (!(strikes.longPut > 0)) return 'no_credit';
  const legs: CondorLegs = {
    shortPut: book.leg('put', strikes.shortPut),
    shortCall: book.leg('call', strikes.shortCall),
    longPut: book.leg('put', strikes.longPut),
    longCall: book.leg('call', strikes.longCall),
  };
  const { offset } = book;
  const credit = openingCredit(legs, offset, fill);
  if (!(credit > 0 && credit < wingWidth)) return 'no_credit';
  const debits = closingDebits(legs, offset, fill, columns.float64(book.markets.length));
  const expirySpot = context.history.sessions[expiry.index]?.close ?? Number.NaN;
  return {
    entry,
    expiryIndex: expiry.index,
    expiry: context.history.sessions[expiry.index]?.date ?? '',
    dte: expiry.dte,
    strikes,
    credit,
    wingWidth,
    debits,
    settlement: condorIntrinsic(strikes, expirySpot),
    expectedValuePerContract: expectedValuePerContract(context, price, strikes, credit, expiry.dte / DAYS_PER_YEAR),
    entrySoldMids: mid(legs.shortPut, offset) + mid(legs.shortCall, offset),
    longPut: legs.longPut,
    longCall: legs.longCall,
    offset,
    expiryLegs: legsInTheMoney(strikes, expirySpot),
  };
}

/** The trade of every scheduled entry (aligned with `context.entries`) for an entry DTE and wing width. */
export type ShapeSource = (entryDte: number, wingWidth: number) => readonly (TradeShape | ShapeSkip)[];

/**
 * The trade shapes of one short delta, memoised for every exit rule and capital simulation. The
 * first time an (entry, expiry) pair is needed, its short strikes are found and the condors of every
 * wing width in `wingWidths` are built from the leg quotes of `books` (pass one book to every short
 * delta of a run to share them); a list per (entry DTE, wing width) is kept. Entries the gate closes
 * get no shape. Drop the source to free its memory.
 */
export function shapeSource(context: RunContext, shortDelta: number, wingWidths: readonly number[], books: QuoteBook = quoteBook(context)): ShapeSource {
  const byExpiry = new Map<number, Map<number, TradeShape | ShapeSkip>>();
  const lists = new Map<string, readonly (TradeShape | ShapeSkip)[]>();
  // Sessions are fewer than `span`, so entry·span + expiry is a unique key.
  const span = context.days.length + 1;
  const columns = sharedColumns();

  const build = (entry: ScheduledEntry, expiry: Expiry, widths: readonly number[], into: Map<number, TradeShape | ShapeSkip>): void => {
    const book = books(entry.index, expiry.index);
    const shorts = shortStrikes(book, shortDelta);
    if (shorts === null) {
      for (const width of widths) into.set(width, 'no_credit');
      return;
    }
    const shared = { entry, expiry, book, price: legPrices(context, entry, expiry.dte / DAYS_PER_YEAR), shorts };
    for (const width of widths) into.set(width, buildShape(context, shared, width, columns));
  };

  const shapeOf = (entry: ScheduledEntry, entryDte: number, wingWidth: number): TradeShape | ShapeSkip => {
    if (!entry.gateOpen) return 'gate';
    const choice = nearestExpiry(entry.expiries, entryDte);
    const index = choice === undefined ? undefined : context.indexOfDay.get(choice.day);
    if (choice === undefined || index === undefined || index <= entry.index) return 'no_expiry';
    const key = entry.index * span + index;
    let shapes = byExpiry.get(key);
    if (shapes === undefined) {
      shapes = new Map();
      byExpiry.set(key, shapes);
      build(entry, { index, dte: choice.dte }, wingWidths, shapes);
    }
    if (!shapes.has(wingWidth)) build(entry, { index, dte: choice.dte }, [wingWidth], shapes);
    return shapes.get(wingWidth) ?? 'no_credit';
  };

  return (entryDte, wingWidth) => {
    const key = `${entryDte}|${wingWidth}`;
    let list = lists.get(key);
    if (list === undefined) {
      list = context.entries.map((entry) => shapeOf(entry, entryDte, wingWidth));
      lists.set(key, list);
    }
    return list;
  };
}
