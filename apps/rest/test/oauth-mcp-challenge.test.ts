import { approveAuthorization, checkAuthorizationRequest, exchangeCode } from '@condor/core';
import { authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_PERSON, oauthTestServices, pkcePair } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { McpHttpHandler } from '@condor/mcp';
import { createApp } from '../src/index.js';
import { withMcpChallenge } from '../src/oauth/mcp-challenge.js';

const METADATA = 'resource_metadata="https://condor.example/.well-known/oauth-protected-resource/mcp"';

async function gated(options: { everyRequest?: boolean } = {}) {
  const services = await oauthTestServices();
  const reached: string[] = [];
  const callers: (string | null)[] = [];
  const handler: McpHttpHandler = async (request, auth) => {
    reached.push(await request.text());
    // The handler gets the authentication the challenge started: one credential lookup per request.
    const caller = await auth.authenticated?.();
    callers.push(caller?.isOk() === true ? caller.value.userId : null);
    return Response.json({ jsonrpc: '2.0', id: 1, result: {} });
  };
  const app = createApp(services, { mcp: withMcpChallenge(handler, services, options) });
  const post = (body: unknown, bearer?: string) =>
    app.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }) }, body: JSON.stringify(body) });
  return { services, reached, callers, post };
}

const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

describe('the /mcp challenge', () => {
  it('lets discovery, listing, public tools and unknown tools through without a credential, the body intact', async () => {
    const { post, reached } = await gated();
    for (const body of [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, call('register'), call('login'), call('buy_the_dip'), [call('register')]]) {
      expect((await post(body)).status).toBe(200);
    }
    expect(reached.map((text) => JSON.parse(text) as unknown)).toHaveLength(5);
    expect(JSON.parse(reached[1] ?? '')).toEqual(call('register'));
  });

  it('answers a tool that needs a caller, without a credential, with 401 and the resource metadata', async () => {
    const { post, reached } = await gated();
    for (const body of [call('get_onboarding_status'), [call('register'), call('find_iron_condors')]]) {
      const response = await post(body);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`Bearer ${METADATA}`);
      expect(((await response.json()) as { error: string }).error).toBe('UNAUTHORIZED');
    }
    expect(reached).toEqual([]);
  });

  it('answers an unusable Bearer token on any request with 401 invalid_token', async () => {
    const { post, reached } = await gated();
    const response = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'not-a-token');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="https:\/\/condor\.example\/\.well-known\/oauth-protected-resource\/mcp"$/);
    expect(((await response.json()) as { error: string }).error).toBe('SESSION_INVALID');
    expect(reached).toEqual([]);
  });

  it('lets an OAuth token for /mcp through, and refuses it once its grant is revoked or for another resource', async () => {
    const { services, post, reached, callers } = await gated();
    const { verifier, challenge } = pkcePair();
    const request = (await checkAuthorizationRequest(authorizationParams(challenge), services))._unsafeUnwrap();
    const code = new URL((await approveAuthorization(request, OAUTH_PERSON.id, services))._unsafeUnwrap()).searchParams.get('code');
    const tokens = (await exchangeCode({ code, codeVerifier: verifier, clientId: DOCUMENT_CLIENT_ID, redirectUri: DOCUMENT_REDIRECT, resource: null }, services))._unsafeUnwrap();
    expect((await post(call('get_onboarding_status'), tokens.access_token)).status).toBe(200);
    expect(reached).toHaveLength(1);
    expect(callers).toEqual([OAUTH_PERSON.id]);
    const claims = services.tokens!.verify(tokens.access_token)!;
    const elsewhere = services.tokens!.sign({ ...claims, resource: 'https://elsewhere.example/mcp' });
    expect((await post(call('get_onboarding_status'), elsewhere)).status).toBe(401);
    await services.sessions.revokeFamily(claims.sid, services.clock.now());
    expect((await post(call('get_onboarding_status'), tokens.access_token)).status).toBe(401);
    expect(reached).toHaveLength(1);
  });

  it('answers every request without a credential when told to (CONDOR_MCP_AUTH=required), and still lets a credential through', async () => {
    const { services, post, reached } = await gated({ everyRequest: true });
    for (const body of [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, call('register'), { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }]) {
      const response = await post(body);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`Bearer ${METADATA}`);
    }
    expect(reached).toEqual([]);
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'not-a-token')).status).toBe(401);
    await services.sessions.createFamily({ id: 'fam-1', userId: OAUTH_PERSON.id, createdAt: services.clock.now(), revokedAt: null });
    const iat = Math.floor(services.clock.now() / 1000);
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, services.tokens!.sign({ sub: OAUTH_PERSON.id, sid: 'fam-1', iat, exp: iat + 60 }))).status).toBe(200);
    expect(reached).toHaveLength(1);
  });
});
