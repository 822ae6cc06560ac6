import { proposalStoreContract } from '../contracts/index.js';
import { MemoryProposalStore } from './memory-proposal-store.js';

proposalStoreContract('memory', () => Promise.resolve(new MemoryProposalStore()));
