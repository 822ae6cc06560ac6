/**
 * The listed strike spacing assumed at a price: $0.50 below $25, $1 below $250, $5 below $1,000,
 * $10 from there.
 */
export function strikeIncrement(price: number): number {
  if (price < 25) return 0.5;
  if (price < 250) return 1;
  if (price < 1000) return 5;
  return 10;
}

/** The nearest multiple of `increment` (halves round up), at least one increment. */
export function snapToIncrement(value: number, increment: number): number {
  return Math.max(1, Math.round(value / increment)) * increment;
}
