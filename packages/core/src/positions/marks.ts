import type { BrokerPosition } from '../ports/broker.js';
import type { OptionContract } from '../ports/market-data.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';

/** Where a leg's current price came from. */
export type PriceSource = 'broker' | 'chain';

export interface LegMark {
  readonly leg: PositionLeg;
  /** Per share; null when neither the broker nor the chain has a price. */
  readonly price: number | null;
  readonly source: PriceSource | null;
}

/** A managed condor valued now. Prices per share, P/L in dollars. */
export interface PositionMarks {
  readonly legs: readonly LegMark[];
  /** The debit to close one condor (shorts bought back, longs sold) at these prices; null when a leg has none. */
  readonly value: number | null;
  /** (entry credit − value) · 100 · qty; null without a value. */
  readonly unrealizedPl: number | null;
}

/** A contract's mid per share; null when nobody offers it. */
export const mid = (contract: OptionContract): number | null => (contract.ask > 0 ? (contract.bid + contract.ask) / 2 : null);

/** The chain's contract for a leg: by OCC symbol, else by type, strike and expiry. */
export const contractFor = (leg: PositionLeg, chain: readonly OptionContract[]): OptionContract | undefined =>
  chain.find((c) => c.symbol === leg.symbol) ??
  chain.find((c) => c.type === leg.type && c.expiry === leg.expiry && Math.abs(c.strike - leg.strike) < 1e-9);

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Values a condor leg by leg: the broker position's current price, else the chain's mid.
 *
 * @example markPosition(position, new Map([[sym, brokerPosition]]), chain).unrealizedPl // dollars, e.g. 45
 */
export function markPosition(
  position: ManagedPosition,
  held: ReadonlyMap<string, BrokerPosition>,
  chain: readonly OptionContract[] | null,
): PositionMarks {
  const legs = position.legs.map((leg): LegMark => {
    const atBroker = held.get(leg.symbol);
    if (atBroker !== undefined && atBroker.qty !== 0 && Number.isFinite(atBroker.currentPrice)) {
      return { leg, price: atBroker.currentPrice, source: 'broker' };
    }
    const contract = chain === null ? undefined : contractFor(leg, chain);
    const price = contract === undefined ? null : mid(contract);
    return { leg, price, source: price === null ? null : 'chain' };
  });
  const prices = legs.map((mark) => mark.price);
  if (prices.some((price) => price === null)) return { legs, value: null, unrealizedPl: null };
  const value = round(
    legs.reduce((sum, mark) => sum + (mark.leg.side === 'short' ? 1 : -1) * (mark.price ?? 0), 0),
    4,
  );
  return { legs, value, unrealizedPl: round((position.entryCredit - value) * 100 * position.qty, 2) };
}
