import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ivPercentile, ivRank } from './iv-rank.js';
import type { HistorySession } from './types.js';

const series = (vols: readonly number[]): HistorySession[] => vols.map((atmVol, i) => ({ date: `d${i}`, close: 100, atmVol }));

describe('ivRank and ivPercentile (options-math §2.7)', () => {
  // The spike example scaled to 201 points: 180 days at 20 %, 20 days at 80 %, today at 30 %.
  const spike = series([...Array<number>(180).fill(0.2), ...Array<number>(20).fill(0.8), 0.3]);

  it('one spike inflates the rank’s denominator but not the percentile', () => {
    expect(ivRank(spike, 200)).toBeCloseTo(16.6667, 4);
    expect(ivPercentile(spike, 200)).toBeCloseTo(90, 12);
  });

  it('today is in the window: at the window’s high the rank is 100, at its low 0', () => {
    const rising = series(Array.from({ length: 252 }, (_, i) => 0.1 + i / 1000));
    expect(ivRank(rising, 251)).toBe(100);
    expect(ivPercentile(rising, 251)).toBe(100);
    const falling = series(Array.from({ length: 252 }, (_, i) => 0.5 - i / 1000));
    expect(ivRank(falling, 251)).toBe(0);
    expect(ivPercentile(falling, 251)).toBe(0);
  });

  it('null with fewer than 200 points in the window', () => {
    expect(ivRank(spike, 198)).toBeNull();
    expect(ivPercentile(spike, 198)).toBeNull();
    expect(ivRank(spike, 199)).not.toBeNull();
  });

  it('null when the window is flat', () => {
    const flat = series(Array<number>(260).fill(0.25));
    expect(ivRank(flat, 259)).toBeNull();
    expect(ivPercentile(flat, 259)).toBeNull();
  });

  it('null outside the history', () => {
    expect(ivRank(spike, 201)).toBeNull();
    expect(ivRank(spike, -1)).toBeNull();
  });

  it('only the last 252 sessions count: an older spike drops out', () => {
    const vols = [0.9, ...Array<number>(250).fill(0.2), 0.4, 0.3];
    const history = series(vols);
    // At index 252 the window is 1..252: min 0.2, max 0.4.
    expect(ivRank(history, 252)).toBeCloseTo(50, 12);
    // At index 251 the 0.9 is still in (window 0..251).
    expect(ivRank(history, 251)).toBeCloseTo((100 * 0.2) / 0.7, 12);
  });

  it('is exactly 100 at the window’s high even when 100 × (high − low) rounds up', () => {
    const vols = [...Array<number>(225).fill(0.05), 0.8249999999999998, ...Array<number>(26).fill(0.05)];
    expect(ivRank(series(vols), 225)).toBe(100);
  });

  test.prop([fc.array(fc.double({ min: 0.05, max: 2, noNaN: true }), { minLength: 200, maxLength: 300 }), fc.nat()])(
    'both stay within 0–100 whenever defined',
    (vols, pick) => {
      const history = series(vols);
      const index = 199 + (pick % (vols.length - 199));
      for (const value of [ivRank(history, index), ivPercentile(history, index)]) {
        if (value !== null) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
      }
    },
  );
});
