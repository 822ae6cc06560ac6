import { approveAuthorization, checkAuthorizationRequest, execute } from '@condor/core';
import { authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_PERSON, OAUTH_RESOURCE, oauthTestServices, pkcePair, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { httpHandlerFor } from '../../mcp/test/support.js';
import { createApp } from '../src/index.js';
import { withMcpChallenge } from '../src/oauth/mcp-challenge.js';

/** The app as the composition root builds it: `/v1`, the OAuth endpoints, and the real `/mcp` behind its challenge. */
async function server() {
  const services = await oauthTestServices();
  const app = createApp(services, { mcp: withMcpChallenge(httpHandlerFor(services), services) });
  const get = (path: string, bearer: string) => app.request(path, { headers: { authorization: `Bearer ${bearer}` } });
  return { services, app, get };
}

/** An access token from the token endpoint, as a remote MCP client gets one: a code for `/mcp`, exchanged with PKCE. */
async function oauthToken(services: TestServices, app: Awaited<ReturnType<typeof server>>['app']): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const request = (await checkAuthorizationRequest(authorizationParams(challenge, { scope: 'read propose trade' }), services))._unsafeUnwrap();
  const code = new URL((await approveAuthorization(request, OAUTH_PERSON.id, services))._unsafeUnwrap()).searchParams.get('code') ?? '';
  const fields = { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: DOCUMENT_CLIENT_ID, redirect_uri: DOCUMENT_REDIRECT, resource: OAUTH_RESOURCE };
  const response = await app.request('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A password session's access token of the same person (what `login` hands out). */
async function sessionToken(services: TestServices): Promise<string> {
  await services.sessions.createFamily({ id: 'fam-password', userId: OAUTH_PERSON.id, createdAt: services.clock.now(), revokedAt: null });
  const iat = Math.floor(services.clock.now() / 1000);
  return services.tokens!.sign({ sub: OAUTH_PERSON.id, sid: 'fam-password', iat, exp: iat + 900 });
}

const mcpCall = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

describe('an OAuth access token is good only for the resource it was issued for (RFC 8707)', () => {
  it('is refused at /v1 with 401 SESSION_INVALID and an invalid_token challenge, whatever the route', async () => {
    const { services, app } = await server();
    const token = await oauthToken(services, app);
    expect(services.tokens?.verify(token)).toMatchObject({ resource: OAUTH_RESOURCE, clientId: DOCUMENT_CLIENT_ID });
    for (const [method, path] of [['GET', '/v1/subscription'], ['GET', '/v1/onboarding'], ['POST', '/v1/subscription'], ['DELETE', '/v1/sessions/current']] as const) {
      const refused = await app.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect([method, path, refused.status]).toEqual([method, path, 401]);
      const body = (await refused.json()) as { error: string; message: string };
      expect(body.error).toBe('SESSION_INVALID');
      expect(body.message).toContain(OAUTH_RESOURCE);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="[^"]+"$/);
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
    // Refused, not ended: the same token still works where it was issued for.
    const mcp = await app.request('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify(mcpCall('get_subscription')),
    });
    expect(mcp.status).toBe(200);
    expect(await mcp.text()).toContain('"tier\\":\\"free\\"');
  });

  it('leaves the credentials of /v1 as they are: a password session and an API key read /v1/subscription', async () => {
    const { services, get } = await server();
    const session = await sessionToken(services);
    const created = await execute('create_api_key', { name: 'script', scopes: ['read'] }, { services, credential: session, requestId: 'setup', batchKey: null });
    const apiKey = (created._unsafeUnwrap().value as { api_key: string }).api_key;
    for (const credential of [session, apiKey]) {
      const answer = await get('/v1/subscription', credential);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('www-authenticate')).toBeNull();
      expect(await answer.json()).toMatchObject({ tier: 'free' });
    }
  });

  it('lets the public operations through with one in the header, as any credential', async () => {
    const { services, app } = await server();
    const token = await oauthToken(services, app);
    const answer = await app.request('/v1/users', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bob@example.com', password: 'a long password 1' }),
    });
    expect(answer.status).toBe(200);
  });
});
