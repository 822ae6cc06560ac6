import { singleUseLinkStoreContract } from '../contracts/index.js';
import { MemorySingleUseLinkStore } from './memory-single-use-link-store.js';

singleUseLinkStoreContract('memory', () => Promise.resolve(new MemorySingleUseLinkStore()));
