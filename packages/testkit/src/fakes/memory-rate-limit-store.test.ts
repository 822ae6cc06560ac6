import { rateLimitStoreContract } from '../contracts/index.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';

rateLimitStoreContract('memory', () => Promise.resolve(new MemoryRateLimitStore()));
