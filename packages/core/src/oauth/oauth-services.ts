import type { AuthorizationCodeStore } from '../ports/authorization-code-store.js';
import type { ClientMetadataDocuments } from '../ports/client-metadata-documents.js';
import type { CodeChallenges } from '../ports/code-challenges.js';
import type { OAuthClientStore } from '../ports/oauth-client-store.js';
import type { OAuthGrantStore } from '../ports/oauth-grant-store.js';

/** What condor's OAuth 2.1 authorization server reaches the outside through, besides the shared services. */
export interface OAuthServices {
  readonly clients: OAuthClientStore;
  readonly codes: AuthorizationCodeStore;
  readonly grants: OAuthGrantStore;
  readonly clientDocuments: ClientMetadataDocuments;
  readonly challenges: CodeChallenges;
}
