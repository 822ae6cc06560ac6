import type { MarketSource } from '../ports/market-data.js';

/** The simulated market's source: a person linked to the simulated broker, and deployments without a real market. */
export const SIMULATED_SOURCE: MarketSource = { id: 'simulated', simulated: true, words: 'the simulated market (synthetic prices, not real quotes)' };

