import type { IvRankGate } from './types.js';

/**
 * Whether an IV-rank gate lets an entry through at a close: `off` always; `minimum` needs the rank ≥ threshold,
 * `maximum` ≤ threshold, `percentile_minimum` the percentile ≥ threshold; an unknown figure keeps it closed.
 * The percentile is asked for only by the mode that reads it (it costs a pass over the year).
 */
export function gatePasses(gate: IvRankGate, rank: number | null, percentile: () => number | null): boolean {
  switch (gate.mode) {
    case 'off':
      return true;
    case 'minimum':
      return rank !== null && rank >= gate.threshold;
    case 'maximum':
      return rank !== null && rank <= gate.threshold;
    case 'percentile_minimum': {
      const value = percentile();
      return value !== null && value >= gate.threshold;
    }
  }
}
