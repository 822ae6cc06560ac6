import { mcpSessionStoreContract } from '../contracts/mcp-session-store.contract.js';
import { MemoryMcpSessionStore } from './memory-mcp-session-store.js';

mcpSessionStoreContract('MemoryMcpSessionStore', () => Promise.resolve(new MemoryMcpSessionStore()));
