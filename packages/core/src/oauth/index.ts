/** condor's OAuth 2.1 authorization server for remote MCP clients (design §13). */
export type { OAuthServices } from './oauth-services.js';
export type { OAuthErrorCode, OAuthFailure } from './oauth-error.js';
export type { OAuthClient } from './oauth-client.js';
export { isClientIdUrl } from './client-id-url.js';
export { redirectUriProblem, redirectMatches } from './redirect-uri.js';
export { resolveClient } from './resolve-client.js';
export { DEFAULT_OAUTH_SCOPES, requestedScopes } from './requested-scopes.js';
export { issuerOf, oauthResource, resourceMetadataUrl } from './issuer.js';
export { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
export {
  AUTHORIZATION_PARAMETERS,
  checkAuthorizationRequest,
  type AuthorizationParams,
  type AuthorizationRefusal,
  type AuthorizationRequest,
} from './authorization-request.js';
export { AUTHORIZATION_CODE_TTL_MS, approveAuthorization, denyAuthorization, refusalRedirect } from './authorization-decision.js';
export { oauthRefreshDigest, type OAuthTokens } from './oauth-tokens.js';
export { exchangeCode, type CodeExchange } from './exchange-code.js';
export { refreshGrant, type RefreshRequest } from './refresh-grant.js';
export { revokeOAuthToken, type RevocationRequest } from './revoke-token.js';
export { registerClient, type ClientRegistration } from './register-client.js';
export { listConnectedClients, revokeConnectedClient, type ConnectedClient } from './connected-clients.js';
export type { AuthorizationCode, AuthorizationCodeStore } from '../ports/authorization-code-store.js';
export type { ClientMetadataDocuments, FetchedDocument } from '../ports/client-metadata-documents.js';
export type { CodeChallenges } from '../ports/code-challenges.js';
export type { OAuthClientStore, RegisteredClient } from '../ports/oauth-client-store.js';
export type { OAuthGrant, OAuthGrantStore } from '../ports/oauth-grant-store.js';
