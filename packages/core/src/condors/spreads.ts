import type { OptionType } from '../ports/market-data.js';
import { expectedPayout } from './payout.js';
import type { PricedLeg, SearchCriteria, SearchMarket, Spread } from './types.js';

/** A strike as an integer key (tenths of a cent), so a strike plus a width finds its leg despite rounding. */
export const strikeKey = (strike: number): number => Math.round(strike * 1000);

/**
 * Every credit spread of one side, per width: each out-of-the-money short leg with |delta| in the
 * band, paired with the long leg exactly `width` further out, found through one strike map —
 * O(legs × widths) per side.
 */
export function buildSpreads(
  type: OptionType,
  legs: readonly PricedLeg[],
  widths: readonly number[],
  market: SearchMarket,
  criteria: SearchCriteria,
  payout: LegPayout,
): Map<number, Spread[]> {
  const byStrike = new Map(legs.map((leg) => [strikeKey(leg.contract.strike), leg]));
  const shorts = legs.filter((leg) => {
    const strike = leg.contract.strike;
    const delta = Math.abs(leg.delta);
    const outOfTheMoney = type === 'put' ? strike < market.spot : strike > market.spot;
    return outOfTheMoney && delta >= criteria.shortDeltaMin && delta <= criteria.shortDeltaMax;
  });
  const direction = type === 'put' ? -1 : 1;
  const result = new Map<number, Spread[]>();
  for (const width of widths) {
    const spreads: Spread[] = [];
    for (const short of shorts) {
      const long = byStrike.get(strikeKey(short.contract.strike + direction * width));
      if (long === undefined) continue;
      const credit = short.mid - long.mid;
      if (!(credit > 0) || credit >= width) continue;
      spreads.push({ short, long, credit, expectedValue: credit - (payout(short) - payout(long)) });
    }
    result.set(width, spreads);
  }
  return result;
}

/** A leg's expected payout at expiry, per share. */
export type LegPayout = (leg: PricedLeg) => number;

/** E[payout at expiry] of each leg, computed once per leg however many spreads and widths use it. */
export function legPayouts(market: SearchMarket, years: number, criteria: SearchCriteria): LegPayout {
  const cache = new Map<PricedLeg, number>();
  return (leg) => {
    let value = cache.get(leg);
    if (value === undefined) {
      value = expectedPayout(leg.contract.type, leg.contract.strike, leg.volatility, market, years, criteria);
      cache.set(leg, value);
    }
    return value;
  };
}
