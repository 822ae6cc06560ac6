import { priceLeg } from '../condors/legs.js';
import type { SearchMarket } from '../condors/types.js';
import { daysToExpiry, expiryClose } from '../calendar/exchange-calendar.js';
import { yearsBetween } from '../options/index.js';
import type { OptionContract, OptionType } from '../ports/market-data.js';
import type { PositionLeg } from '../ports/position-store.js';
import { isOpenable, mid } from '../condors/entry-rules.js';
import { centsUp } from './managed-legs.js';

/** How far from the target |delta| a short may be when that turns a debit roll into a credit one. */
export const CREDIT_DELTA_TOLERANCE = 0.05;
/** The short |delta| a roll aims at when neither the caller nor the current short's quote gives one. */
export const DEFAULT_SHORT_DELTA = 0.16;

export interface ExpiryChoice {
  readonly expiry: string;
  /** Calendar days from today (New York) to the expiry. */
  readonly dte: number;
}

/**
 * The listed expiry nearest `targetDte` calendar days out, among those at least a day away; of two equally
 * near, the later (a roll buys time).
 * @example nearestExpiry(['2026-02-13', '2026-02-20'], 45, Date.UTC(2026, 0, 5, 15)) // { expiry: '2026-02-20', dte: 46 }
 */
export function nearestExpiry(expirations: readonly string[], targetDte: number, now: number): ExpiryChoice | null {
  let best: ExpiryChoice | null = null;
  for (const expiry of expirations) {
    const dte = daysToExpiry(expiry, now);
    if (dte === undefined || dte < 1) continue;
    if (best === null || Math.abs(dte - targetDte) < Math.abs(best.dte - targetDte) || (Math.abs(dte - targetDte) === Math.abs(best.dte - targetDte) && dte > best.dte)) {
      best = { expiry, dte };
    }
  }
  return best;
}

/** The contract's |delta|: its quoted delta, else the model's at its implied volatility; null without a usable quote. */
export function absDelta(contract: OptionContract, market: SearchMarket, now: number): number | null {
  if (contract.greeks !== null) return Math.abs(contract.greeks.delta);
  const close = expiryClose(contract.expiry);
  const years = close === undefined ? 0 : yearsBetween(now, close);
  if (!(years > 0)) return null;
  const leg = priceLeg(contract, market, years, { maxLegSpread: Number.POSITIVE_INFINITY, minOpenInterest: 0 });
  return leg === null ? null : Math.abs(leg.delta);
}

/** A vertical credit spread to open: the short nearer the money, the long `width` further out. */
export interface Vertical {
  readonly short: OptionContract;
  readonly long: OptionContract;
  /** The short's |delta|. */
  readonly shortDelta: number;
}

/**
 * Every openable vertical of `type` and `width` on one expiry's chain, the short's |delta| nearest `targetDelta`
 * first: both legs liquid with open interest, the long exactly `width` further out of the money.
 */
export function verticalsByDelta(
  chain: readonly OptionContract[],
  type: OptionType,
  width: number,
  targetDelta: number,
  deltaOf: (contract: OptionContract) => number | null,
): Vertical[] {
  const wingStrike = (strike: number): number => (type === 'put' ? strike - width : strike + width);
  return chain
    .filter((c) => c.type === type && isOpenable(c))
    .flatMap((short) => {
      const long = chain.find((c) => c.type === type && Math.abs(c.strike - wingStrike(short.strike)) < 1e-6);
      const shortDelta = deltaOf(short);
      return long !== undefined && isOpenable(long) && shortDelta !== null ? [{ short, long, shortDelta }] : [];
    })
    .sort((a, b) => Math.abs(a.shortDelta - targetDelta) - Math.abs(b.shortDelta - targetDelta) || a.short.strike - b.short.strike);
}

/** The credit per share of opening a vertical at mid prices. */
export const openCredit = (vertical: Vertical): number => mid(vertical.short) - mid(vertical.long);

/**
 * The vertical to roll into, from `verticalsByDelta`'s order: the nearest to the target delta, unless rolling
 * into it costs a debit and another within CREDIT_DELTA_TOLERANCE of the target rolls for a credit.
 * `netOf` is the roll's net price per share in the broker's sign (negative = a credit).
 */
export function preferCredit(verticals: readonly Vertical[], targetDelta: number, netOf: (vertical: Vertical) => number): Vertical | undefined {
  const nearest = verticals[0];
  if (nearest === undefined || centsUp(netOf(nearest)) < 0) return nearest;
  return verticals.find((v) => Math.abs(v.shortDelta - targetDelta) <= CREDIT_DELTA_TOLERANCE + 1e-9 && centsUp(netOf(v)) < 0) ?? nearest;
}

/** The short and long leg of one side of a position, or undefined when that side is not one vertical. */
export function verticalOf(legs: readonly PositionLeg[], type: OptionType): { short: PositionLeg; long: PositionLeg } | undefined {
  const side = legs.filter((leg) => leg.type === type);
  const short = side.find((leg) => leg.side === 'short');
  const long = side.find((leg) => leg.side === 'long');
  return side.length === 2 && short !== undefined && long !== undefined ? { short, long } : undefined;
}
