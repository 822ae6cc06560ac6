import { browserSessionStoreContract } from '../contracts/index.js';
import { MemoryBrowserSessionStore } from './memory-browser-session-store.js';

browserSessionStoreContract('memory', () => Promise.resolve(new MemoryBrowserSessionStore()));
