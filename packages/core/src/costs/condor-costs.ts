import { SHARES_PER_CONTRACT } from './fee-table.js';
import { orderCosts, type CostedLeg, type OrderCosts } from './order-costs.js';

/** Prices per share of an iron condor's four legs (mids, or what each leg is expected to trade at). */
export interface CondorLegPrices {
  readonly longPut: number;
  readonly shortPut: number;
  readonly shortCall: number;
  readonly longCall: number;
}

/** What opening and closing legs of `qty` condors costs besides their prices, dollars. */
export interface TradeCosts {
  readonly qty: number;
  /** Opening legs (null when the trade opens none, as an exit). */
  readonly open: OrderCosts | null;
  /** Closing legs: an entry's later close is estimated at today's prices. */
  readonly close: OrderCosts | null;
  /** Open and close together. */
  readonly total: number;
  readonly perContract: number;
  /** The total spread over the shares the order controls: what it takes off a credit per share. */
  readonly perShare: number;
}

/** The costs of opening some legs and closing others (each side as one order), `qty` of each. */
export function tradeCosts(opening: readonly CostedLeg[], closing: readonly CostedLeg[], qty: number, commissionPerContract: number): TradeCosts {
  const open = opening.length === 0 ? null : orderCosts(opening, qty, commissionPerContract);
  const close = closing.length === 0 ? null : orderCosts(closing, qty, commissionPerContract);
  const total = Math.round(((open?.total ?? 0) + (close?.total ?? 0)) * 100) / 100;
  return { qty, open, close, total, perContract: total / qty, perShare: total / (SHARES_PER_CONTRACT * qty) };
}

/**
 * The costs of opening `qty` short iron condors as one multi-leg order and closing them as another. Closing
 * assumes today's prices: the wings' sale proceeds (SEC) are what changes by then, and by a cent at most.
 */
export function condorCosts(prices: CondorLegPrices, qty: number, commissionPerContract: number): TradeCosts & { readonly open: OrderCosts; readonly close: OrderCosts } {
  const costs = tradeCosts(
    [
      { side: 'buy', price: prices.longPut },
      { side: 'sell', price: prices.shortPut },
      { side: 'sell', price: prices.shortCall },
      { side: 'buy', price: prices.longCall },
    ],
    [
      { side: 'sell', price: prices.longPut },
      { side: 'buy', price: prices.shortPut },
      { side: 'buy', price: prices.shortCall },
      { side: 'sell', price: prices.longCall },
    ],
    qty,
    commissionPerContract,
  );
  return { ...costs, open: costs.open as OrderCosts, close: costs.close as OrderCosts };
}
