import { workingOrderStoreContract } from '../contracts/index.js';
import { MemoryWorkingOrderStore } from './memory-working-order-store.js';

workingOrderStoreContract('memory', (count) => {
  const first = MemoryWorkingOrderStore.create();
  return Promise.resolve([first, ...Array.from({ length: count - 1 }, () => first.sharing())]);
});
