import type { PaperFills } from './paper-fills.js';
import { netMid } from './paper-legs.js';

/** Floating-point slack when comparing a limit with the net mid. */
const EPSILON = 1e-9;
/**
 * How far inside the net mid a multi-leg limit still fills: one cent, as market makers fill complex orders
 * a penny from the mid. Leg mids move in half-cent steps, so without it an order at the mid misses on the
 * next step.
 */
const MIDPOINT_TOLERANCE = 0.01;

/**
 * The fill model `at_mid` (condor's first): a limit at or through the net mid, or a cent inside it, fills whole at
 * once, whatever the quotes; any other works until the market comes to it. For tests and demos that need a fill now.
 */
export const atMidFills: PaperFills = {
  due: ({ now, expiresAt }) => now < expiresAt,
  fill: async ({ order, now, expiresAt }, legsAt) => {
    if (now >= expiresAt) return [];
    const legs = await legsAt(now);
    return legs !== undefined && order.limitPrice >= netMid(legs) - MIDPOINT_TOLERANCE - EPSILON ? [{ at: now, units: order.qty - order.filledQty, legs }] : [];
  },
};
