import type { GateFinding } from '../condors/entry-rules.js';
import type { BrokerPosition } from '../ports/broker.js';
import type { PositionLeg } from '../ports/position-store.js';

/** Legs the broker account does not hold in the position's direction and size (closed or assigned outside the service). */
export function heldFindings(legs: readonly PositionLeg[], qty: number, held: readonly BrokerPosition[]): GateFinding[] {
  return legs.flatMap((leg) => {
    const signed = held.find((p) => p.symbol === leg.symbol)?.qty ?? 0;
    const available = leg.side === 'short' ? -signed : signed;
    const holding = Math.max(0, available);
    return available >= qty
      ? []
      : [
          {
            reason: 'held',
            sentence: `The broker account holds ${String(holding)} ${leg.side} ${leg.symbol}, not the ${String(qty)} the position was opened with.`,
            limit: `${String(qty)} ${leg.side} at the broker`,
            found: { leg: leg.symbol, side: leg.side, held: holding },
            leg: leg.symbol,
          },
        ];
  });
}
