import { authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_RESOURCE, oauthTestServices, pkcePair } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { checkAuthorizationRequest } from './authorization-request.js';
import { registerClient } from './register-client.js';

const { challenge } = pkcePair();

async function check(overrides: Record<string, string | null> = {}, extra: Record<string, string[]> = {}) {
  const services = await oauthTestServices();
  return checkAuthorizationRequest({ ...authorizationParams(challenge, overrides), ...extra }, services);
}

describe('checking an authorization request', () => {
  it('accepts the document client’s request: its name and site, the redirect, the PKCE challenge, the scopes, condor’s /mcp', async () => {
    const request = (await check())._unsafeUnwrap();
    expect(request).toEqual({
      client: { clientId: DOCUMENT_CLIENT_ID, source: 'metadata_document', name: 'Example Agent', site: 'client.example', redirectUris: [DOCUMENT_REDIRECT, 'http://127.0.0.1/callback'] },
      redirectUri: DOCUMENT_REDIRECT,
      state: 'state-123',
      codeChallenge: challenge,
      scopes: ['read', 'propose'],
      resource: OAUTH_RESOURCE,
    });
  });

  it('takes any port for the client’s loopback redirect, the client’s only redirect when none is named, no resource as condor’s /mcp', async () => {
    expect((await check({ redirect_uri: 'http://127.0.0.1:51999/callback' }))._unsafeUnwrap().redirectUri).toBe('http://127.0.0.1:51999/callback');
    expect((await check({ resource: null }))._unsafeUnwrap().resource).toBe(OAUTH_RESOURCE);
    const services = await oauthTestServices();
    const registered = (await registerClient({ redirect_uris: ['https://old.example/cb'], client_name: 'Old Client' }, services))._unsafeUnwrap();
    const request = await checkAuthorizationRequest(authorizationParams(challenge, { client_id: registered.client_id, redirect_uri: null }), services);
    expect(request._unsafeUnwrap()).toMatchObject({ redirectUri: 'https://old.example/cb', client: { source: 'registration', name: 'Old Client', site: null } });
  });

  it('asks for the known scopes only, and for read when none is named', async () => {
    expect((await check({ scope: 'trade offline_access read' }))._unsafeUnwrap().scopes).toEqual(['read', 'trade']);
    expect((await check({ scope: null }))._unsafeUnwrap().scopes).toEqual(['read']);
    expect((await check({ scope: 'openid profile' }))._unsafeUnwrap().scopes).toEqual(['read']);
  });

  it.each([
    ['an unknown client', { client_id: '0c1e0000-0000-4000-8000-00000000dead' }, 'invalid_client'],
    ['no client', { client_id: null }, 'invalid_request'],
    ['a document that cannot be fetched', { client_id: 'https://gone.example/client.json' }, 'invalid_client'],
    ['a redirect the client did not register', { redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
    ['a redirect that only starts like a registered one', { redirect_uri: `${DOCUMENT_REDIRECT}/more` }, 'invalid_request'],
    ['no redirect for a client with two', { redirect_uri: null }, 'invalid_request'],
  ])('shows the person, and redirects nowhere, for %s', async (_what, overrides, error) => {
    const refusal = (await check(overrides))._unsafeUnwrapErr();
    expect(refusal).toMatchObject({ kind: 'show', failure: { error } });
  });

  it('shows a repeated client_id or redirect_uri, and redirects a repeated anything else', async () => {
    expect((await check({}, { client_id: [DOCUMENT_CLIENT_ID, DOCUMENT_CLIENT_ID] }))._unsafeUnwrapErr().kind).toBe('show');
    expect((await check({}, { redirect_uri: [DOCUMENT_REDIRECT, DOCUMENT_REDIRECT] }))._unsafeUnwrapErr().kind).toBe('show');
    expect((await check({}, { scope: ['read', 'trade'] }))._unsafeUnwrapErr()).toMatchObject({ kind: 'redirect', failure: { error: 'invalid_request' } });
  });

  it.each([
    ['no PKCE', { code_challenge: null, code_challenge_method: null }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no PKCE method (plain by default)', { code_challenge_method: null }, 'invalid_request'],
    ['a challenge that is no S256 hash', { code_challenge: 'short' }, 'invalid_request'],
    ['a challenge with characters outside base64url', { code_challenge: `${'a'.repeat(42)}=` }, 'invalid_request'],
    ['the implicit flow', { response_type: 'token' }, 'unsupported_response_type'],
    ['another resource', { resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
    ['condor itself rather than its /mcp', { resource: 'https://condor.example' }, 'invalid_target'],
    ['a state that is too long', { state: 'x'.repeat(1001) }, 'invalid_request'],
  ])('sends %s back to the client’s redirect URI with the state', async (_what, overrides, error) => {
    const refusal = (await check(overrides))._unsafeUnwrapErr();
    expect(refusal).toMatchObject({ kind: 'redirect', failure: { error }, redirectUri: DOCUMENT_REDIRECT });
    if (error !== 'invalid_request' || !('state' in overrides)) expect(refusal).toMatchObject({ state: 'state-123' });
  });

  it.each([
    ['a client_id that is not the document’s URL', { client_id: 'https://client.example/other.json' }],
    ['no redirect_uris', { redirect_uris: [] }],
    ['an http redirect to another host', { redirect_uris: ['http://client.example/cb'] }],
    ['a client secret', { token_endpoint_auth_method: 'client_secret_basic' }],
    ['a secret in the document', { client_secret: 'shh' }],
  ])('refuses a metadata document with %s', async (_what, change) => {
    const services = await oauthTestServices();
    services.oauth.clientDocuments.set(DOCUMENT_CLIENT_ID, { client_id: DOCUMENT_CLIENT_ID, redirect_uris: [DOCUMENT_REDIRECT], ...change });
    const refusal = (await checkAuthorizationRequest(authorizationParams(challenge), services))._unsafeUnwrapErr();
    expect(refusal).toMatchObject({ kind: 'show', failure: { error: 'invalid_client' } });
  });
});
