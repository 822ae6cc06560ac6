import { OPTION_FEES, SHARES_PER_CONTRACT } from '../../costs/fee-table.js';
import { centsUp } from '../../costs/order-costs.js';
import type { CondorStrikes } from '../types.js';

/**
 * `orderCosts(legs, qty, commission).total` — the ticket's figure — for an order of `legs` legs of which `sold` are
 * sold, whose sold legs' prices per share add up to `soldPrices` (summed in leg order, as `orderCosts` sums them). The
 * same terms in the same order, so the number is the same to the last bit (fees.test.ts checks it), without the leg
 * objects: the backtest asks it for every trade of every rule set.
 */
export function orderFeeTotal(legs: number, sold: number, soldPrices: number, qty: number, commissionPerContract: number): number {
  const contracts = legs * qty;
  const occPerLeg = Math.min(OPTION_FEES.occPerContract * qty, OPTION_FEES.occMaxPerTrade);
  let occ = 0;
  for (let leg = 0; leg < legs; leg++) occ += occPerLeg;
  const total =
    centsUp(commissionPerContract * contracts) +
    centsUp(OPTION_FEES.orfPerContract * contracts) +
    centsUp(occ) +
    centsUp(OPTION_FEES.tafPerContractSold * sold * qty) +
    centsUp(OPTION_FEES.secPerDollarSold * soldPrices * SHARES_PER_CONTRACT * qty) +
    centsUp(OPTION_FEES.catPerShare * SHARES_PER_CONTRACT * contracts);
  return Math.round(total * 100) / 100;
}

/** The legs of a condor in the money at an expiry close, as an order closing them at their intrinsic values. */
export interface ExpiryLegs {
  readonly legs: number;
  readonly sold: number;
  /** The intrinsic values of the long legs in the money (those the closing order sells). */
  readonly soldPrices: number;
}

/**
 * The legs in the money at `spot`: each is exercised or assigned, and is charged what closing it at its intrinsic
 * value would cost (the ticket's fees on the contracts, the broker's commission) — the stock it delivers is traded at
 * that value. A leg exactly at the money expires.
 */
export function legsInTheMoney(strikes: CondorStrikes, spot: number): ExpiryLegs {
  const longPut = Math.max(0, strikes.longPut - spot);
  const longCall = Math.max(0, spot - strikes.longCall);
  const itm = (spot < strikes.longPut ? 1 : 0) + (spot < strikes.shortPut ? 1 : 0) + (spot > strikes.shortCall ? 1 : 0) + (spot > strikes.longCall ? 1 : 0);
  const sold = (longPut > 0 ? 1 : 0) + (longCall > 0 ? 1 : 0);
  // In closing-order leg order (long put, short put, short call, long call), from 0 as orderCosts sums.
  return { legs: itm, sold, soldPrices: 0 + longPut + longCall };
}
