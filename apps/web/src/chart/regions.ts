import type { PayoffPoint } from '@condor/core';

/** A stretch of the payoff curve on one side of zero, from where it leaves zero (or the curve starts) to where it returns. */
export interface Region {
  readonly side: 'profit' | 'loss';
  readonly points: readonly PayoffPoint[];
}

/**
 * Cuts a piecewise-linear payoff into profit and loss regions, adding the exact zero crossings between points,
 * so that each region, closed along the zero line, is the area between the curve and zero on its side.
 *
 * @example profitAndLossRegions([{ price: 1, pnl: -2 }, { price: 3, pnl: 2 }])
 * // [{ side: 'loss', points: [{1,-2}, {2,0}] }, { side: 'profit', points: [{2,0}, {3,2}] }]
 */
export function profitAndLossRegions(points: readonly PayoffPoint[]): Region[] {
  const regions: Region[] = [];
  let run: PayoffPoint[] = [];
  let side: Region['side'] | null = null;
  const close = (): void => {
    if (side !== null && run.length > 1) regions.push({ side, points: run });
  };
  for (const point of withCrossings(points)) {
    run.push(point);
    if (point.pnl === 0) {
      close();
      run = [point];
      side = null;
    } else {
      side = point.pnl > 0 ? 'profit' : 'loss';
    }
  }
  close();
  return regions;
}

function withCrossings(points: readonly PayoffPoint[]): PayoffPoint[] {
  const out: PayoffPoint[] = [];
  points.forEach((point, i) => {
    const previous = points[i - 1];
    if (previous !== undefined && previous.pnl * point.pnl < 0) {
      const t = previous.pnl / (previous.pnl - point.pnl);
      out.push({ price: previous.price + t * (point.price - previous.price), pnl: 0 });
    }
    out.push(point);
  });
  return out;
}
