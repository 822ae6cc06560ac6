import { savedStrategyStoreContract } from '../contracts/index.js';
import { MemorySavedStrategyStore } from './memory-saved-strategy-store.js';
import { MemoryStrategyRunStore } from './memory-strategy-run-store.js';

savedStrategyStoreContract('memory', () =>
  Promise.resolve({ saved: new MemorySavedStrategyStore(), runs: new MemoryStrategyRunStore() }),
);
