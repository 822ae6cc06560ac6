import { SCOPES } from '../scopes/scopes.js';
import type { Services } from '../services.js';
import { issuerOf, oauthResource } from './issuer.js';

/**
 * condor's authorization server metadata (RFC 8414): code flow with PKCE S256 only, public clients, refresh
 * tokens and their revocation (RFC 7009), Client ID Metadata Documents and dynamic registration, `iss` in the
 * authorization response (RFC 9207).
 */
export function authorizationServerMetadata(services: Services): Record<string, unknown> {
  const issuer = issuerOf(services);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/docs`,
  };
}

/** The protected-resource metadata of `/mcp` (RFC 9728): condor is its own authorization server. */
export function protectedResourceMetadata(services: Services): Record<string, unknown> {
  return {
    resource: oauthResource(services),
    authorization_servers: [issuerOf(services)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'condor',
    resource_documentation: `${issuerOf(services)}/docs`,
  };
}
