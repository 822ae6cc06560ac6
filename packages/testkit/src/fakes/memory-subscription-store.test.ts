import { subscriptionStoreContract } from '../contracts/index.js';
import { MemorySubscriptionStore } from './memory-subscription-store.js';

subscriptionStoreContract('memory', () => Promise.resolve(new MemorySubscriptionStore()));
