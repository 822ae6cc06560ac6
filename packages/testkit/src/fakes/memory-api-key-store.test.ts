import { apiKeyStoreContract } from '../contracts/index.js';
import { MemoryApiKeyStore } from './memory-api-key-store.js';

apiKeyStoreContract('memory', () => Promise.resolve(new MemoryApiKeyStore()));
