import type { FakeMarket } from './fake-tastytrade-market.js';
import { isBuy, isClose, isShortLeg, type LegRequest, type OrderRequest } from './fake-tastytrade-orders.js';

/**
 * The fake's fee schedule, per contract: commission to open (none to close, capped per leg), clearing and a
 * stand-in for the regulatory fees. Round numbers so a test's arithmetic reads plainly; not tastytrade's rates.
 */
export const FEE_SCHEDULE = {
  commissionPerOpeningContract: 1,
  commissionCapPerLeg: 10,
  clearingPerContract: 0.1,
  regulatoryPerContract: 0.03,
} as const;

/** What an order costs, in dollars for the whole order; signed like the broker's effects (Debit positive). */
export interface Costs {
  readonly commission: number;
  readonly clearing: number;
  readonly regulatory: number;
  readonly totalFees: number;
  /** The margin the order's option structure holds: positive to open it, negative (released) to close it. */
  readonly marginChange: number;
  /** The margin of this order alone (its opening legs). */
  readonly isolatedMargin: number;
  /** Premium: positive paid (a debit), negative received (a credit). */
  readonly premium: number;
  /** marginChange + premium + fees: positive uses buying power. */
  readonly buyingPowerChange: number;
}

/**
 * The dry-run arithmetic. A defined-risk structure holds the width of its widest short spread (×100 per unit): a
 * condor can lose on one side only, so its requirement is its wider wing. A short leg with no long partner holds
 * 20 % of the underlying. tastytrade's own example reads the same way: a 3-point spread (300 margin) for a 2.00
 * credit with 2.302 fees changes buying power by 102.302.
 */
export function costsOf(request: OrderRequest, market: FakeMarket): Costs {
  let commission = 0;
  let clearing = 0;
  let regulatory = 0;
  for (const leg of request.legs) {
    if (!isClose(leg.action)) commission += Math.min(FEE_SCHEDULE.commissionCapPerLeg, FEE_SCHEDULE.commissionPerOpeningContract * leg.quantity);
    clearing += FEE_SCHEDULE.clearingPerContract * leg.quantity;
    regulatory += FEE_SCHEDULE.regulatoryPerContract * leg.quantity;
  }
  const totalFees = round(commission + clearing + regulatory);
  const opening = request.legs.filter((l) => !isClose(l.action));
  const closing = request.legs.filter((l) => isClose(l.action));
  const isolatedMargin = margin(opening, market);
  const marginChange = isolatedMargin - margin(closing, market);
  const perShare = request.price === null ? netMark(request.legs, market) : request.priceEffect === 'Debit' ? request.price : -request.price;
  const premium = round(perShare * 100 * request.size);
  return {
    commission: round(commission),
    clearing: round(clearing),
    regulatory: round(regulatory),
    totalFees,
    marginChange,
    isolatedMargin,
    premium,
    buyingPowerChange: round(marginChange + premium + totalFees),
  };
}

/** Per unit, per share: Σ buy marks − Σ sell marks (a debit positive). */
export function netMark(legs: readonly LegRequest[], market: FakeMarket): number {
  const size = Math.min(...legs.map((l) => l.quantity));
  const net = legs.reduce((sum, l) => sum + (isBuy(l.action) ? 1 : -1) * market.mark(l.contract) * (l.quantity / size), 0);
  return Math.round(net * 10_000) / 10_000;
}

function margin(legs: readonly LegRequest[], market: FakeMarket): number {
  const bySide = { P: 0, C: 0 };
  for (const short of legs.filter((l) => isShortLeg(l.action))) {
    const partners = legs.filter((l) => !isShortLeg(l.action) && l.contract.type === short.contract.type && l.contract.expiration === short.contract.expiration);
    const nearest = partners.sort((a, b) => Math.abs(a.contract.strike - short.contract.strike) - Math.abs(b.contract.strike - short.contract.strike))[0];
    const perShare = nearest ? Math.abs(nearest.contract.strike - short.contract.strike) : 0.2 * (market.price(short.contract.root) ?? short.contract.strike);
    bySide[short.contract.type] += perShare * 100 * short.quantity;
  }
  const naked = legs.some((s) => isShortLeg(s.action) && !legs.some((l) => !isShortLeg(l.action) && l.contract.type === s.contract.type));
  return round(naked ? bySide.P + bySide.C : Math.max(bySide.P, bySide.C));
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** A decimal string as tastytrade writes money: `300.0`, `102.302`. */
export function decimalText(value: number): string {
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

/** `{name: '1.0', 'name-effect': 'Debit'}`: the amount never signed, its direction beside it. */
export function money(name: string, signed: number): Record<string, string> {
  const effect = Math.abs(signed) < 0.0005 ? 'None' : signed > 0 ? 'Debit' : 'Credit';
  return { [name]: decimalText(signed), [`${name}-effect`]: effect };
}

/** `buying-power-effect` of a dry run or a placement, from the account's buying power before the order. */
export function buyingPowerEffectJson(costs: Costs, currentBuyingPower: number, legs: number): Record<string, unknown> {
  return {
    ...money('change-in-margin-requirement', costs.marginChange),
    ...money('change-in-buying-power', costs.buyingPowerChange),
    // Buying power one has is a credit.
    ...money('current-buying-power', -currentBuyingPower),
    ...money('new-buying-power', -(currentBuyingPower - costs.buyingPowerChange)),
    ...money('isolated-order-margin-requirement', costs.isolatedMargin),
    'is-spread': legs > 1,
    impact: decimalText(costs.buyingPowerChange),
    effect: money('x', costs.buyingPowerChange)['x-effect'],
  };
}

export function feeCalculationJson(costs: Costs): Record<string, unknown> {
  return {
    ...money('regulatory-fees', costs.regulatory),
    ...money('clearing-fees', costs.clearing),
    ...money('commission', costs.commission),
    ...money('proprietary-index-option-fees', 0),
    ...money('total-fees', costs.totalFees),
  };
}
