import { brokerLinkStoreContract } from '../contracts/index.js';
import { MemoryBrokerLinkStore } from './memory-broker-link-store.js';

brokerLinkStoreContract('memory', () => Promise.resolve(new MemoryBrokerLinkStore()));
