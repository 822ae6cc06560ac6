import type { MarketSource } from '../ports/market-data.js';

/** The simulated market's source: a person linked to the simulated broker, and deployments without a real market. */
export const SIMULATED_SOURCE: MarketSource = { id: 'simulated', simulated: true, words: 'the simulated market (synthetic prices, not real quotes)' };

/** A session read straight from the deployment's market, outside a person's call. */
export const DEPLOYMENT_SOURCE: MarketSource = { id: 'deployment', simulated: false, words: "this deployment's market" };
