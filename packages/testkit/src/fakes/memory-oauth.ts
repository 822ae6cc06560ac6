import type { OAuthServices } from '@condor/core';
import { FixtureClientDocuments } from './fixture-client-documents.js';
import { MemoryAuthorizationCodeStore } from './memory-authorization-code-store.js';
import { MemoryOAuthClientStore } from './memory-oauth-client-store.js';
import { MemoryOAuthGrantStore } from './memory-oauth-grant-store.js';
import { NodeCodeChallenges } from './node-code-challenges.js';

/** The OAuth services of the test services: in-memory stores, documents from a fixture table, real S256. */
export interface TestOAuthServices extends OAuthServices {
  readonly clientDocuments: FixtureClientDocuments;
}

export const memoryOAuthServices = (overrides: Partial<OAuthServices> = {}): TestOAuthServices =>
  ({
    clients: new MemoryOAuthClientStore(),
    codes: new MemoryAuthorizationCodeStore(),
    grants: new MemoryOAuthGrantStore(),
    clientDocuments: new FixtureClientDocuments(),
    challenges: new NodeCodeChallenges(),
    ...overrides,
  }) as TestOAuthServices;
