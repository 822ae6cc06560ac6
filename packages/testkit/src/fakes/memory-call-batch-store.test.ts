import { callBatchStoreContract } from '../contracts/call-batch-store.contract.js';
import { MemoryCallBatchStore } from './memory-call-batch-store.js';

callBatchStoreContract('MemoryCallBatchStore', () => Promise.resolve(new MemoryCallBatchStore()));
