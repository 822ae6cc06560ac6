import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_CORE_CONFIG, type Services } from '@condor/core';
import { createTestServices, type TestServices } from './test-services.js';

/** condor's public URL in the OAuth tests, and so its issuer; its MCP endpoint is the one resource. */
export const OAUTH_ISSUER = 'https://condor.example';
export const OAUTH_RESOURCE = `${OAUTH_ISSUER}/mcp`;
/** A client known by its Client ID Metadata Document, and where it wants codes sent. */
export const DOCUMENT_CLIENT_ID = 'https://client.example/oauth/client.json';
export const DOCUMENT_REDIRECT = 'https://client.example/oauth/callback';
/** The user the tests authorize clients for. */
export const OAUTH_PERSON = { id: '6f1c2d3e-0000-4000-8000-000000000001', email: 'ann@example.com' };

/** A PKCE pair: a fresh verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Test services with a public URL, one user and one client whose metadata document is served; override any part.
 *
 * @example const services = await oauthTestServices(); // then checkAuthorizationRequest(params, services)
 */
export async function oauthTestServices(overrides: Partial<Services> = {}): Promise<TestServices> {
  const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, publicUrl: OAUTH_ISSUER }, ...overrides });
  await services.users.insert({ id: OAUTH_PERSON.id, email: OAUTH_PERSON.email, passwordHash: 'unused', createdAt: services.clock.now() });
  services.oauth.clientDocuments.set(DOCUMENT_CLIENT_ID, {
    client_id: DOCUMENT_CLIENT_ID,
    client_name: 'Example Agent',
    redirect_uris: [DOCUMENT_REDIRECT, 'http://127.0.0.1/callback'],
    token_endpoint_auth_method: 'none',
  });
  return services;
}

/** The query of an authorization request of the document client, each parameter once; override or drop (null) any. */
export function authorizationParams(challenge: string, overrides: Readonly<Record<string, string | null>> = {}): Record<string, string[]> {
  const base: Record<string, string | null> = {
    response_type: 'code',
    client_id: DOCUMENT_CLIENT_ID,
    redirect_uri: DOCUMENT_REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    scope: 'read propose',
    resource: OAUTH_RESOURCE,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== null).map(([k, v]) => [k, [v]]));
}
