import { proposalStoreContract } from '../contracts/index.js';
import { MemoryPositionStore } from './memory-position-store.js';
import { MemoryProposalStore } from './memory-proposal-store.js';

proposalStoreContract('memory', () => {
  const positions = new MemoryPositionStore();
  return Promise.resolve({ proposals: new MemoryProposalStore(positions), positions });
});
