import type { PayoffCurve, PayoffPoint } from './ticket-types.js';

/** A leg as held after the order: long legs were bought, short legs sold. */
export interface HeldLeg {
  readonly type: 'put' | 'call';
  readonly strike: number;
  readonly side: 'long' | 'short';
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Profit or loss per share at expiry of `legs` held for a net `credit` per share (negative: a debit paid). */
export function pnlPerShare(legs: readonly HeldLeg[], credit: number, price: number): number {
  return legs.reduce((sum, leg) => {
    const intrinsic = leg.type === 'put' ? Math.max(0, leg.strike - price) : Math.max(0, price - leg.strike);
    return sum + (leg.side === 'long' ? intrinsic : -intrinsic);
  }, credit);
}

/**
 * The payoff at expiry of `legs` held for `credit` per share, `qty` contracts of 100 shares: points at every
 * strike, at the breakevens, and one wing's width beyond the outer strikes, so straight lines between them are
 * exact. Empty legs have no curve.
 */
export function payoffCurve(legs: readonly HeldLeg[], credit: number, qty: number, spot: number | null): PayoffCurve | null {
  if (legs.length === 0) return null;
  const strikes = [...new Set(legs.map((leg) => leg.strike))].sort((a, b) => a - b);
  const low = strikes[0] ?? 0;
  const high = strikes[strikes.length - 1] ?? 0;
  const margin = Math.max(high - low, 1) / 2;
  const knots = [Math.max(0, low - margin), ...strikes, high + margin];
  const value = (price: number): number => round2(pnlPerShare(legs, credit, price) * 100 * qty);
  const breakevens: number[] = [];
  for (let i = 1; i < knots.length; i++) {
    const [a, b] = [knots[i - 1] ?? 0, knots[i] ?? 0];
    const [pa, pb] = [pnlPerShare(legs, credit, a), pnlPerShare(legs, credit, b)];
    if ((pa < 0 && pb > 0) || (pa > 0 && pb < 0)) breakevens.push(round2(a + ((b - a) * -pa) / (pb - pa)));
  }
  const prices = [...new Set([...knots, ...breakevens])].sort((a, b) => a - b);
  const points: PayoffPoint[] = prices.map((price) => ({ price: round2(price), pnl: value(price) }));
  const pnls = points.map((p) => p.pnl);
  return { points, breakevens, spot, maxProfit: Math.max(...pnls), maxLoss: Math.max(0, -Math.min(...pnls)), worst: null };
}

/** What the band's worst price changes about the legs held: their credit, each cent of it a cent less per share. */
export interface PricedHolding {
  readonly legs: readonly HeldLeg[];
  /** Per share, held at the start price. */
  readonly credit: number;
  readonly qty: number;
  readonly spot: number | null;
}

/**
 * The payoff at the band's start price, with beside it the payoff filled at its worst price (a price `worst − start`
 * worse is that much less credit per share), where the two differ.
 *
 * @example bandPayoff({ legs, credit: 1.25, qty: 1, spot: null }, { startPrice: -1.25, worstPrice: -1.2 })?.worst?.maxLoss // 380
 */
export function bandPayoff(held: PricedHolding, band: { readonly startPrice: number; readonly worstPrice: number }): PayoffCurve | null {
  const start = payoffCurve(held.legs, held.credit, held.qty, held.spot);
  if (start === null || band.worstPrice === band.startPrice) return start;
  const { points, breakevens, maxProfit, maxLoss } = payoffCurve(held.legs, held.credit - (band.worstPrice - band.startPrice), held.qty, held.spot) ?? start;
  return { ...start, worst: { startPrice: band.startPrice, worstPrice: band.worstPrice, points, breakevens, maxProfit, maxLoss } };
}
