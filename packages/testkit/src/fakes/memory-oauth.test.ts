import { describe } from 'vitest';
import { authorizationCodeStoreContract } from '../contracts/authorization-code-store.contract.js';
import { oauthClientStoreContract } from '../contracts/oauth-client-store.contract.js';
import { oauthGrantStoreContract } from '../contracts/oauth-grant-store.contract.js';
import { MemoryAuthorizationCodeStore } from './memory-authorization-code-store.js';
import { MemoryOAuthClientStore } from './memory-oauth-client-store.js';
import { MemoryOAuthGrantStore } from './memory-oauth-grant-store.js';

describe('the in-memory OAuth stores', () => {
  oauthClientStoreContract('MemoryOAuthClientStore', () => Promise.resolve(new MemoryOAuthClientStore()));
  authorizationCodeStoreContract('MemoryAuthorizationCodeStore', () => Promise.resolve(new MemoryAuthorizationCodeStore()));
  oauthGrantStoreContract('MemoryOAuthGrantStore', () => Promise.resolve(new MemoryOAuthGrantStore()));
});
