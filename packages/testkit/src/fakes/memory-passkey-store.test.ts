import { passkeyStoreContract } from '../contracts/index.js';
import { MemoryPasskeyStore } from './memory-passkey-store.js';

passkeyStoreContract('memory', () => Promise.resolve(new MemoryPasskeyStore()));
