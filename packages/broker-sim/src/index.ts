/** @condor/broker-sim — the embedded default: a deterministic, clock-driven synthetic market. */
export { SIMULATED_NOTICE } from './notice.js';
export { SimMarketData, SIM_RISK_FREE_RATE, type SimMarketDataOptions } from './sim-market-data.js';
export { simulatedEvents } from './event-calendar.js';
export type { SimSessionMode } from './market-state.js';
export { SIM_UNIVERSE, ANCHOR_DATE, type SimSymbol, type LiquidityTier } from './universe.js';
export { occSymbol, parseOccSymbol, type OccFields } from './occ.js';
export { SimBrokers, type SimBrokersOptions, type SimFills } from './sim-brokers.js';
export type { PaperBroker } from './paper-broker.js';
export { FILL_MODEL, fillChance, wayToNatural, type LimitAgainstMarket } from './fill-curve.js';
export { fillIntervalIndex, intervalFill, type FillQuestion, type IntervalFill } from './fill-model.js';
