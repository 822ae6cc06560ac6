import { positionStoreContract } from '../contracts/index.js';
import { MemoryPositionStore } from './memory-position-store.js';

positionStoreContract('memory', () => Promise.resolve(new MemoryPositionStore()));
