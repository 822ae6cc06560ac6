import { empiricalPop } from './pop-empirical.js';
import { lognormalPop } from './pop-lognormal.js';
import { monteCarloPop } from './pop-monte-carlo.js';
import type { PopFunction, PopModel } from './types.js';

/** Paths per entry of the monte_carlo model: ±1.1 pp (1σ) at a POP near 0.5. */
const MONTE_CARLO_PATHS = 2_000;
/** Monte Carlo runs on this many of a strategy's latest entries (the rest of the grid ranks on lognormal). */
const MONTE_CARLO_ENTRIES = 12;

/**
 * The POP functions of a run: every rule set is backtested with the lognormal POP (cheap); the run's
 * model, when another, then recomputes the POP at entry of the returned strategies only.
 */
export function popModel(model: PopModel, seed: number): { pop: PopFunction; refinePop?: { fn: PopFunction; latestTrades: number } } {
  switch (model) {
    case 'lognormal':
      return { pop: lognormalPop };
    case 'empirical':
      return { pop: lognormalPop, refinePop: { fn: empiricalPop, latestTrades: Number.MAX_SAFE_INTEGER } };
    case 'monte_carlo':
      return { pop: lognormalPop, refinePop: { fn: monteCarloPop({ seed, paths: MONTE_CARLO_PATHS }), latestTrades: MONTE_CARLO_ENTRIES } };
  }
}
