import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { gatePasses } from './iv-rank-gate.js';
import { IV_RANK_GATE_MODES } from './types.js';

const figure = fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null });

describe('gatePasses', () => {
  test.prop([fc.constantFrom(...IV_RANK_GATE_MODES), fc.double({ min: 0, max: 100, noNaN: true }), figure, figure])(
    'opens exactly as its mode says, and never on a figure it does not know',
    (mode, threshold, rank, percentile) => {
      const open = gatePasses({ mode, threshold }, rank, () => percentile);
      const expected = {
        off: true,
        minimum: rank !== null && rank >= threshold,
        maximum: rank !== null && rank <= threshold,
        percentile_minimum: percentile !== null && percentile >= threshold,
      }[mode];
      expect(open).toBe(expected);
    },
  );

  test.prop([fc.constantFrom('off', 'minimum', 'maximum' as const), figure])('reads the percentile only in percentile_minimum mode', (mode, rank) => {
    let read = 0;
    gatePasses({ mode, threshold: 50 }, rank, () => (read++, 70));
    expect(read).toBe(0);
  });
});
