import { execute, type Scope } from '@condor/core';
import { createTestServices, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { answering, FORM_ELICITATION, humanServices, ordersOf, proposer } from './approval-world.js';
import { messagesOf, rawRequest } from './mcp-http.js';
import { CANDIDATE, tokenFor } from './trading-world.js';
import { connectHttp, connectStdioLike, ERAS, expectToolError, expectToolOk, httpHandlerFor, type Era } from './support.js';

/** An API key of the user behind `token`, made with create_api_key. */
async function keyFor(services: TestServices, token: string, scopes: readonly Scope[]): Promise<{ key: string; id: string }> {
  const created = await execute('create_api_key', { name: scopes.join('+'), scopes }, { services, credential: token, requestId: 'setup', batchKey: null });
  const value = created._unsafeUnwrap().value as { api_key: string; key: { api_key_id: string } };
  return { key: value.api_key, id: value.key.api_key_id };
}

async function reader(services: TestServices = createTestServices()) {
  const token = await tokenFor(services, 'ann@example.com');
  return { services, token, ...(await keyFor(services, token, ['read'])) };
}

const call = (era: Era, name: string, args: Record<string, unknown>) => rawRequest(era, 'tools/call', { name, arguments: args });

describe.each(ERAS)('an API key over Streamable HTTP, %s era', (era) => {
  it('works as Bearer with its scopes: a read key reads, and a proposal is FORBIDDEN naming the scope', async () => {
    const { services, key } = await reader();
    const mcp = await connectHttp(httpHandlerFor(services), era);
    mcp.bearer = key;
    expect(expectToolOk(await mcp.call('get_onboarding_status'))).toMatchObject({ complete: false });
    const refused = expectToolError(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }), 'FORBIDDEN');
    expect(refused).toMatchObject({ expected: "a credential with the 'propose' scope", received: { scopes: ['read'] } });
  });

  it('carries WWW-Authenticate insufficient_scope on the HTTP answer of a call refused for scope, and on no other', async () => {
    const { services, key, token } = await reader();
    const handler = httpHandlerFor(services);
    const auth = { credential: key, requestId: 'req-1', clientIp: '127.0.0.1' };
    const refused = await handler(call(era, 'confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }), auth);
    expect(refused.status).toBe(200);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="read trade", error_description="This call needs the 'trade' scope."`);
    expect((await messagesOf(refused))[0]?.result?.structuredContent).toMatchObject({ error: 'FORBIDDEN' });
    const cancel = await handler(call(era, 'positions', { action: 'cancel', order_id: 'o-1' }), auth);
    expect(cancel.headers.get('www-authenticate')).toContain('scope="read trade"');
    for (const [name, args, credential] of [
      ['positions', { action: 'orders' }, key],
      ['get_onboarding_status', {}, key],
      ['confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }, token],
      ['register', { email: 'bob@example.com', password: 'a long password 1' }, key],
    ] as const) {
      const answer = await handler(call(era, name, args), { ...auth, credential });
      expect([name, answer.headers.get('www-authenticate')]).toEqual([name, null]);
    }
  });

  it('looks the key up once per request, however many steps need the caller', async () => {
    const { services, key } = await reader();
    let lookups = 0;
    const find = services.apiKeys.findByDigest.bind(services.apiKeys);
    services.apiKeys.findByDigest = (digest) => {
      lookups += 1;
      return find(digest);
    };
    const handler = httpHandlerFor(services);
    await handler(call(era, 'propose_entry', { candidate: CANDIDATE, qty: 1 }), { credential: key, requestId: 'r', clientIp: null });
    expect(lookups).toBe(1);
    await handler(call(era, 'get_onboarding_status', {}), { credential: key, requestId: 'r', clientIp: null });
    expect(lookups).toBe(2);
  });

  it('is refused on the next request once revoked: SESSION_INVALID, and no scope challenge', async () => {
    const { services, key, id, token } = await reader();
    const mcp = await connectHttp(httpHandlerFor(services), era);
    mcp.bearer = key;
    expectToolOk(await mcp.call('get_onboarding_status'));
    await execute('revoke_api_key', { api_key_id: id }, { services, credential: token, requestId: 'r', batchKey: null });
    expect(expectToolError(await mcp.call('get_onboarding_status'), 'SESSION_INVALID').message).toBe('The API key was revoked.');
    const answer = await httpHandlerFor(services)(call(era, 'propose_entry', { candidate: CANDIDATE, qty: 1 }), { credential: key, requestId: 'r', clientIp: null });
    expect(answer.headers.get('www-authenticate')).toBeNull();
  });
});

describe('an API key as the connection credential (stdio, CONDOR_API_KEY)', () => {
  it('acts as its user on every call without a login; logout is refused, for a key is no session', async () => {
    const { services, key } = await reader();
    const mcp = await connectStdioLike(services, { credential: key });
    expect(expectToolOk(await mcp.call('get_onboarding_status'))).toMatchObject({ complete: false });
    expect(expectToolError(await mcp.call('logout'), 'BAD_REQUEST').see_tool).toBe('revoke_api_key');
    expectToolOk(await mcp.call('get_onboarding_status'));
    expectToolError(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }), 'FORBIDDEN');
  });
});

describe('the approval boundary with API keys', () => {
  const ASKING = [
    { era: 'modern' as const, via: 'http' as const },
    { era: 'legacy' as const, via: 'stdio' as const },
  ];

  it.each(ASKING)('a key with trade is asked like any caller ($era over $via): the person approves, one order is placed', async (where) => {
    const services = humanServices();
    const ann = await proposer(services);
    const { key } = await keyFor(services, ann.token, ['read', 'propose', 'trade']);
    const client =
      where.via === 'stdio' ? await connectStdioLike(services, { credential: key, capabilities: FORM_ELICITATION }) : await connectHttp(httpHandlerFor(services), where.era, FORM_ELICITATION);
    client.bearer = where.via === 'http' ? key : null;
    const asked = answering(client, { action: 'accept', content: { approve: true } });
    expectToolOk(await client.call('confirm_proposal', { proposal_id: ann.proposalId }));
    expect([asked.length, ordersOf(services, ann.userId)]).toEqual([1, 1]);
  });

  it('a key with every scope but no person answering still gets CONFIRM_BLOCKED: trade never approves', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const { key } = await keyFor(services, ann.token, ['read', 'propose', 'trade']);
    const agent = await connectHttp(httpHandlerFor(services), 'modern');
    agent.bearer = key;
    expectToolError(await agent.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED');
    expect(ordersOf(services, ann.userId)).toBe(0);
  });

  it('a key without trade is refused before anyone is asked', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const { key } = await keyFor(services, ann.token, ['read', 'propose']);
    const client = await connectStdioLike(services, { credential: key, capabilities: FORM_ELICITATION });
    const asked = answering(client, { action: 'accept', content: { approve: true } });
    expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'FORBIDDEN');
    expect([asked.length, ordersOf(services, ann.userId)]).toEqual([0, 0]);
  });
});
