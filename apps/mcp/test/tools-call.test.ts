import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { rawToolCall } from './mcp-http.js';
import { connectHttp, connectStdioLike, ERAS, expectToolError, expectToolOk, httpHandlerFor, PASSWORD, type Connected } from './support.js';

/** Registers `email` and logs it in over `via` (which must allow login); returns the issued access token. */
async function registerAndLogin(via: Connected, email: string): Promise<string> {
  expectToolOk(await via.call('register', { email, password: PASSWORD }));
  const tokens = expectToolOk(await via.call('login', { email, password: PASSWORD }));
  expect(typeof tokens.access_token).toBe('string');
  return tokens.access_token as string;
}

describe.each(ERAS)('tools/call over HTTP, %s era', (era) => {
  it('registers, and refuses login with BAD_REQUEST saying to send a Bearer token: HTTP has no session to bind', async () => {
    const mcp = await connectHttp(httpHandlerFor(createTestServices()), era);
    expect(expectToolOk(await mcp.call('register', { email: 'Ann@Example.com', password: PASSWORD }))).toMatchObject({
      email: 'ann@example.com',
      tier: 'free',
    });
    const refused = expectToolError(await mcp.call('login', { email: 'ann@example.com', password: PASSWORD }), 'BAD_REQUEST');
    expect(refused.message).toContain('no sessions');
    expect(refused.suggestion).toContain('Authorization: Bearer');
    expect(JSON.stringify(refused)).not.toContain(PASSWORD);
  });

  it('authenticates every request with its Bearer token, which is dead after logout', async () => {
    const services = createTestServices();
    const token = await registerAndLogin(await connectStdioLike(services), 'ann@example.com');
    const mcp = await connectHttp(httpHandlerFor(services), era);

    expectToolError(await mcp.call('get_onboarding_status'), 'UNAUTHORIZED');
    mcp.bearer = token;
    expectToolOk(await mcp.call('get_onboarding_status'));
    expectToolOk(await mcp.call('logout'));
    expectToolError(await mcp.call('get_onboarding_status'), 'SESSION_INVALID');
  });

  it('answers an unknown tool with NOT_FOUND and validates arguments itself', async () => {
    const mcp = await connectHttp(httpHandlerFor(createTestServices()), era);
    expect(expectToolError(await mcp.call('place_order_now', { qty: 1 }), 'NOT_FOUND').received).toEqual({ name: 'place_order_now' });
    expectToolError(await mcp.call('register', { email: 42, password: PASSWORD }), 'INVALID_EMAIL');
    expectToolError(await mcp.call('register', { email: 'ann@example.com', password: 42 }), 'VALIDATION_ERROR');
    const unknown = expectToolError(await mcp.call('register', { email: 'ann@example.com', password: PASSWORD, tier: 'premium' }), 'VALIDATION_ERROR');
    expect(unknown.message).toContain('tier');
    expectToolError(await mcp.call('refresh_session'), 'VALIDATION_ERROR');
    const short = await mcp.call('register', { email: 'ann@example.com', password: 'short' });
    expectToolError(short, 'VALIDATION_ERROR');
    expect(JSON.stringify(short)).not.toContain('"short"');
  });

  it.each([['a string', 'ann@example.com'], ['an array', [1, 2]], ['a number', 7], ['null', null]])(
    'answers arguments that are %s with our VALIDATION_ERROR, not a protocol error',
    async (_kind, args) => {
      const answer = await rawToolCall(httpHandlerFor(createTestServices()), era, { name: 'register', arguments: args });
      expect(answer.error).toBeUndefined();
      expect(answer.result?.isError).toBe(true);
      expect(answer.result?.structuredContent).toMatchObject({ error: 'VALIDATION_ERROR', received: { arguments: args } });
    },
  );

  it('answers a tools/call without a tool name with a protocol error, and unknown methods too', async () => {
    const handler = httpHandlerFor(createTestServices());
    expect((await rawToolCall(handler, era, { arguments: {} })).error?.code).toBe(-32602);
  });
});

describe('tools/call on a connection (stdio): login binds the connection', () => {
  it('acts as the logged-in user without a Bearer token until logout ends the binding', async () => {
    const mcp = await connectStdioLike(createTestServices());
    await registerAndLogin(mcp, 'ann@example.com');

    expectToolOk(await mcp.call('get_onboarding_status'));
    expect(expectToolOk(await mcp.call('logout'))).toEqual({ logged_out: true });
    // Logout cleared the binding and this server has no configured token: the call carries no credential at all.
    expectToolError(await mcp.call('logout'), 'UNAUTHORIZED');
  });

  it('answers a wrong password with the contract error, not a protocol error', async () => {
    const mcp = await connectStdioLike(createTestServices());
    expectToolOk(await mcp.call('register', { email: 'ann@example.com', password: PASSWORD }));
    expectToolError(await mcp.call('login', { email: 'ann@example.com', password: 'wrong password!' }), 'INVALID_CREDENTIALS');
  });

  it('moves the binding to the token refresh_session issues', async () => {
    const services = createTestServices();
    const bob = await connectStdioLike(services);
    expectToolOk(await bob.call('register', { email: 'bob@example.com', password: PASSWORD }));
    const bobTokens = expectToolOk(await bob.call('login', { email: 'bob@example.com', password: PASSWORD }));
    const ann = await connectStdioLike(services);
    await registerAndLogin(ann, 'ann@example.com');

    // Ann's connection now acts as Bob: its logout ends Bob's new session, so Bob's first token is dead too (rotation).
    expectToolOk(await ann.call('refresh_session', { refresh_token: bobTokens.refresh_token }));
    expect(expectToolOk(await ann.call('get_onboarding_status'))).toBeDefined();
    expectToolOk(await ann.call('logout'));
    expectToolError(await ann.call('logout'), 'UNAUTHORIZED');
  });

  it('ends the binding when the bound login ends elsewhere (logout over another connection)', async () => {
    const services = createTestServices();
    const mcp = await connectStdioLike(services);
    const token = await registerAndLogin(mcp, 'ann@example.com');
    const elsewhere = await connectHttp(httpHandlerFor(services), 'modern');
    elsewhere.bearer = token;
    expectToolOk(await elsewhere.call('logout'));

    const refused = expectToolError(await mcp.call('get_onboarding_status'), 'SESSION_INVALID');
    expect(refused.message).toContain('binding has ended');
    // The binding is gone, not merely refused: the next call carries no credential at all.
    expectToolError(await mcp.call('get_onboarding_status'), 'UNAUTHORIZED');
  });

  it('falls back to the configured token (CONDOR_MCP_TOKEN) when there is no binding', async () => {
    const services = createTestServices();
    const token = await registerAndLogin(await connectStdioLike(services), 'ann@example.com');
    const mcp = await connectStdioLike(services, { credential: token });

    expectToolOk(await mcp.call('logout'));
    expectToolError(await mcp.call('logout'), 'SESSION_INVALID');
  });
});
