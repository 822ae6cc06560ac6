import { authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_PERSON, OAUTH_RESOURCE, oauthTestServices, pkcePair, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../accounts/authenticate.js';
import { execute } from '../operations/execute.js';
import { approveAuthorization, denyAuthorization } from './authorization-decision.js';
import { checkAuthorizationRequest } from './authorization-request.js';
import { listConnectedClients, revokeConnectedClient } from './connected-clients.js';
import { exchangeCode } from './exchange-code.js';
import { refreshGrant } from './refresh-grant.js';

/** Authorizes the document client for the person with `scope` and redeems the code. */
async function connect(services: TestServices, scope = 'read propose trade') {
  const { verifier, challenge } = pkcePair();
  const request = (await checkAuthorizationRequest(authorizationParams(challenge, { scope }), services))._unsafeUnwrap();
  const code = new URL((await approveAuthorization(request, OAUTH_PERSON.id, services))._unsafeUnwrap()).searchParams.get('code');
  return (await exchangeCode({ code, codeVerifier: verifier, clientId: DOCUMENT_CLIENT_ID, redirectUri: DOCUMENT_REDIRECT, resource: OAUTH_RESOURCE }, services))._unsafeUnwrap();
}

describe('OAuth tokens', () => {
  it('binds the access token to condor’s /mcp, the granted scopes and the client; the refresh token is stored as a digest only', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services, 'read propose');
    expect(services.tokens?.verify(tokens.access_token)).toMatchObject({ sub: OAUTH_PERSON.id, scope: 'read propose', resource: OAUTH_RESOURCE, clientId: DOCUMENT_CLIENT_ID });
    expect(JSON.stringify(services.sessions)).not.toContain(tokens.refresh_token);
    expect(JSON.stringify(services.oauth.codes)).not.toContain(tokens.refresh_token);
    expect((await authenticate(tokens.access_token, services)).isOk()).toBe(true);
    expect(await services.news.recent(OAUTH_PERSON.id, 5)).toEqual([]);
  });

  it('mails its person security news when an app is given the trade scope, with nothing of the tokens in it', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services, 'read propose trade');
    const told = await services.news.recent(OAUTH_PERSON.id, 5);
    expect(told.map((n) => [n.news.kind, n.news.title, n.news.path])).toEqual([['security', 'An app was given the trade scope: “Example Agent”', '/oauth/connections']]);
    expect(JSON.stringify(told)).not.toContain(tokens.refresh_token);
    expect(JSON.stringify(told)).not.toContain(tokens.access_token);
  });

  it('is refused by authenticate when condor’s public URL changes (the token names another resource)', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services);
    const moved = { ...services, config: { ...services.config, publicUrl: 'https://elsewhere.example' } };
    expect((await authenticate(tokens.access_token, moved))._unsafeUnwrapErr().code).toBe('SESSION_INVALID');
  });

  it('keeps OAuth and password-session refresh tokens apart: neither grant takes the other’s', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services);
    const viaSession = await execute('refresh_session', { refresh_token: tokens.refresh_token }, { services, credential: null, requestId: 't', batchKey: null });
    expect(viaSession._unsafeUnwrapErr().body.error).toBe('SESSION_INVALID');
    expect((await refreshGrant({ refreshToken: tokens.refresh_token, clientId: DOCUMENT_CLIENT_ID, scope: null, resource: null }, services)).isOk()).toBe(true);
  });

  it('narrows a refreshed access token to the scopes asked, never widens it, and checks the resource', async () => {
    const services = await oauthTestServices();
    const first = await connect(services, 'read propose');
    const narrowed = (await refreshGrant({ refreshToken: first.refresh_token, clientId: DOCUMENT_CLIENT_ID, scope: 'read', resource: OAUTH_RESOURCE }, services))._unsafeUnwrap();
    expect(narrowed.scope).toBe('read');
    expect(services.tokens?.verify(narrowed.access_token)?.scope).toBe('read');
    const wider = await refreshGrant({ refreshToken: narrowed.refresh_token, clientId: DOCUMENT_CLIENT_ID, scope: 'read trade', resource: null }, services);
    expect(wider._unsafeUnwrapErr().error).toBe('invalid_scope');
    const elsewhere = await refreshGrant({ refreshToken: narrowed.refresh_token, clientId: DOCUMENT_CLIENT_ID, scope: null, resource: 'https://elsewhere.example/mcp' }, services);
    expect(elsewhere._unsafeUnwrapErr().error).toBe('invalid_target');
    // Neither refusal used the token up.
    expect((await refreshGrant({ refreshToken: narrowed.refresh_token, clientId: DOCUMENT_CLIENT_ID, scope: null, resource: null }, services))._unsafeUnwrap().scope).toBe('read propose');
  });

  it('lists connected clients by name and scopes, and lets only their person revoke them', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services, 'read');
    const [listed] = (await listConnectedClients(OAUTH_PERSON.id, services))._unsafeUnwrap();
    expect(listed).toMatchObject({ client_id: DOCUMENT_CLIENT_ID, client_name: 'Example Agent', scopes: ['read'], resource: OAUTH_RESOURCE });
    expect((await revokeConnectedClient('6f1c2d3e-0000-4000-8000-0000000000ff', listed!.connection_id, services))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
    expect((await authenticate(tokens.access_token, services)).isOk()).toBe(true);
    expect((await revokeConnectedClient(OAUTH_PERSON.id, listed!.connection_id, services)).isOk()).toBe(true);
    expect((await authenticate(tokens.access_token, services)).isErr()).toBe(true);
    expect((await listConnectedClients(OAUTH_PERSON.id, services))._unsafeUnwrap()).toEqual([]);
    expect((await revokeConnectedClient(OAUTH_PERSON.id, 'nope', services))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
  });

  it('records when a connected client last used its access, to the minute', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services, 'read');
    const lastUse = async () => (await listConnectedClients(OAUTH_PERSON.id, services))._unsafeUnwrap()[0]?.last_used_at;
    expect(await lastUse()).toBeNull();
    const first = services.clock.now();
    expect((await authenticate(tokens.access_token, services)).isOk()).toBe(true);
    expect(await lastUse()).toBe(new Date(first).toISOString());
    services.clock.advance(30_000);
    expect((await authenticate(tokens.access_token, services)).isOk()).toBe(true);
    expect(await lastUse()).toBe(new Date(first).toISOString());
    services.clock.advance(30_000);
    expect((await authenticate(tokens.access_token, services)).isOk()).toBe(true);
    expect(await lastUse()).toBe(new Date(first + 60_000).toISOString());
  });

  it('grants the scopes the person left ticked, never one not asked, and not none', async () => {
    const services = await oauthTestServices();
    const request = (await checkAuthorizationRequest(authorizationParams(pkcePair().challenge, { scope: 'read propose' }), services))._unsafeUnwrap();
    const scopeOf = async (granted: readonly ('read' | 'propose' | 'trade')[]) => {
      const code = new URL((await approveAuthorization(request, OAUTH_PERSON.id, services, granted))._unsafeUnwrap()).searchParams.get('code') ?? '';
      return (await services.oauth.codes.find(services.digest.sha256(code)))?.scope;
    };
    expect(await scopeOf(['propose'])).toBe('propose');
    expect(await scopeOf(['read', 'trade'])).toBe('read');
    expect((await approveAuthorization(request, OAUTH_PERSON.id, services, ['trade']))._unsafeUnwrapErr().code).toBe('VALIDATION_ERROR');
  });

  it('sends a denial back as access_denied with the state and the issuer', async () => {
    const services = await oauthTestServices();
    const request = (await checkAuthorizationRequest(authorizationParams(pkcePair().challenge), services))._unsafeUnwrap();
    const location = new URL(denyAuthorization(request, services));
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'access_denied', state: 'state-123', iss: 'https://condor.example' });
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses a code exchange without PKCE, with a malformed verifier, or without a signing key', async () => {
    const services = await oauthTestServices();
    const base = { code: 'c', codeVerifier: 'v'.repeat(43), clientId: DOCUMENT_CLIENT_ID, redirectUri: DOCUMENT_REDIRECT, resource: null };
    expect((await exchangeCode({ ...base, codeVerifier: null }, services))._unsafeUnwrapErr().error).toBe('invalid_request');
    expect((await exchangeCode({ ...base, codeVerifier: 'short' }, services))._unsafeUnwrapErr().error).toBe('invalid_request');
    expect((await exchangeCode(base, services))._unsafeUnwrapErr().error).toBe('invalid_grant');
    expect((await exchangeCode(base, { ...services, tokens: null }))._unsafeUnwrapErr().error).toBe('server_error');
  });
});
