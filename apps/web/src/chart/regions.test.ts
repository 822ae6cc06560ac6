import { describe, expect, it } from 'vitest';
import { CONDOR_PAYOFF } from '../../test/tickets.js';
import { profitAndLossRegions } from './regions.js';

const condor = CONDOR_PAYOFF.points;

describe('profitAndLossRegions', () => {
  it('splits a condor into loss, profit, loss at its exact zero crossings', () => {
    const regions = profitAndLossRegions(condor);
    expect(regions.map((r) => r.side)).toEqual(['loss', 'profit', 'loss']);
    const [left, middle, right] = regions;
    expect(left?.points.at(-1)).toEqual({ price: 654.3, pnl: 0 });
    expect(middle?.points[0]).toEqual({ price: 654.3, pnl: 0 });
    expect(middle?.points.at(-1)?.price).toBeCloseTo(723.7, 9);
    expect(right?.points.at(-1)).toEqual({ price: 740, pnl: -430 });
  });

  it('keeps every point of a region on its own side of zero', () => {
    for (const region of profitAndLossRegions(condor)) {
      for (const point of region.points) {
        if (region.side === 'profit') expect(point.pnl).toBeGreaterThanOrEqual(0);
        else expect(point.pnl).toBeLessThanOrEqual(0);
      }
    }
  });

  it('treats a point exactly at zero as the border between regions, and a flat zero curve as no region', () => {
    const touching = profitAndLossRegions([{ price: 1, pnl: -1 }, { price: 2, pnl: 0 }, { price: 3, pnl: 1 }]);
    expect(touching).toEqual([
      { side: 'loss', points: [{ price: 1, pnl: -1 }, { price: 2, pnl: 0 }] },
      { side: 'profit', points: [{ price: 2, pnl: 0 }, { price: 3, pnl: 1 }] },
    ]);
    expect(profitAndLossRegions([{ price: 1, pnl: 0 }, { price: 2, pnl: 0 }])).toEqual([]);
  });
});
