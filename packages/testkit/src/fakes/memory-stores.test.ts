import { sessionStoreContract, userStoreContract } from '../contracts/index.js';
import { MemorySessionStore, MemoryUserStore } from './memory-stores.js';

userStoreContract('memory', () => Promise.resolve(new MemoryUserStore()));
sessionStoreContract('memory', () => Promise.resolve(new MemorySessionStore()));
