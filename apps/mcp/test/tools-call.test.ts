import { createTestServices } from '@condor/testkit';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect, expectToolError, expectToolOk, PASSWORD, registerAndLogin } from './support.js';

describe('tools/call', () => {
  it('registers and logs in', async () => {
    const mcp = await connect(createTestServices());

    const user = expectToolOk(await mcp.call('register', { email: 'Ann@Example.com', password: PASSWORD }));
    expect(user).toMatchObject({ email: 'ann@example.com', tier: 'free' });
    const tokens = expectToolOk(await mcp.call('login', { email: 'ann@example.com', password: PASSWORD }));
    expect(tokens).toMatchObject({ token_type: 'Bearer', user: { email: 'ann@example.com' } });
  });

  it('answers a wrong password with the contract error, not a protocol error', async () => {
    const mcp = await connect(createTestServices());
    expectToolOk(await mcp.call('register', { email: 'ann@example.com', password: PASSWORD }));

    expectToolError(await mcp.call('login', { email: 'ann@example.com', password: 'wrong password!' }), 'INVALID_CREDENTIALS');
  });

  describe('session binding', () => {
    it('acts as the logged-in user without a Bearer token until logout ends the binding', async () => {
      const mcp = await connect(createTestServices());
      await registerAndLogin(mcp, 'ann@example.com');

      expect(expectToolOk(await mcp.call('logout'))).toEqual({ logged_out: true });
      // Logout cleared the binding and this server has no configured token: the call carries no credential at all.
      expectToolError(await mcp.call('logout'), 'UNAUTHORIZED');
    });

    it('moves the binding to the token refresh_session issues', async () => {
      const services = createTestServices();
      const bob = await connect(services);
      expectToolOk(await bob.call('register', { email: 'bob@example.com', password: PASSWORD }));
      const bobTokens = expectToolOk(await bob.call('login', { email: 'bob@example.com', password: PASSWORD }));
      const mcp = await connect(services);
      const annToken = await registerAndLogin(mcp, 'ann@example.com');

      expectToolOk(await mcp.call('refresh_session', { refresh_token: bobTokens.refresh_token }));
      expectToolOk(await mcp.call('logout'));

      bob.bearer = bobTokens.access_token as string;
      expectToolError(await bob.call('logout'), 'SESSION_INVALID');
      mcp.bearer = annToken;
      expectToolOk(await mcp.call('logout'));
    });

    it('lets a Bearer token take precedence over the binding', async () => {
      const mcp = await connect(createTestServices());
      await registerAndLogin(mcp, 'ann@example.com');

      mcp.bearer = 'not-a-token';
      expectToolError(await mcp.call('logout'), 'SESSION_INVALID');
      mcp.bearer = null;
      expectToolOk(await mcp.call('logout'));
    });
  });

  describe('credentials', () => {
    it('authenticates with an injected Bearer token, which is dead after logout', async () => {
      const services = createTestServices();
      const token = await registerAndLogin(await connect(services), 'ann@example.com');
      const mcp = await connect(services);

      expectToolError(await mcp.call('logout'), 'UNAUTHORIZED');
      mcp.bearer = token;
      expectToolOk(await mcp.call('logout'));
      expectToolError(await mcp.call('logout'), 'SESSION_INVALID');
    });

    it('falls back to the configured token (stdio) when there is no Bearer and no binding', async () => {
      const services = createTestServices();
      const token = await registerAndLogin(await connect(services), 'ann@example.com');
      const mcp = await connect(services, { credential: token });

      expectToolOk(await mcp.call('logout'));
      expectToolError(await mcp.call('logout'), 'SESSION_INVALID');
    });
  });

  describe('failures come back as isError results with the ErrorResult', () => {
    it('answers an unknown tool with NOT_FOUND', async () => {
      const mcp = await connect(createTestServices());

      const body = expectToolError(await mcp.call('place_order_now', { qty: 1 }), 'NOT_FOUND');
      expect(body.received).toEqual({ name: 'place_order_now' });
    });

    it('validates arguments itself: wrong types, bad emails, unknown and missing parameters', async () => {
      const mcp = await connect(createTestServices());

      expectToolError(await mcp.call('register', { email: 42, password: PASSWORD }), 'INVALID_EMAIL');
      expectToolError(await mcp.call('register', { email: 'not-an-email', password: PASSWORD }), 'INVALID_EMAIL');
      expectToolError(await mcp.call('register', { email: 'ann@example.com', password: 42 }), 'VALIDATION_ERROR');
      const unknown = expectToolError(
        await mcp.call('register', { email: 'ann@example.com', password: PASSWORD, tier: 'premium' }),
        'VALIDATION_ERROR',
      );
      expect(unknown.message).toContain('tier');
      expectToolError(await mcp.call('refresh_session'), 'VALIDATION_ERROR');
    });

    it.each([['a string', 'ann@example.com'], ['an array', [1, 2]], ['a number', 7]])(
      'answers arguments that are %s with our VALIDATION_ERROR, not a protocol error',
      async (_kind, args) => {
        const mcp = await connect(createTestServices());
        const malformed = { method: 'tools/call', params: { name: 'register', arguments: args } } as never;
        const result = await mcp.client.request(malformed, CallToolResultSchema);
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({ error: 'VALIDATION_ERROR', received: { arguments: args } });
      },
    );

    it('answers a tools/call without a tool name with NOT_FOUND', async () => {
      const mcp = await connect(createTestServices());
      const nameless = { method: 'tools/call', params: { arguments: {} } } as never;
      const result = await mcp.client.request(nameless, CallToolResultSchema);
      expect([result.isError, (result.structuredContent as { error: string }).error]).toEqual([true, 'NOT_FOUND']);
    });

    it('still answers unknown JSON-RPC methods with a protocol error', async () => {
      const mcp = await connect(createTestServices());
      await expect(mcp.client.request({ method: 'tools/explode' }, CallToolResultSchema)).rejects.toThrow(/-32601/);
    });

    it('never echoes a password', async () => {
      const mcp = await connect(createTestServices());

      const result = await mcp.call('register', { email: 'ann@example.com', password: 'short' });
      expectToolError(result, 'VALIDATION_ERROR');
      expect(JSON.stringify(result)).not.toContain('"short"');
    });
  });
});
