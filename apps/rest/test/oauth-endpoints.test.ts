import { approveAuthorization, authentication, checkAuthorizationRequest } from '@condor/core';
import { authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_ISSUER, OAUTH_PERSON, OAUTH_RESOURCE, oauthTestServices, pkcePair, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';

async function server() {
  const services = await oauthTestServices();
  const app = createApp(services);
  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
  return { services, app, form };
}

/** A code the person approved for the document client, and its verifier. */
async function approvedCode(services: TestServices, scope = 'read propose') {
  const { verifier, challenge } = pkcePair();
  const request = (await checkAuthorizationRequest(authorizationParams(challenge, { scope }), services))._unsafeUnwrap();
  const code = new URL((await approveAuthorization(request, OAUTH_PERSON.id, services))._unsafeUnwrap()).searchParams.get('code') ?? '';
  return { code, verifier };
}

const exchange = (code: string, verifier: string, overrides: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  code_verifier: verifier,
  client_id: DOCUMENT_CLIENT_ID,
  redirect_uri: DOCUMENT_REDIRECT,
  resource: OAUTH_RESOURCE,
  ...overrides,
});

describe('the OAuth discovery documents', () => {
  it('serves the authorization-server metadata: code + PKCE S256, public clients, CIMD and registration, iss', async () => {
    const { app } = await server();
    const response = await app.request('/.well-known/oauth-authorization-server');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({
      issuer: OAUTH_ISSUER,
      authorization_endpoint: `${OAUTH_ISSUER}/oauth/authorize`,
      token_endpoint: `${OAUTH_ISSUER}/oauth/token`,
      registration_endpoint: `${OAUTH_ISSUER}/oauth/register`,
      revocation_endpoint: `${OAUTH_ISSUER}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['read', 'propose', 'trade'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])('serves the protected-resource metadata of /mcp at %s', async (path) => {
    const { app } = await server();
    expect(await (await app.request(path)).json()).toMatchObject({ resource: OAUTH_RESOURCE, authorization_servers: [OAUTH_ISSUER], scopes_supported: ['read', 'propose', 'trade'] });
    const preflight = await app.request(path, { method: 'OPTIONS' });
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([204, 'GET']);
  });
});

describe('POST /oauth/register', () => {
  it('registers a public client (201, no secret) and refuses an unacceptable redirect URI in RFC 7591 words', async () => {
    const { app } = await server();
    const ok = await app.request('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:5000/cb'], client_name: 'CLI' }) });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ client_name: 'CLI', token_endpoint_auth_method: 'none' });
    const bad = await app.request('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }) });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'invalid_redirect_uri']);
    const notJson = await app.request('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
  });
});

describe('POST /oauth/token', () => {
  it('exchanges a code once for tokens bound to /mcp, never cached; a second exchange revokes them', async () => {
    const { services, form } = await server();
    const { code, verifier } = await approvedCode(services);
    const first = await form('/oauth/token', exchange(code, verifier));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const tokens = (await first.json()) as { access_token: string; refresh_token: string; scope: string; token_type: string };
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'read propose', expires_in: 900 });
    expect(services.tokens?.verify(tokens.access_token)).toMatchObject({ resource: OAUTH_RESOURCE, clientId: DOCUMENT_CLIENT_ID, scope: 'read propose' });
    const again = await form('/oauth/token', exchange(code, verifier));
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
    const refreshed = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: DOCUMENT_CLIENT_ID });
    expect([refreshed.status, ((await refreshed.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
  });

  it.each([
    ['a wrong verifier', { code_verifier: pkcePair().verifier }, 'invalid_grant'],
    ['another redirect URI', { redirect_uri: 'http://127.0.0.1:9/cb' }, 'invalid_grant'],
    ['no redirect URI', { redirect_uri: '' }, 'invalid_grant'],
    ['another client', { client_id: 'https://other.example/client.json' }, 'invalid_grant'],
    ['another resource', { resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
  ])('refuses %s without using the code up', async (_what, overrides, error) => {
    const { services, form } = await server();
    const { code, verifier } = await approvedCode(services);
    const refused = await form('/oauth/token', exchange(code, verifier, overrides));
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([400, error]);
    expect((await form('/oauth/token', exchange(code, verifier))).status).toBe(200);
  });

  it('rotates refresh tokens; a reused one revokes the grant, its newest tokens included', async () => {
    const { services, form } = await server();
    const accepted = async (token: string) => (await authentication(token, services)()).isOk();
    const { code, verifier } = await approvedCode(services);
    const first = (await (await form('/oauth/token', exchange(code, verifier))).json()) as { refresh_token: string };
    const second = (await (await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: DOCUMENT_CLIENT_ID })).json()) as { access_token: string; refresh_token: string };
    expect(await accepted(second.access_token)).toBe(true);
    const reuse = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: DOCUMENT_CLIENT_ID });
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
    expect(await accepted(second.access_token)).toBe(false);
    const after = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: DOCUMENT_CLIENT_ID });
    expect(((await after.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it.each([
    ['no grant type', {}, {}, 'invalid_request'],
    ['the password grant', { grant_type: 'password' }, {}, 'unsupported_grant_type'],
    ['client authentication', { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'c' }, { authorization: 'Basic YzpzZWNyZXQ=' }, 'invalid_client'],
  ])('refuses %s', async (_what, fields, headers, error) => {
    const { form } = await server();
    const refused = await form('/oauth/token', fields, headers);
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([400, error]);
  });

  it('refuses a repeated parameter and a JSON body', async () => {
    const { services, app } = await server();
    const { code, verifier } = await approvedCode(services);
    const body = `${new URLSearchParams(exchange(code, verifier)).toString()}&code=${code}`;
    const repeated = await app.request('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(((await repeated.json()) as { error: string }).error).toBe('invalid_request');
    const json = await app.request('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exchange(code, verifier)) });
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
  });
});

describe('POST /oauth/revoke', () => {
  it('ends the client’s grant with its refresh token (200, no body), and answers an unknown token the same', async () => {
    const { services, form } = await server();
    const { code, verifier } = await approvedCode(services);
    const tokens = (await (await form('/oauth/token', exchange(code, verifier))).json()) as { access_token: string; refresh_token: string };
    const revoked = await form('/oauth/revoke', { token: tokens.refresh_token, client_id: DOCUMENT_CLIENT_ID });
    expect([revoked.status, await revoked.text(), revoked.headers.get('cache-control')]).toEqual([200, '', 'no-store']);
    expect((await authentication(tokens.access_token, services)()).isErr()).toBe(true);
    expect((await form('/oauth/revoke', { token: 'made-up', client_id: DOCUMENT_CLIENT_ID })).status).toBe(200);
    const missing = await form('/oauth/revoke', { client_id: DOCUMENT_CLIENT_ID });
    expect([missing.status, ((await missing.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
  });
});
