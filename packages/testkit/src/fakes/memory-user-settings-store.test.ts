import { userSettingsStoreContract } from '../contracts/index.js';
import { MemoryUserSettingsStore } from './memory-user-settings-store.js';

userSettingsStoreContract('memory', () => Promise.resolve(new MemoryUserSettingsStore()));
