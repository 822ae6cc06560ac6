import { HELD } from './exits.js';
import { orderFeeTotal } from './fees.js';
import type { TradeShape } from './trade-shape.js';

/** The opening order's fees for `qty` condors: four legs, the two shorts sold, at their mids (as the ticket takes them). */
export const openingFees = (shape: TradeShape, qty: number, commissionPerContract: number): number =>
  orderFeeTotal(4, 2, shape.entrySoldMids, qty, commissionPerContract);

/**
 * The fees of ending the trade at `exitStep`'s `step`: the closing order of the four legs at that close's mids (the
 * longs sold), or, held to expiry, exercise and assignment of the legs in the money (none when all expire worthless).
 */
export function closingFees(shape: TradeShape, step: number, qty: number, commissionPerContract: number): number {
  if (step === HELD) {
    const { legs, sold, soldPrices } = shape.expiryLegs;
    return legs === 0 ? 0 : orderFeeTotal(legs, sold, soldPrices, qty, commissionPerContract);
  }
  const at = shape.offset + step;
  const { longPut, longCall } = shape;
  const soldMids = 0 + ((longPut.bid[at] ?? 0) + (longPut.ask[at] ?? 0)) / 2 + ((longCall.bid[at] ?? 0) + (longCall.ask[at] ?? 0)) / 2;
  return orderFeeTotal(4, 2, soldMids, qty, commissionPerContract);
}
