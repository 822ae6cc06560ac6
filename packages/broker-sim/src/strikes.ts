/**
 * Listed strikes around a reference price, ascending: a fine increment within about 1.5 standard
 * deviations (0.5 below $25, 1 below $250 and for ETFs above it, 5 for stocks above it) and a coarse one
 * (2.5, 5 or 10) across the rest, out to about four standard deviations below and three above.
 */
export function strikeGrid(reference: number, kind: 'etf' | 'stock', stdDev: number): number[] {
  const fine = reference < 25 ? 50 : reference < 250 || kind === 'etf' ? 100 : 500;
  const coarse = fine === 500 ? 1000 : fine === 100 && reference < 100 ? 250 : fine * 5;
  const near = Math.min(0.15, Math.max(0.03, 1.5 * stdDev));
  const cents = new Set<number>();
  const add = (low: number, high: number, step: number): void => {
    for (let k = Math.ceil((low * 100) / step); k * step <= high * 100; k++) if (k > 0) cents.add(k * step);
  };
  add(reference * Math.exp(-Math.max(4 * stdDev, 0.15)), reference * Math.exp(Math.max(3 * stdDev, 0.1)), coarse);
  add(reference * Math.exp(-near), reference * Math.exp(near), fine);
  return [...cents].sort((a, b) => a - b).map((c) => c / 100);
}
