import { strategyRunStoreContract } from '../contracts/index.js';
import { MemoryStrategyRunStore } from './memory-strategy-run-store.js';

strategyRunStoreContract('memory', () => Promise.resolve(new MemoryStrategyRunStore()));
