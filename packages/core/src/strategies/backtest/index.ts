/**
 * The iron-condor rule-set backtest and optimizer (pure): `backtest` one rule set over a daily
 * history, `optimize` a whole grid with shared trade paths, and the grid helpers.
 */
export { backtest } from './backtest.js';
export { optimize, type OptimizeRequest, type OptimizeResult, type RankedStrategy } from './optimizer.js';
export { expandGrid, strategyKey } from './expand-grid.js';
export { strikeIncrement } from './strikes.js';
export { syntheticHistory, type SyntheticHistoryOptions } from './history-fixture.js';
