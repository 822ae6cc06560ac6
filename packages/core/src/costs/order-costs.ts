import { OPTION_FEES, SHARES_PER_CONTRACT } from './fee-table.js';

/** One leg of an order as fees see it: the side and the expected price per share. */
export interface CostedLeg {
  readonly side: 'buy' | 'sell';
  /** Dollars per share, ≥ 0. */
  readonly price: number;
}

/** What one order costs besides its price, dollars for the whole order; each fee rounded up to the cent. */
export interface OrderCosts {
  readonly commission: number;
  readonly orf: number;
  readonly occ: number;
  readonly taf: number;
  readonly sec: number;
  readonly cat: number;
  readonly total: number;
}

/** Rounds up to the cent (as Alpaca bills each fee, and as limit prices are set); the nudge keeps 0.08 (stored as 0.0800…01) at 0.08. */
export const centsUp = (dollars: number): number => Math.ceil(dollars * 100 - 1e-9) / 100 || 0;

/**
 * The commission and regulatory fees of a multi-leg order of `qty` units (one of each leg per unit) at the
 * rates of `OPTION_FEES`: ORF and OCC (capped per leg) on every contract, TAF on contracts sold, SEC on sale
 * proceeds, CAT per equivalent share. Alpaca rounds each fee's daily total up to the cent; rounding each
 * order's fees up is what an order alone in its day pays and an upper bound otherwise.
 */
export function orderCosts(legs: readonly CostedLeg[], qty: number, commissionPerContract: number): OrderCosts {
  const contracts = legs.length * qty;
  const sold = legs.filter((leg) => leg.side === 'sell');
  const fees = {
    commission: centsUp(commissionPerContract * contracts),
    orf: centsUp(OPTION_FEES.orfPerContract * contracts),
    occ: centsUp(legs.reduce((sum) => sum + Math.min(OPTION_FEES.occPerContract * qty, OPTION_FEES.occMaxPerTrade), 0)),
    taf: centsUp(OPTION_FEES.tafPerContractSold * sold.length * qty),
    sec: centsUp(OPTION_FEES.secPerDollarSold * sold.reduce((sum, leg) => sum + leg.price, 0) * SHARES_PER_CONTRACT * qty),
    cat: centsUp(OPTION_FEES.catPerShare * SHARES_PER_CONTRACT * contracts),
  };
  const total = Object.values(fees).reduce((sum, fee) => sum + fee, 0);
  return { ...fees, total: Math.round(total * 100) / 100 };
}
