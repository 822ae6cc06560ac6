import { quotaStoreContract } from '../contracts/index.js';
import { MemoryQuotaStore } from './memory-quota-store.js';

quotaStoreContract('memory', () => Promise.resolve(new MemoryQuotaStore()));
