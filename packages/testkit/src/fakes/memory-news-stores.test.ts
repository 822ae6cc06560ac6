import { newsPreferenceStoreContract, newsStoreContract, newsStoreModelContract, pushDeviceStoreContract } from '../contracts/index.js';
import { MemoryNewsPreferenceStore, MemoryNewsStore, MemoryPushDeviceStore } from './memory-news-stores.js';

/** One memory store is every instance's: the handles share it, as instances share a database. */
const shared = (count: number): readonly MemoryNewsStore[] => Array<MemoryNewsStore>(count).fill(new MemoryNewsStore());

newsStoreContract('memory', (_, count) => Promise.resolve(shared(count)));
newsStoreModelContract('memory', (_, count) => Promise.resolve(shared(count)));
pushDeviceStoreContract('memory', () => Promise.resolve(new MemoryPushDeviceStore()));
newsPreferenceStoreContract('memory', () => Promise.resolve(new MemoryNewsPreferenceStore()));
